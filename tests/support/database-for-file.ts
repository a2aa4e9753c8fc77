import { afterAll } from "vitest";
import { closeTestDatabase, createTestDatabase } from "./test-db";

/**
 * A fresh database for the test file that calls this at its top level, closed after its last test. Vitest runs
 * afterAll hooks newest first, so a file's own clean-up (which may still write to the database) runs before this.
 */
export async function databaseForThisFile() {
  const handle = await createTestDatabase();
  afterAll(() => closeTestDatabase(handle));
  return { handle, db: handle.db };
}
