import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "#db/client.ts";
import { snapshots } from "#db/schema/ops.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import type { StaffActor } from "../staff/pass-staff-gate";
import { dumpDatabase, snapshotDirectory, snapshotFileName } from "./snapshot-files";

/** e.g. snap-20261125-153012-7f3a: sortable by time, unique even for two snapshots in one second. */
export function snapshotId(now: Date) {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `snap-${stamp}-${crypto.randomBytes(2).toString("hex")}`;
}

/**
 * 'Snapshot Before Deploy': a real copy of the database on disk, then its row in `snapshots` and the audit row
 * (`create_snapshot`) in one transaction. If recording fails the file is removed: no snapshot nobody can see.
 */
export async function createSnapshot(
  db: Database,
  {
    actor,
    kind,
    dataDir,
    databaseUrl,
    now,
  }: { actor: StaffActor; kind: "pglite" | "postgres"; dataDir: string; databaseUrl?: string; now: Date },
) {
  const id = snapshotId(now);
  const fileName = snapshotFileName(id, kind);
  const file = path.join(snapshotDirectory(dataDir), fileName);
  const sizeBytes = await dumpDatabase(db, { kind, databaseUrl, file });
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(snapshots)
        .values({ id, createdAt: now, createdBy: actor.userId, path: fileName, sizeBytes, note: kind });
      await recordAdminAction(tx, {
        actorId: actor.userId,
        action: "create_snapshot",
        targetType: "system",
        targetId: id,
        metadata: { snapshot_id: id, size_bytes: sizeBytes, database: kind },
        ip: actor.ip,
        userAgent: actor.userAgent,
      });
    });
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
  return { id, sizeBytes };
}
