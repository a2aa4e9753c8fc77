import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";

export type Readiness = { ready: true } | { ready: false; reason: "database" | "migrations" };

/**
 * Ready to take traffic: the database answers within the time budget and has applied every migration this
 * build knows (a newer one, from a newer build already rolling out, counts as current).
 */
export async function checkReadiness(
  db: Db,
  { latestMigrationMillis, timeoutMs = 2000 }: { latestMigrationMillis: number; timeoutMs?: number },
): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    const answer = await Promise.race([
      db.execute(sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`),
      timeout,
    ]);
    if (answer === "timeout") return { ready: false, reason: "database" };
    const rows = ("rows" in answer ? answer.rows : answer) as { latest: string | null }[];
    const latest = Number(rows[0]?.latest ?? 0);
    return latest >= latestMigrationMillis ? { ready: true } : { ready: false, reason: "migrations" };
  } catch {
    return { ready: false, reason: "database" };
  } finally {
    clearTimeout(timer);
  }
}
