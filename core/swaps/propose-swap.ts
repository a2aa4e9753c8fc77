import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { BLOCKED_PAIR_PROPOSAL, refuseIfBlocked } from "../conversations/member-blocks";
import { recordThreadEvent } from "../conversations/record-thread-event";
import { isPublicListing } from "../listings/public-listings";
import { isUuid } from "../shared/ids";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { describeIssues } from "../shared/describe-issues";
import { isUniqueViolation } from "../shared/sql-errors";
import { hitMemberLimit, MemberLimitError, recordMemberLimitRefusal } from "../rate-limit/member-limits";
import { checkFarProposals } from "../trust/check-far-proposals";
import { MAX_OFFERED_LISTINGS, MAX_WANTED_LISTINGS, writeDealItems } from "./deal-items";
import { PROPOSAL_EXPIRY_HOURS, proposeSwapSchema } from "./swap-schema";

export const OFFERED_NOT_AVAILABLE = "The listing you offered is not available";
export const TARGET_NOT_AVAILABLE = "This listing is no longer available";
export const OWN_LISTING = "You cannot propose a swap on your own listing";
export const ALREADY_PROPOSED = "You already have a pending proposal for this listing";
export const TOO_MANY_OFFERED = `You can offer up to ${MAX_OFFERED_LISTINGS} of your listings in one swap`;
export const TOO_MANY_WANTED = `You can ask for up to ${MAX_WANTED_LISTINGS} of their listings in one swap`;
export const WANTED_NOT_AVAILABLE = "One of the other listings you asked for is not available";

/** The listings and message as sent (a form's text, or an API client's JSON values): proposeSwapSchema checks them. */
export type ProposeSwapInput = {
  proposerId: string;
  targetListingId: unknown;
  offeredListingId: unknown;
  /** A bundle (decision 103): more of the proposer's listings, and more of the receiver's, beside the two above. */
  moreOffered?: unknown;
  moreWanted?: unknown;
  message?: unknown;
};

/**
 * A member offers one of their own active listings for someone else's public listing, or a bundle: up to 3 of
 * theirs for up to 2 of the other member's (decision 103). The server decides everything else: the receiver is the
 * target's owner as stored, never what the browser says, and every listing asked for must be that member's.
 */
