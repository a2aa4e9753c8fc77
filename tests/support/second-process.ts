// A second app process over the same database: on PostgreSQL its own connection pool (as another process or
// machine would have), on PGlite the same single connection (the embedded database is one process by design).
import { type DbHandle, openDatabase } from "../../db/client";

export async function openSecondHandle(handle: DbHandle): Promise<DbHandle> {
  if (handle.kind !== "postgres" || !handle.pool) return { ...handle, close: async () => {} };
  const url = (handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  const second = await openDatabase({ url });
  second.pool?.on("error", () => {});
  return second;
}
