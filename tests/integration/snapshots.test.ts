import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { createSnapshot } from "#core/snapshots/create-snapshot.ts";
import { findSnapshots } from "#core/snapshots/find-snapshots.ts";
import { PG_DUMP_MISSING, snapshotDirectory } from "#core/snapshots/snapshot-files.ts";
import type { StaffActor } from "#core/staff/pass-staff-gate.ts";
import { type DbHandle, openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { snapshots } from "#db/schema/ops.ts";
import { acquireDataLock } from "#server/data-lock.ts";
import { createListing, createMember, staffActor } from "../support/factories";
import { refusal } from "../support/swap-fixtures";
import { createTestDatabase } from "../support/test-db";

// 'Snapshot Before Deploy' and `npm run snapshot:restore`: a snapshot, a change, a restore, and the data is back.
// On PGlite the database is file-backed (a snapshot copies its data directory); on PostgreSQL it is the test
// file's own database (pg_dump and pg_restore --clean replace it whole).

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-snapshots-"));
let handle: DbHandle & { url?: string };
if (postgres) {
  handle = await createTestDatabase();
} else {
  handle = await openDatabase({ dataDir });
  await migrate(handle);
}
afterAll(async () => {
  await handle.close().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Each run of the command starts tsx cold (several seconds on a machine busy with the browser journeys).
const CLI_TEST_TIMEOUT = 120_000;

const restoreCli = (id: string, extraEnv: Record<string, string> = {}) =>
  spawnSync("npx", ["tsx", "server/cli/snapshot-restore.ts", id], {
    encoding: "utf8",
    env: {
      ...process.env,
      LOG_LEVEL: "silent",
      NODE_ENV: "development",
      DATA_DIR: dataDir,
      DATABASE_URL: handle.url ?? "",
      ...extraEnv,
    },
  });

async function staff(): Promise<StaffActor> {
  const member = await createMember(handle.db, { name: "Avery Admin" });
  return staffActor(member, ["admin"]);
}

describe("snapshots", () => {
  test(
    "a snapshot, a change, a restore: the data is back, and every snapshot is listed again",
    async () => {
      const actor = await staff();
      const owner = await createMember(handle.db, { name: "Olive Owner" });
      const kept = await createListing(handle.db, owner.id, { title: "Canoe as it was" });
      const now = new Date();

      const { id, sizeBytes } = await createSnapshot(handle.db, {
        actor,
        kind: handle.kind,
        dataDir,
        databaseUrl: handle.url,
        now,
      });
      expect(id).toMatch(/^snap-\d{8}-\d{6}-[0-9a-f]{4}$/);
      expect(sizeBytes).toBeGreaterThan(1000);
      const file = path.join(snapshotDirectory(dataDir), `${id}${postgres ? ".dump" : ".tar.gz"}`);
      expect(fs.statSync(file).size).toBe(sizeBytes);
      expect((await findSnapshots(handle.db)).map((s) => s.id)).toContain(id);
      const [audit] = await handle.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
      expect(audit).toMatchObject({ action: "create_snapshot", adminId: actor.userId, targetType: "system" });
      expect(audit.metadata).toMatchObject({ snapshot_id: id, size_bytes: sizeBytes });

      // After the snapshot: a change and a new listing, then a second snapshot (taken after the first).
      await handle.db.update(listings).set({ title: "Canoe changed later" }).where(eq(listings.id, kept));
      const added = await createListing(handle.db, owner.id, { title: "Added after the snapshot" });
      const later = await createSnapshot(handle.db, {
        actor,
        kind: handle.kind,
        dataDir,
        databaseUrl: handle.url,
        now: new Date(now.getTime() + 2000),
      });

      // The embedded database is restored with the app stopped: close it first.
      if (!postgres) await handle.close();
      const restored = restoreCli(id);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`Restored ${id}.`);
      if (!postgres) handle = await openDatabase({ dataDir });

      const [canoe] = await handle.db.select().from(listings).where(eq(listings.id, kept));
      expect(canoe.title).toBe("Canoe as it was");
      expect(await handle.db.select().from(listings).where(eq(listings.id, added))).toHaveLength(0);
      // Both snapshots are still listed (the table came back from before either was recorded).
      const listed = (await findSnapshots(handle.db)).map((s) => s.id);
      expect(listed).toEqual(expect.arrayContaining([id, later.id]));
    },
    CLI_TEST_TIMEOUT,
  );

  test(
    "the command refuses an unknown snapshot and one of the other kind of database",
    async () => {
      const unknown = restoreCli("snap-20000101-000000-abcd");
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain("is not in");
      const usage = restoreCli("../../etc/passwd");
      expect(usage.status).toBe(2);
    },
    CLI_TEST_TIMEOUT,
  );

  test.skipIf(postgres)(
    "on the embedded database the command refuses while the app holds the data directory",
    async () => {
      const [{ id }] = await handle.db.select({ id: snapshots.id }).from(snapshots).limit(1);
      const release = acquireDataLock(dataDir);
      try {
        const result = restoreCli(id);
        expect(result.status).toBe(1);
        expect(result.stderr).toContain("is already using the data directory");
      } finally {
        release();
      }
    },
    CLI_TEST_TIMEOUT,
  );

  test.skipIf(!postgres)(
    "without pg_dump on the server: the spec's failure with a clear reason, no file, no row",
    async () => {
      const actor = await staff();
      const before = await handle.db.select().from(snapshots);
      const files = fs.readdirSync(snapshotDirectory(dataDir)).length;
      const path_ = process.env.PATH;
      process.env.PATH = "/nonexistent";
      try {
        expect(
          await refusal(
            createSnapshot(handle.db, { actor, kind: "postgres", dataDir, databaseUrl: handle.url, now: new Date() }),
          ),
        ).toEqual({ code: "INTERNAL", message: PG_DUMP_MISSING });
      } finally {
        process.env.PATH = path_;
      }
      expect(await handle.db.select().from(snapshots)).toHaveLength(before.length);
      expect(fs.readdirSync(snapshotDirectory(dataDir))).toHaveLength(files);
    },
  );
});
