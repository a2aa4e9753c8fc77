import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversations } from "#db/schema/conversations.ts";
import { raiseSignal } from "./raise-signal";
import { describeWording, findScamWording, wordingScore } from "./scam-wording";

/** What of a listing is read for scam wording: its title, and its description and wants. */
export function wordingOf(listing: { title: string; description: string; wants?: string | null }) {
  return { title: listing.title, text: `${listing.description}\n${listing.wants ?? ""}` };
}

/**
 * A listing's title, description and wants read against the scam wording table when it is listed or edited, in
 * that transaction: one signal per listing (an edit updates it), holding the listing when the score is high.
 */
export async function checkListingWording(
  tx: Db,
  {
    listingId,
    userId,
    title,
    text,
    now,
  }: { listingId: string; userId: string; title: string; text: string; now: Date },
) {
  const matches = findScamWording(`${title}\n${text}`);
  if (matches.length === 0) return null;
  return raiseSignal(tx, {
    kind: "scam_wording",
    userId,
    listingId,
    score: wordingScore(matches),
    explanation: `Payment-scam wording in listing "${title}": ${describeWording(matches)}.`,
    details: { patterns: matches.map((m) => m.rule.id), quotes: matches.map((m) => m.quote) },
    dedupeKey: `scam_wording:listing:${listingId}`,
    holds: "listing",
    now,
  });
}

/**
 * A message read against the same table as it is sent, in its transaction: one signal per sender per thread (a
 * repeat updates it), holding the sender (flagged) when the score is high. The message itself goes through.
 */
export async function checkMessageWording(
  tx: Db,
  {
    conversationId,
    messageId,
    userId,
    body,
    now,
  }: { conversationId: string; messageId: string; userId: string; body: string; now: Date },
) {
  const matches = findScamWording(body);
  if (matches.length === 0) return null;
  const [thread] = await tx
    .select({ listingId: conversations.listingId, listingTitle: conversations.listingTitle })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  const listingId = thread?.listingId ?? null;
  const listingTitle = thread?.listingTitle ?? null;
  const about = listingTitle ? ` about "${listingTitle}"` : "";
  return raiseSignal(tx, {
    kind: "scam_wording",
    userId,
    listingId,
    score: wordingScore(matches),
    explanation: `Payment-scam wording in a message${about}: ${describeWording(matches)}.`,
    details: {
      conversationId,
      messageId,
      patterns: matches.map((m) => m.rule.id),
      quotes: matches.map((m) => m.quote),
    },
    dedupeKey: `scam_wording:message:${conversationId}:${userId}`,
    holds: "member",
    now,
  });
}
