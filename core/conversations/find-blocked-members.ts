import { desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { memberBlocks } from "#db/schema/conversations.ts";
import { profiles } from "#db/schema/profiles.ts";
import { memberName } from "./thread-columns";

export type BlockedMember = { id: string; name: string; blockedAt: Date };

/** The members this member has blocked, the latest first: what My Account lists with an Unblock button each. */
export async function findBlockedMembers(db: Db, { userId }: { userId: string }): Promise<BlockedMember[]> {
  return db
    .select({ id: memberBlocks.blockedId, name: memberName(users, profiles), blockedAt: memberBlocks.createdAt })
    .from(memberBlocks)
    .innerJoin(users, eq(users.id, memberBlocks.blockedId))
    .leftJoin(profiles, eq(profiles.userId, memberBlocks.blockedId))
    .where(eq(memberBlocks.blockerId, userId))
    .orderBy(desc(memberBlocks.createdAt), desc(memberBlocks.blockedId));
}
