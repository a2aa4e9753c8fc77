// A second app process over the same database: on PostgreSQL its own connection pool (as another process or
// machine would have), on PGlite the same single connection (the embedded database is one process by design).
import { afterAll } from "vitest";
import { type DbHandle, openDatabase } from "#db/client.ts";
import { createTestDatabase } from "./test-db";

export async function openSecondHandle(handle: DbHandle): Promise<DbHandle> {
  if (handle.kind !== "postgres" || !handle.pool) return { ...handle, close: async () => {} };
  const url = (handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  const second = await openDatabase({ url });
  second.pool?.on("error", () => {});
  return second;
}

/** A test file's database with a second process's handle on it, both closed after the file (the second first). */
export async function createTwoProcessDatabase() {
  const handle = await createTestDatabase();
  const second = await openSecondHandle(handle);
  afterAll(async () => {
    await second.close();
    await handle.close();
  });
  return { handle, db: handle.db, second };
}
