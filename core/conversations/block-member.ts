import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { memberBlocks } from "#db/schema/conversations.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";

export const CANNOT_BLOCK_YOURSELF = "You can't block yourself.";
export const MEMBER_TO_BLOCK_NOT_FOUND = "Member not found";

/**
 * A member blocks another: from now on neither can message the other nor propose a swap to them (either way).
 * Blocking someone already blocked changes nothing. Their threads stay, read-only.
 */
export async function blockMember(
  deps: { db: Db; clock: Clock },
  { blockerId, blockedId }: { blockerId: string; blockedId: string },
): Promise<void> {
  if (blockerId === blockedId) throw new AppError("VALIDATION", CANNOT_BLOCK_YOURSELF);
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
  if (!member) throw new AppError("NOT_FOUND", MEMBER_TO_BLOCK_NOT_FOUND);
  await deps.db
    .insert(memberBlocks)
    .values({ blockerId, blockedId, createdAt: deps.clock.now() })
    .onConflictDoNothing({ target: [memberBlocks.blockerId, memberBlocks.blockedId] });
}
