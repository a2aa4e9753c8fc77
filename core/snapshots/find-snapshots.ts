import { desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { snapshots } from "#db/schema/ops.ts";

/** The newest snapshots with who took them, for the Tools page (and the Settings page's backup figures). */
export async function findSnapshots(db: Db, { limit = 20 }: { limit?: number } = {}) {
  return db
    .select({
      id: snapshots.id,
      createdAt: snapshots.createdAt,
      sizeBytes: snapshots.sizeBytes,
      path: snapshots.path,
      takenBy: users.name,
    })
    .from(snapshots)
    .leftJoin(users, eq(users.id, snapshots.createdBy))
    .orderBy(desc(snapshots.createdAt), desc(snapshots.id))
    .limit(limit);
}
