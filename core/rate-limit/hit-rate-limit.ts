import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number; count: number };

/**
 * Counts one attempt against `key` in a fixed window and says whether it is allowed.
 * One atomic upsert, so concurrent requests and several app processes share one count.
 */
export async function hitRateLimit(
  db: Db,
  { key, limit, windowSeconds, now }: { key: string; limit: number; windowSeconds: number; now: Date },
): Promise<RateLimitResult> {
  const windowStartCutoff = new Date(now.getTime() - windowSeconds * 1000);
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${now.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStartCutoff.toISOString()} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStartCutoff.toISOString()} then excluded.window_start else rate_limits.window_start end
    returning count, window_start`);
  const row = ("rows" in result ? result.rows : result)[0] as { count: number; window_start: string | Date };
  const windowStart = new Date(row.window_start);
  const resetsAt = windowStart.getTime() + windowSeconds * 1000;
  const count = Number(row.count);
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - now.getTime()) / 1000)),
    count,
  };
}