export async function proposeSwap(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  input: ProposeSwapInput,
): Promise<{ id: string }> {
  const parsed = proposeSwapSchema.safeParse(input);
  if (!parsed.success) {
    const { fields, first } = describeIssues(parsed.error);
    throw new AppError("VALIDATION", first, { field: Object.keys(fields)[0] });
  }
  const { targetListingId, offeredListingId, message } = parsed.data;
  if (!isUuid(targetListingId)) throw new AppError("NOT_FOUND", TARGET_NOT_AVAILABLE);
  if (!isUuid(offeredListingId)) throw new AppError("VALIDATION", OFFERED_NOT_AVAILABLE, { field: "offeredListingId" });
  const deal = {
    offered: [
      offeredListingId,
      ...listOfIds(input.moreOffered, "moreOffered", OFFERED_NOT_AVAILABLE, TOO_MANY_OFFERED),
    ],
    wanted: [targetListingId, ...listOfIds(input.moreWanted, "moreWanted", WANTED_NOT_AVAILABLE, TOO_MANY_WANTED)],
  };
  deal.offered = [...new Set(deal.offered)];
  deal.wanted = [...new Set(deal.wanted)];
  if (deal.offered.length > MAX_OFFERED_LISTINGS)
    throw new AppError("VALIDATION", TOO_MANY_OFFERED, { field: "moreOffered" });
  if (deal.wanted.length > MAX_WANTED_LISTINGS)
    throw new AppError("VALIDATION", TOO_MANY_WANTED, { field: "moreWanted" });
  const now = deps.clock.now();

  try {
    const proposed = await deps.db.transaction(async (tx) => {
      // Share-lock both listings, in id order like acceptSwap: an accept that reserves either one either
      // commits first (and we see it reserved) or waits for us (and then rejects this proposal too).
      const rows = await tx
        .select({
          id: listings.id,
          ownerId: listings.userId,
          status: listings.status,
          isPublic: sql<boolean>`coalesce(${isPublicListing()}, false)`,
        })
        .from(listings)
        .leftJoin(profiles, eq(profiles.userId, listings.userId))
        .where(inArray(listings.id, [...deal.offered, ...deal.wanted]))
        .orderBy(listings.id)
        .for("share", { of: listings });
      const target = rows.find((r) => r.id === targetListingId);
      const offered = rows.find((r) => r.id === offeredListingId);

      if (!target?.isPublic) throw new AppError("NOT_FOUND", TARGET_NOT_AVAILABLE);
      if (target.ownerId === input.proposerId) throw new AppError("FORBIDDEN", OWN_LISTING);
      // A blocked pair (whoever blocked whom) cannot deal: no proposal, so no mail to the one who blocked.
      await refuseIfBlocked(tx, input.proposerId, target.ownerId, BLOCKED_PAIR_PROPOSAL);
      if (!offered || offered.ownerId !== input.proposerId || !offered.isPublic) {
        throw new AppError("VALIDATION", OFFERED_NOT_AVAILABLE, { field: "offeredListingId" });
      }
      // The rest of a bundle: the proposer's own public listings, and more of the same receiver's.
      const isPublicOf = (id: string, ownerId: string) =>
        rows.some((r) => r.id === id && r.ownerId === ownerId && r.isPublic);
      if (!deal.offered.every((id) => isPublicOf(id, input.proposerId)))
        throw new AppError("VALIDATION", OFFERED_NOT_AVAILABLE, { field: "offeredListingId" });
      if (!deal.wanted.every((id) => isPublicOf(id, target.ownerId)))
        throw new AppError("VALIDATION", WANTED_NOT_AVAILABLE, { field: "moreWanted" });
      // A valid offer counts against the member's limits; over one, the owner gets no e-mail and nothing is stored.
      const limits = { db: tx, clock: deps.clock };
      await hitMemberLimit(limits, { userId: input.proposerId, action: "propose_swap" }, { recordRefusal: false });
      await hitMemberLimit(
        limits,
        { userId: input.proposerId, action: "propose_swap_on_listing", scope: targetListingId },
        { recordRefusal: false },
      );

      const [row] = await tx
        .insert(swapProposals)
        .values({
          targetListingId,
          offeredListingId,
          proposerId: input.proposerId,
          receiverId: target.ownerId,
          message,
          status: "pending",
          // From the clock, not the column default, so that expiry follows the product's idea of time.
          expiresAt: new Date(now.getTime() + PROPOSAL_EXPIRY_HOURS * 60 * 60 * 1000),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await writeDealItems(tx, row.id, deal);
      // The receiver hears of it (proposal_received) once this commits.
      await recordEvent(tx, { kind: "swap.proposed", subjectId: row.id });
      // The proposal opens (or continues) the pair's thread about the listing, and becomes its deal.
      await recordThreadEvent(tx, { swap: row, kind: "proposal", actorId: input.proposerId, now });
      // A new account proposing on listings far apart in a short time is a signal for staff (decision 098).
      await checkFarProposals(tx, { userId: input.proposerId, now });
      return { id: row.id };
    });
    await deliverAfterCommit(deps);
    return proposed;
  } catch (error) {
    // The refusal rolled back with the transaction; its security event is written now, outside it.
    if (error instanceof MemberLimitError) await recordMemberLimitRefusal(deps.db, input.proposerId, error);
    // The partial unique index is the real guard: two identical proposals sent at once cannot both land.
    if (isUniqueViolation(error, "swap_proposals_one_pending_per_pair_idx")) {
      throw new AppError("CONFLICT", ALREADY_PROPOSED);
    }
    throw error;
  }
}

/**
 * A bundle's extra listing ids as sent: a form's repeated field or a JSON array of strings (absent or empty: none).
 * More than 5 is refused as too many (`tooMany`, else `message`) before any is read; anything that is not an id is
 * refused with the side's own message.
 */
export function listOfIds(value: unknown, field: string, message: string, tooMany = message): string[] {
  if (value === undefined || value === null || value === "") return [];
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 5) throw new AppError("VALIDATION", tooMany, { field });
  const ids = list.filter((v) => v !== "");
  if (!ids.every((v): v is string => typeof v === "string" && isUuid(v.trim())))
    throw new AppError("VALIDATION", message, { field });
  return ids.map((v) => v.trim());
}
