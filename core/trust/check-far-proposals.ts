import { and, eq, gt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { distanceKm } from "../locations/distance";
import { raiseSignal } from "./raise-signal";
import { FAR_PROPOSALS, FAR_SPAN_KM, FAR_WINDOW_HOURS, farScore, NEW_ACCOUNT_DAYS } from "./signal-rules";

/**
 * At propose time, in the proposal's transaction: an account younger than NEW_ACCOUNT_DAYS that has proposed to
 * FAR_PROPOSALS or more listings within FAR_WINDOW_HOURS, the farthest two more than FAR_SPAN_KM apart, raises one
 * signal (a later proposal updates it). Nobody swaps a kayak in Perth and one in Cairns the same day.
 */
export async function checkFarProposals(tx: Db, { userId, now }: { userId: string; now: Date }) {
  const [member] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!member || now.getTime() - member.createdAt.getTime() >= NEW_ACCOUNT_DAYS * 86_400_000) return null;
  const since = new Date(now.getTime() - FAR_WINDOW_HOURS * 3_600_000);
  const targets = await tx
    .select({
      id: listings.id,
      suburb: listings.suburb,
      state: listings.state,
      lat: listings.latitude,
      lng: listings.longitude,
    })
    .from(swapProposals)
    .innerJoin(listings, eq(listings.id, swapProposals.targetListingId))
    .where(and(eq(swapProposals.proposerId, userId), gt(swapProposals.createdAt, since)));
  if (targets.length < FAR_PROPOSALS) return null;
  const placed = targets.filter((t) => t.lat !== null && t.lng !== null) as ((typeof targets)[number] & {
    lat: number;
    lng: number;
  })[];
  let span = { km: 0, a: placed[0], b: placed[0] };
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++) {
      const km = distanceKm(
        { latitude: placed[i].lat, longitude: placed[i].lng },
        { latitude: placed[j].lat, longitude: placed[j].lng },
      );
      if (km > span.km) span = { km, a: placed[i], b: placed[j] };
    }
  if (span.km <= FAR_SPAN_KM) return null;
  const days = Math.max(0, Math.floor((now.getTime() - member.createdAt.getTime()) / 86_400_000));
  const age = days === 0 ? "less than a day" : days === 1 ? "1 day" : `${days} days`;
  return raiseSignal(tx, {
    kind: "far_proposals",
    userId,
    score: farScore(targets.length),
    explanation: `A ${age} old account proposed swaps on ${targets.length} listings in ${FAR_WINDOW_HOURS} hours, ${Math.round(span.km).toLocaleString("en-AU")} km apart at the most (${span.a.suburb} ${span.a.state} to ${span.b.suburb} ${span.b.state}).`,
    details: {
      proposals: targets.length,
      spanKm: Math.round(span.km),
      listingIds: targets.map((t) => t.id).slice(0, 20),
    },
    dedupeKey: `far_proposals:${userId}`,
    holds: "member",
    now,
  });
}
