import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversations, type ThreadEventKind } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { publishLive } from "../live/publish-live";
import { markThreadWaiting } from "./advance-read-pointer";

/** The swap an event line is about, as the swap use cases hold it. */
export type ThreadSwap = { id: string; targetListingId: string; proposerId: string; receiverId: string };

/** These lines make the swap the thread's deal (the one whose fees decide what is masked). */
const TAKES_THE_DEAL: readonly ThreadEventKind[] = ["proposal", "accepted"];

/**
 * Puts a line in the thread of a swap's listing and proposer ("proposal sent", "accepted", "paid", "review"), opening
 * the thread if the two never wrote: the swap use cases call it in their own transaction, so the line is there
 * exactly when the change is. `actorId` is who did it (NULL for what nobody did, a lapse); `payload` what the line
 * shows besides (a rating). Returns the thread's id.
 */
export async function recordThreadEvent(
  tx: Db,
  {
    swap,
    kind,
    actorId,
    payload = {},
    now,
  }: { swap: ThreadSwap; kind: ThreadEventKind; actorId: string | null; payload?: Record<string, unknown>; now: Date },
): Promise<string> {
  const [listing] = await tx
    .select({ title: listings.title })
    .from(listings)
    .where(eq(listings.id, swap.targetListingId));
  const takesDeal = TAKES_THE_DEAL.includes(kind);
  const [thread] = await tx
    .insert(conversations)
    .values({
      listingId: swap.targetListingId,
      listingTitle: listing.title,
      askerId: swap.proposerId,
      ownerId: swap.receiverId,
      swapId: swap.id,
      createdAt: now,
      lastMessageAt: now,
    })
    .onConflictDoUpdate({
      target: [conversations.listingId, conversations.askerId],
      set: {
        lastMessageAt: now,
        swapId: takesDeal ? swap.id : sql`coalesce(${conversations.swapId}, excluded.swap_id)`,
      },
    })
    .returning();
  const [line] = await tx
    .insert(conversationMessages)
    .values({
      conversationId: thread.id,
      senderId: actorId,
      kind: "event",
      eventKind: kind,
      eventPayload: { swapId: swap.id, ...payload },
      createdAt: now,
    })
    .returning();
  await tx.update(conversations).set({ lastSeq: line.seq }).where(eq(conversations.id, thread.id));
  const members = [thread.askerId, thread.ownerId].filter((userId) => userId !== actorId);
  await markThreadWaiting(tx, { conversationId: thread.id, userIds: members, now });
  await publishLive(tx, { t: "line", to: [thread.askerId, thread.ownerId], c: thread.id, s: line.seq });
  return thread.id;
}
