import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { recordThreadEvent } from "../conversations/record-thread-event";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { isPublicListing } from "../listings/public-listings";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUniqueViolation } from "../shared/sql-errors";
import { MAX_COUNTER_ROUNDS, MAX_OFFERED_LISTINGS, MAX_WANTED_LISTINGS } from "./bundle-limits";
import { dealItemsOf, writeDealItems } from "./deal-items";
import { listOfIds } from "./propose-swap";
import { proposalMessageSchema, PROPOSAL_EXPIRY_HOURS } from "./swap-schema";
import {
  lockSwapAsParty,
  offerAnswerer,
  refuseUnlessBothActive,
  refuseUnlessOpen,
  YOUR_OWN_OFFER,
} from "./swap-guards";

export const NO_MORE_COUNTERS = `This offer has been countered ${MAX_COUNTER_ROUNDS} times: accept it or decline it`;
export const COUNTER_UNCHANGED = "Your counter-offer is the same as the offer: change at least one listing";
export const COUNTER_KEEPS_LISTING = "The listing this offer is about stays in it";
export const COUNTER_GIVE_NOTHING = "Choose at least one of your listings to give";
export const COUNTER_GIVE_UNAVAILABLE = "One of the listings you give is not available";
export const COUNTER_GET_UNAVAILABLE = "One of the listings you ask for is not available";
export const COUNTER_CLASHES = "You already have another pending offer for the same two listings";
export const COUNTER_TOO_MANY_FROM_PROPOSER = `The member who proposed can give up to ${MAX_OFFERED_LISTINGS} listings`;
export const COUNTER_TOO_MANY_FROM_RECEIVER = `The member the offer was made to can give up to ${MAX_WANTED_LISTINGS} listings`;

/**
 * The party a pending offer was made to answers it with another set of listings instead of accepting or declining
 * (issue 29, decision 103): swap a listing, add one or take one away, on either side, within the bundle limits
 * (the proposer gives up to 3, the receiver up to 2). The listing the proposal was first made for stays in it (the
 * deal's thread is about it). The same proposal carries the new set: the other party now answers it, its 48 hours
 * start again, and the thread says what changed. At most 5 counters in all.
 *
 * `give` are the actor's own listings, `get` the other party's; both are checked against the listings as stored.
 */
