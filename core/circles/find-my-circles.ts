import { and, asc, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { type CircleStatus, swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { reviews } from "#db/schema/swaps.ts";
import { isUuid } from "../shared/ids";
import { CIRCLE_QUIET_DAYS } from "./complete-circle";

/** How long a closed circle (declined, lapsed, cancelled) stays on My Swaps. */
export const CLOSED_CIRCLES_SHOWN_DAYS = 14;
export const MY_CIRCLES_LIMIT = 20;

export type CircleListing = {
  id: string;
  title: string;
  valueMin: number;
  valueMax: number;
};
export type CircleLeg = {
  position: number;
  giver: { id: string; name: string };
  receiver: { id: string; name: string };
  listing: CircleListing;
  accepted: boolean;
  paid: boolean;
  /** Confirmed "We've swapped" (decision 110). */
  swapped: boolean;
};
/** A member's contact details, shared only after the circle's handshake, and only between giver and receiver. */
export type CircleContact = { name: string; email: string; phone: string | null; location: string | null };

export type CircleView = {
  id: string;
  status: CircleStatus;
  closeReason: string | null;
  createdAt: Date;
  expiresAt: Date;
  paymentDueAt: Date | null;
  handshakeAt: Date | null;
  closedAt: Date | null;
  completedAt: Date | null;
  completedHow: "confirmed" | "timed_out" | null;
  /** While arranging: when the quiet week completes it if not everyone has confirmed (decision 110). */
  completesOnItsOwnAt: Date | null;
  /** Whether this member has reviewed the member they got from (decision 111; only once completed). */
  reviewedByMe: boolean;
  legs: CircleLeg[];
  /** What this member gives (and to whom) and gets (and from whom). */
  give: CircleLeg;
  get: CircleLeg;
  /** After the handshake: the member they give to and the member they get from (the same one in a circle of two). */
  contacts: { giveTo: CircleContact; getFrom: CircleContact } | null;
};

/** One circle as one of its members sees it; null for anyone else (as for a missing id). */
export async function findCircleForMember(
  db: Db,
  { circleId, userId }: { circleId: string; userId: string },
): Promise<CircleView | null> {
  if (!isUuid(circleId)) return null;
  const [view] = await viewsOf(db, userId, [circleId]);
  return view ?? null;
}

/** The member's circles for My Swaps: every open one, and those closed or completed in the last 14 days, newest first. */
export async function findMyCircles(db: Db, { userId, now }: { userId: string; now: Date }): Promise<CircleView[]> {
  const since = new Date(now.getTime() - CLOSED_CIRCLES_SHOWN_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({ id: swapCircles.id })
    .from(swapCircles)
    .innerJoin(swapCircleLegs, eq(swapCircleLegs.circleId, swapCircles.id))
    .where(
      and(
        eq(swapCircleLegs.giverId, userId),
        or(
          inArray(swapCircles.status, ["offered", "accepted", "arranging"]),
          gte(swapCircles.closedAt, since),
          gte(swapCircles.completedAt, since),
        ),
      ),
    )
    .orderBy(desc(swapCircles.createdAt), desc(swapCircles.id))
    .limit(MY_CIRCLES_LIMIT);
  return viewsOf(
    db,
    userId,
    rows.map((r) => r.id),
  );
}

async function viewsOf(db: Db, userId: string, circleIds: string[]): Promise<CircleView[]> {
  if (circleIds.length === 0) return [];
  const circles = await db.select().from(swapCircles).where(inArray(swapCircles.id, circleIds));
  const giver = { id: users.id, name: users.name };
  const legs = await db
    .select({
      circleId: swapCircleLegs.circleId,
      position: swapCircleLegs.position,
      giverId: swapCircleLegs.giverId,
      receiverId: swapCircleLegs.receiverId,
      acceptedAt: swapCircleLegs.acceptedAt,
      paidAt: swapCircleLegs.paidAt,
      swappedAt: swapCircleLegs.swappedAt,
      giverName: giver.name,
      // The giver's contact details leave the database only once their circle reached its handshake.
      email: onceArranged(users.email),
      phone: onceArranged(profiles.phone),
      location: onceArranged(profiles.location),
      listing: {
        id: listings.id,
        title: listings.title,
        valueMin: listings.valueMin,
        valueMax: listings.valueMax,
      },
    })
    .from(swapCircleLegs)
    .innerJoin(swapCircles, eq(swapCircles.id, swapCircleLegs.circleId))
    .innerJoin(users, eq(users.id, swapCircleLegs.giverId))
    .leftJoin(profiles, eq(profiles.userId, swapCircleLegs.giverId))
    .innerJoin(listings, eq(listings.id, swapCircleLegs.listingId))
    .where(inArray(swapCircleLegs.circleId, circleIds))
    .orderBy(asc(swapCircleLegs.position));

  const mine = await db
    .select({ circleId: reviews.circleId })
    .from(reviews)
    .where(and(inArray(reviews.circleId, circleIds), eq(reviews.reviewerId, userId)));
  const reviewed = new Set(mine.map((r) => r.circleId));

  const views: CircleView[] = [];
  for (const id of circleIds) {
    const circle = circles.find((c) => c.id === id);
    const rows = legs.filter((leg) => leg.circleId === id);
    // Only ever a member's own circle: the actor must give in it.
    if (!circle || !rows.some((leg) => leg.giverId === userId)) continue;
    const nameOf = (memberId: string) => rows.find((leg) => leg.giverId === memberId)?.giverName ?? "Member";
    const shaped: CircleLeg[] = rows.map((leg) => ({
      position: leg.position,
      giver: { id: leg.giverId, name: leg.giverName },
      receiver: { id: leg.receiverId, name: nameOf(leg.receiverId) },
      listing: {
        id: leg.listing.id,
        title: leg.listing.title,
        valueMin: leg.listing.valueMin,
        valueMax: leg.listing.valueMax,
      },
      accepted: leg.acceptedAt !== null,
      paid: leg.paidAt !== null,
      swapped: leg.swappedAt !== null,
    }));
    const give = shaped.find((leg) => leg.giver.id === userId) as CircleLeg;
    const get = shaped.find((leg) => leg.receiver.id === userId) as CircleLeg;
    const contactOf = (memberId: string): CircleContact | null => {
      const row = rows.find((leg) => leg.giverId === memberId);
      return row?.email ? { name: row.giverName, email: row.email, phone: row.phone, location: row.location } : null;
    };
    const giveTo = contactOf(give.receiver.id);
    const getFrom = contactOf(get.giver.id);
    views.push({
      id: circle.id,
      status: circle.status,
      closeReason: circle.closeReason,
      createdAt: circle.createdAt,
      expiresAt: circle.expiresAt,
      paymentDueAt: circle.paymentDueAt,
      handshakeAt: circle.handshakeAt,
      closedAt: circle.closedAt,
      completedAt: circle.completedAt,
      completedHow: circle.completedHow,
      completesOnItsOwnAt:
        circle.status === "arranging" && circle.handshakeAt
          ? new Date(circle.handshakeAt.getTime() + CIRCLE_QUIET_DAYS * 86_400_000)
          : null,
      reviewedByMe: reviewed.has(circle.id),
      legs: shaped,
      give,
      get,
      contacts: SHARED.includes(circle.status) && giveTo && getFrom ? { giveTo, getFrom } : null,
    });
  }
  return views;
}

/** The statuses in which a circle's members see each other's contact details: from the handshake on. */
const SHARED: CircleStatus[] = ["arranging", "completed"];

/** A contact column the database leaves NULL until the circle's handshake (arranging, then completed). */
const onceArranged = (column: Parameters<typeof sql>[1]) =>
  sql<string | null>`case when ${swapCircles.status} in ('arranging', 'completed') then ${column} end`;
