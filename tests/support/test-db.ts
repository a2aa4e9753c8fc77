import crypto from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { type DbHandle, openDatabase, openPgliteFromDump } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { queryServer } from "./pg-server";

let migratedDump: Promise<Blob> | undefined;

/** A migrated PGlite data directory, made once per worker and copied into each test database. */
function pgliteDump(): Promise<Blob> {
  migratedDump ??= (async () => {
    const handle = await openDatabase({ url: "memory://" });
    await migrate(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await handle.close();
    return dump as Blob;
  })();
  return migratedDump;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again by `close`).
 */
export async function createTestDatabase(): Promise<DbHandle & { kind: "pglite" | "postgres"; url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openPgliteFromDump(await pgliteDump());

  const name = `swapshed_test_${crypto.randomBytes(6).toString("hex")}`;
  // A copy of the run's migrated template (tests/support/postgres-template.ts) when there is one.
  const template = process.env.TEST_DATABASE_TEMPLATE;
  await queryServer(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  // Dropping the database with (force) ends sockets the pool is still closing: expected, not an error.
  handle.pool?.on("error", () => {});
  if (!template) await migrate(handle);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await queryServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Closes a test database. test-db's close() drops a PostgreSQL database WITH (FORCE) as soon as
 * pool.end() resolves, which is before the pool's sockets have closed; the server then terminates them
 * (57P01) and, with no listener, the pool's 'error' event becomes an unhandled error after the tests passed.
 */
export async function closeTestDatabase(handle: {
  pool?: { on: (event: "error", listener: () => void) => unknown };
  close: () => Promise<void>;
}) {
  handle.pool?.on("error", () => {});
  await handle.close();
}
