import fs from "node:fs";
import { inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { snapshots } from "#db/schema/ops.ts";
import { snapshotDirectory } from "./snapshot-files";

const SNAPSHOT_FILE = /^(snap-\d{8}-\d{6}-[0-9a-f]{4})\.(tar\.gz|dump)$/;

/**
 * After a restore the `snapshots` table is as it was when that snapshot was taken: it lists neither the snapshot
 * itself nor any taken later. The files are still on disk, so list them again (time from the id, size from the
 * file), and every snapshot stays restorable from the Tools page's list.
 */
export async function registerSnapshotFiles(db: Db, { dataDir }: { dataDir: string }): Promise<string[]> {
  const dir = snapshotDirectory(dataDir);
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .map((name) => ({ name, match: SNAPSHOT_FILE.exec(name) }))
    .filter((f): f is { name: string; match: RegExpExecArray } => f.match !== null);
  if (files.length === 0) return [];
  const known = new Set(
    (
      await db
        .select({ id: snapshots.id })
        .from(snapshots)
        .where(
          inArray(
            snapshots.id,
            files.map((f) => f.match[1]),
          ),
        )
    ).map((r) => r.id),
  );
  const missing = files.filter((f) => !known.has(f.match[1]));
  for (const { name, match } of missing) {
    const [, stamp] = /^snap-(\d{8}-\d{6})/.exec(match[1]) ?? [];
    const createdAt = new Date(
      `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
    );
    await db
      .insert(snapshots)
      .values({
        id: match[1],
        createdAt,
        path: name,
        sizeBytes: fs.statSync(`${dir}/${name}`).size,
        note: match[2] === "dump" ? "postgres" : "pglite",
      })
      .onConflictDoNothing();
  }
  return missing.map((f) => f.match[1]);
}