export async function counterSwap(
  deps: { db: Db; clock: Clock; env?: { APP_URL: string } },
  input: { swapId: string; actorId: string; give: unknown; get: unknown; message?: unknown },
): Promise<{ round: number; role: "proposer" | "receiver" }> {
  const give = [...new Set(listOfIds(input.give, "give", COUNTER_GIVE_UNAVAILABLE))];
  const get = [...new Set(listOfIds(input.get, "get", COUNTER_GET_UNAVAILABLE))];
  const message = proposalMessageSchema.safeParse(input.message ?? null);
  if (!message.success) throw new AppError("VALIDATION", message.error.issues[0].message, { field: "message" });
  if (give.length === 0) throw new AppError("VALIDATION", COUNTER_GIVE_NOTHING, { field: "give" });
  const now = deps.clock.now();

  try {
    const countered = await deps.db.transaction(async (tx) => {
      // The swap's lock queues this behind an accept or another counter of the same swap.
      const swap = await lockSwapAsParty(tx, { swapId: input.swapId, actorId: input.actorId });
      refuseUnlessOpen(swap, now);
      if (offerAnswerer(swap) !== input.actorId) throw new AppError("FORBIDDEN", YOUR_OWN_OFFER);
      if (swap.counterRound >= MAX_COUNTER_ROUNDS) throw new AppError("CONFLICT", NO_MORE_COUNTERS);
      await refuseUnlessBothActive(tx, swap);

      const actorIsProposer = input.actorId === swap.proposerId;
      const otherId = actorIsProposer ? swap.receiverId : swap.proposerId;
      // The deal from the proposer's side, as it is stored.
      const deal = { offered: actorIsProposer ? give : get, wanted: actorIsProposer ? get : give };
      if (!deal.wanted.includes(swap.targetListingId))
        throw new AppError("VALIDATION", COUNTER_KEEPS_LISTING, { field: actorIsProposer ? "get" : "give" });
      // The listing the offer is about leads its side, as on the proposal.
      deal.wanted = [swap.targetListingId, ...deal.wanted.filter((id) => id !== swap.targetListingId)];
      if (deal.offered.length === 0)
        throw new AppError("VALIDATION", actorIsProposer ? COUNTER_GIVE_NOTHING : COUNTER_GET_UNAVAILABLE, {
          field: actorIsProposer ? "give" : "get",
        });
      if (deal.offered.length > MAX_OFFERED_LISTINGS)
        throw new AppError("VALIDATION", COUNTER_TOO_MANY_FROM_PROPOSER, { field: actorIsProposer ? "give" : "get" });
      if (deal.wanted.length > MAX_WANTED_LISTINGS)
        throw new AppError("VALIDATION", COUNTER_TOO_MANY_FROM_RECEIVER, { field: actorIsProposer ? "get" : "give" });

      // Every listing public and its side's owner's, read under a share lock (in id order, as accepting locks them).
      const ids = [...deal.offered, ...deal.wanted];
      const rows = await tx
        .select({
          id: listings.id,
          ownerId: listings.userId,
          isPublic: sql<boolean>`coalesce(${isPublicListing()}, false)`,
        })
        .from(listings)
        .leftJoin(profiles, eq(profiles.userId, listings.userId))
        .where(inArray(listings.id, ids))
        .orderBy(listings.id)
        .for("share", { of: listings });
      const ok = (id: string, ownerId: string) => rows.some((r) => r.id === id && r.ownerId === ownerId && r.isPublic);
      if (!give.every((id) => ok(id, input.actorId)))
        throw new AppError("VALIDATION", COUNTER_GIVE_UNAVAILABLE, { field: "give" });
      if (!get.every((id) => ok(id, otherId)))
        throw new AppError("VALIDATION", COUNTER_GET_UNAVAILABLE, { field: "get" });

      const before = (await dealItemsOf(tx, [swap.id])).get(swap.id) ?? { offered: [], wanted: [] };
      const same = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));
      if (same(before.offered, deal.offered) && same(before.wanted, deal.wanted))
        throw new AppError("VALIDATION", COUNTER_UNCHANGED, { field: "give" });

      const next = swap.counterRound + 1;
      const [changed] = await tx
        .update(swapProposals)
        .set({
          offeredListingId: deal.offered[0],
          offerById: input.actorId,
          counterRound: next,
          // A new offer: a fresh 48 hours to answer it, and its own note (or none).
          expiresAt: new Date(now.getTime() + PROPOSAL_EXPIRY_HOURS * 60 * 60 * 1000),
          message: message.data,
          updatedAt: now,
        })
        .where(and(eq(swapProposals.id, swap.id), eq(swapProposals.status, "pending")))
        .returning();
      await writeDealItems(tx, swap.id, deal);

      // The thread keeps the history: what each round offered, by title, as it was then.
      const titles = await tx
        .select({ id: listings.id, title: listings.title })
        .from(listings)
        .where(inArray(listings.id, ids));
      const titleOf = (id: string) => titles.find((t) => t.id === id)?.title ?? "a listing";
      await recordThreadEvent(tx, {
        swap: changed,
        kind: "countered",
        actorId: input.actorId,
        payload: {
          round: next,
          gives: give.map(titleOf),
          gets: get.map(titleOf),
        },
        now,
      });
      await recordEvent(tx, { kind: "swap.countered", subjectId: swap.id, payload: { actorId: input.actorId } });
      return { round: next, role: actorIsProposer ? ("proposer" as const) : ("receiver" as const) };
    });
    await deliverAfterCommit(deps);
    return countered;
  } catch (error) {
    // The proposer's other pending offer for the same two listings (the one-pending-per-pair index).
    if (isUniqueViolation(error, "swap_proposals_one_pending_per_pair_idx"))
      throw new AppError("CONFLICT", COUNTER_CLASHES);
    throw error;
  }
}
