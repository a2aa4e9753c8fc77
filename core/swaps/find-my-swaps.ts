import { and, asc, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { type ListingImage, listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { type SwapStatus, swapProposalItems, swapProposals } from "#db/schema/swaps.ts";
import { afterRow, pageOf } from "../shared/keyset-cursor";
import { isUuid } from "../shared/ids";

export type SwapRole = "proposer" | "receiver";
export type SwapListing = {
  id: string;
  title: string;
  images: ListingImage[];
  valueMin: number;
  valueMax: number;
  /** Whether this member can open the listing's page (the rule of find-listing.ts), so the card links it. */
  viewable: boolean;
};
/** A bundle's further listing, as a card line names it. */
export type BundleListing = { id: string; title: string; valueMin: number; valueMax: number };
/** The other party's contact details: only ever present once both fees are settled (arranging or completed). */
export type SwapContact = { name: string; email: string; phone: string | null; location: string | null };

export type SwapCard = {
  id: string;
  status: SwapStatus;
  message: string | null;
  rejectionReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  /** Accepted swaps: both fees by then, or the swap lapses. */
  paymentDueAt: Date | null;
  completedAt: Date | null;
  /** When both fees were settled (or waived) and the swap became "arranging". */
  handshakeAt: Date | null;
  /** How it became completed: both pressed "We've swapped", or the quiet week after the handshake passed. */
  completedHow: "confirmed" | "timed_out" | null;
  /** Each side's "We've swapped", from this member's side. */
  iSwappedAt: Date | null;
  theySwappedAt: Date | null;
  proposerPaid: boolean;
  receiverPaid: boolean;
  myRole: SwapRole;
  iPaid: boolean;
  theyPaid: boolean;
  /** Swap payments were switched off when it was accepted: no fee was due (waived payment rows). */
  feesWaived: boolean;
  /**
   * The other party: their picture (shown beside their name, as on a listing), and, once the swap is accepted,
   * whether they gave a phone number (never the number itself before completion): the payer is told when only an
   * e-mail address will be shared (N17), and whether that phone was confirmed by a text code (decision 095).
   */
  otherParty: {
    id: string;
    name: string;
    avatarUrl: string | null;
    hasPhone: boolean | null;
    phoneConfirmed: boolean | null;
  };
  offered: SwapListing;
  target: SwapListing;
  /** Pending (decision 103): whether this member answers the offer on the table (accept, decline or counter), or
   *  made it and waits; and how many counter-offers it has had (at most 5). */
  myTurn: boolean;
  counterRound: number;
  /** A bundle (decision 103): the proposer's other listings in the deal, and the receiver's other one. */
  moreOffered: BundleListing[];
  moreWanted: BundleListing[];
  contact: SwapContact | null;
  /** This member's review of the swap, once left. */
  myReview: { rating: number } | null;
  /** Staff have marked a dispute on it that is not resolved yet. */
  underReview: boolean;
  /** The two members' thread about the target listing (where the proposal's line is), when there is one. */
  threadId: string | null;
};

const offered = alias(listings, "offered_listing");
const target = alias(listings, "target_listing");
const other = alias(users, "other_user");
const otherProfile = alias(profiles, "other_profile");

/** A contact column that the database itself leaves NULL until the handshake (arranging, then completed): before that,
 *  the value never leaves PostgreSQL, so no later code can leak it by mistake. */
const onceCompleted = <T>(column: AnyPgColumn) =>
  sql<T | null>`case when ${swapProposals.status} in ('arranging', 'completed') then ${column} end`;

const listingColumns = (l: typeof offered | typeof target) => ({
  id: l.id,
  title: l.title,
  images: l.images,
  valueMin: l.valueMin,
  valueMax: l.valueMax,
  status: l.status,
});

/**
 * Whether a party can open a listing of the swap, as find-listing.ts decides for the page: anyone can open an
 * active one; a reserved or swapped one only its owner, or either party once this swap is accepted or completed.
 */
function viewable(listing: { status: string }, { mine, swapStatus }: { mine: boolean; swapStatus: string }) {
  if (listing.status === "active") return true;
  if (listing.status !== "reserved" && listing.status !== "swapped") return false;
  return mine || swapStatus === "accepted" || swapStatus === "arranging" || swapStatus === "completed";
}

/** The cards `userId` sees in one role; `where` narrows further (one swap, or a page). Always filtered by the actor. */
async function selectCards(
  db: Db,
  { userId, role, where, limit }: { userId: string; role: SwapRole; where?: SQL; limit?: number },
) {
  const mine = role === "receiver" ? swapProposals.receiverId : swapProposals.proposerId;
  const theirs = role === "receiver" ? swapProposals.proposerId : swapProposals.receiverId;
  const rows = await db
    .select({
      id: swapProposals.id,
      status: swapProposals.status,
      message: swapProposals.message,
      rejectionReason: swapProposals.rejectionReason,
      createdAt: swapProposals.createdAt,
      updatedAt: swapProposals.updatedAt,
      expiresAt: swapProposals.expiresAt,
      acceptedAt: swapProposals.acceptedAt,
      paymentDueAt: swapProposals.paymentDueAt,
      completedAt: swapProposals.completedAt,
      handshakeAt: swapProposals.handshakeAt,
      completedHow: swapProposals.completedHow,
      proposerSwappedAt: swapProposals.proposerSwappedAt,
      receiverSwappedAt: swapProposals.receiverSwappedAt,
      proposerPaid: swapProposals.proposerPaid,
      receiverPaid: swapProposals.receiverPaid,
      underReview: swapProposals.isDisputed,
      offerById: swapProposals.offerById,
      proposerId: swapProposals.proposerId,
      counterRound: swapProposals.counterRound,
      otherId: other.id,
      otherName: other.name,
      offered: listingColumns(offered),
      target: listingColumns(target),
      otherAvatarUrl: otherProfile.avatarUrl,
      otherHasPhone: sql<
        boolean | null
      >`case when ${swapProposals.status} in ('accepted', 'arranging', 'completed') then ${otherProfile.phone} is not null end`,
      otherPhoneConfirmed: sql<
        boolean | null
      >`case when ${swapProposals.status} in ('accepted', 'arranging', 'completed') then ${otherProfile.phoneConfirmedAt} is not null end`,
      contactEmail: onceCompleted<string>(other.email),
      contactPhone: onceCompleted<string>(otherProfile.phone),
      contactLocation: onceCompleted<string>(otherProfile.location),
      feesWaived: sql<boolean>`exists(select 1 from payment_logs p where p.swap_proposal_id = ${swapProposals.id} and p.provider = 'waived')`,
      // The one thread of the target listing and the proposer (its unique index), which the proposal opened.
      threadId: sql<
        string | null
      >`(select c.id from conversations c where c.listing_id = ${swapProposals.targetListingId} and c.asker_id = ${swapProposals.proposerId})`,
      myRating: sql<
        number | null
      >`(select r.rating from reviews r where r.swap_proposal_id = ${swapProposals.id} and r.reviewer_id = ${userId})`,
    })
    .from(swapProposals)
    .innerJoin(offered, eq(offered.id, swapProposals.offeredListingId))
    .innerJoin(target, eq(target.id, swapProposals.targetListingId))
    .innerJoin(other, eq(other.id, theirs))
    .leftJoin(otherProfile, eq(otherProfile.userId, other.id))
    .where(and(eq(mine, userId), where))
    .orderBy(desc(swapProposals.createdAt), desc(swapProposals.id))
    .limit(limit ?? 1);

  const extras = await bundleExtras(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(
    ({
      otherId,
      otherName,
      otherAvatarUrl,
      otherHasPhone,
      otherPhoneConfirmed,
      contactEmail,
      contactPhone,
      contactLocation,
      myRating,
      feesWaived,
      offered,
      target,
      proposerSwappedAt,
      receiverSwappedAt,
      offerById,
      proposerId,
      ...row
    }): SwapCard => {
      // The offer on the table is the proposer's until someone counters it; the other party answers it.
      const madeByMe = (offerById ?? proposerId) === userId;
      const completed = (row.status === "arranging" || row.status === "completed") && contactEmail !== null;
      const card = (listing: typeof offered, mine: boolean): SwapListing => {
        const { status, ...rest } = listing;
        return { ...rest, viewable: viewable({ status }, { mine, swapStatus: row.status }) };
      };
      return {
        ...row,
        // The proposer offered their listing for the receiver's target.
        offered: card(offered, role === "proposer"),
        target: card(target, role === "receiver"),
        moreOffered: extras.get(`${row.id}:offered`) ?? [],
        moreWanted: extras.get(`${row.id}:wanted`) ?? [],
        myRole: role,
        myTurn: row.status === "pending" && !madeByMe,
        iSwappedAt: role === "proposer" ? proposerSwappedAt : receiverSwappedAt,
        theySwappedAt: role === "proposer" ? receiverSwappedAt : proposerSwappedAt,
        iPaid: role === "proposer" ? row.proposerPaid : row.receiverPaid,
        theyPaid: role === "proposer" ? row.receiverPaid : row.proposerPaid,
        feesWaived: Boolean(feesWaived),
        otherParty: {
          id: otherId,
          name: otherName,
          avatarUrl: otherAvatarUrl ?? null,
          hasPhone: otherHasPhone == null ? null : Boolean(otherHasPhone),
          phoneConfirmed: otherPhoneConfirmed == null ? null : Boolean(otherPhoneConfirmed),
        },
        myReview: myRating == null ? null : { rating: Number(myRating) },
        contact: completed
          ? { name: otherName, email: contactEmail, phone: contactPhone, location: contactLocation }
          : null,
      };
    },
  );
}

/** The listings of these swaps beyond the first on each side (bundles), keyed `<swapId>:<side>`, in their order. */
async function bundleExtras(db: Db, swapIds: string[]) {
  const extras = new Map<string, BundleListing[]>();
  if (swapIds.length === 0) return extras;
  const rows = await db
    .select({
      swapId: swapProposalItems.swapProposalId,
      side: swapProposalItems.side,
      id: listings.id,
      title: listings.title,
      valueMin: listings.valueMin,
      valueMax: listings.valueMax,
    })
    .from(swapProposalItems)
    .innerJoin(listings, eq(listings.id, swapProposalItems.listingId))
    .where(and(inArray(swapProposalItems.swapProposalId, swapIds), gt(swapProposalItems.position, 0)))
    .orderBy(asc(swapProposalItems.position));
  for (const { swapId, side, ...listing } of rows) {
    const key = `${swapId}:${side}`;
    extras.set(key, [...(extras.get(key) ?? []), listing]);
  }
  return extras;
}

export const MY_SWAPS_PAGE_SIZE = 20;

/**
 * My Swaps: proposals received and sent, newest first, a page of each at a time (keyset; each tab has its own
 * cursor, the last card shown).
 */
export async function findMySwaps(
  db: Db,
  {
    userId,
    receivedCursor,
    sentCursor,
    limit = MY_SWAPS_PAGE_SIZE,
  }: { userId: string; receivedCursor?: string | null; sentCursor?: string | null; limit?: number },
) {
  const page = async (role: SwapRole, cursor: string | null | undefined) => {
    const after = isUuid(cursor) ? cursor : null;
    const where = afterRow(swapProposals, { createdAt: swapProposals.createdAt, id: swapProposals.id }, after);
    const rows = await selectCards(db, { userId, role, where, limit: limit + 1 });
    return pageOf(rows, limit);
  };
  const [received, sent] = await Promise.all([page("receiver", receivedCursor), page("proposer", sentCursor)]);
  return {
    received: received.page,
    sent: sent.page,
    nextCursors: { received: received.nextCursor, sent: sent.nextCursor },
  };
}

/** One swap as a party sees it, or null: the same rule as the list, so a stranger gets nothing. */
export async function findSwapForParty(
  db: Db,
  { swapId, userId }: { swapId: string; userId: string },
): Promise<SwapCard | null> {
  if (!isUuid(swapId)) return null;
  const where = eq(swapProposals.id, swapId);
  const [received] = await selectCards(db, { userId, role: "receiver", where });
  if (received) return received;
  const [sent] = await selectCards(db, { userId, role: "proposer", where });
  return sent ?? null;
}
