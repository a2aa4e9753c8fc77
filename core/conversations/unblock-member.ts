import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { memberBlocks } from "#db/schema/conversations.ts";

/**
 * A member lifts their own block (from My Account). Only their own: a block the other member made stays. Lifting
 * a block that is not there changes nothing.
 */
export async function unblockMember(db: Db, { blockerId, blockedId }: { blockerId: string; blockedId: string }) {
  await db
    .delete(memberBlocks)
    .where(and(eq(memberBlocks.blockerId, blockerId), eq(memberBlocks.blockedId, blockedId)));
}
