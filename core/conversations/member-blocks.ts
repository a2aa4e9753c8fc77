import { and, eq, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { memberBlocks } from "#db/schema/conversations.ts";
import { AppError } from "../shared/app-error";

/** Said to either member of a blocked pair, whoever blocked whom: it names no one and accuses no one. */
export const BLOCKED_PAIR = "You can't message this member.";
export const BLOCKED_PAIR_PROPOSAL = "You can't propose a swap to this member.";

/** Whether either of two members has blocked the other. The guard every use case between two members calls. */
export async function isBlockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)),
        and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Throws FORBIDDEN with `message` when either member has blocked the other. */
export async function refuseIfBlocked(db: Db, a: string, b: string, message = BLOCKED_PAIR): Promise<void> {
  if (await isBlockedBetween(db, a, b)) throw new AppError("FORBIDDEN", message);
}
