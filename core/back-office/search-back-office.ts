import { and, eq, gte, inArray, lte, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { findLogEventsById } from "../logs/find-log-event-by-id";
import { findMembers } from "../accounts/find-members";
import { findListingsForStaff } from "../moderation/find-listings-for-staff";
import { findReportsForSearch } from "../moderation/find-reports-for-search";
import { onSwap, proposer, receiver, swapPartiesColumns } from "../shared/swap-columns";

const RESULTS_PER_KIND = 10;

/**
 * The top bar's search, grouped by kind: members by name or e-mail, listings by title, swaps and swap circles by id
 * (the whole id, or its first 8+ characters as staff copy them from a member's page), payments by the provider's payment intent
 * or checkout session id, reports by listing title, reporter or id, log events by id (or an error by its request id).
 */
export async function searchBackOffice(db: Db, { q }: { q: string }) {
  const text = q.trim().slice(0, 100);
  if (text.length < 2)
    return { members: [], listings: [], swaps: [], circles: [], payments: [], reports: [], logEvents: [] };
  const [members, listings, swaps, circles, payments, reports, logEvents] = [
    (await findMembers(db, { q: text }, RESULTS_PER_KIND)).members,
    (await findListingsForStaff(db, { q: text }, RESULTS_PER_KIND)).listings,
    await findSwapsByIdPrefix(db, text),
    await findCirclesByIdPrefix(db, text),
    await findPaymentsByProviderId(db, text),
    await findReportsForSearch(db, { q: text }, RESULTS_PER_KIND),
    await findLogEventsById(db, { q: text }),
  ];
  return { members, listings, swaps, circles, payments, reports, logEvents };
}

/** A payment by the provider's id staff are given by a member or the provider: its payment intent (pi_...) or checkout session (cs_...). */
async function findPaymentsByProviderId(db: Db, text: string) {
  if (!/^(pi|cs)_[A-Za-z0-9_]{4,}$/.test(text)) return [];
  return db
    .select({
      id: paymentLogs.id,
      swapId: paymentLogs.swapProposalId,
      status: paymentLogs.status,
      amountCents: paymentLogs.amountCents,
      paymentIntentId: paymentLogs.paymentIntentId,
      createdAt: paymentLogs.createdAt,
      memberName: users.name,
    })
    .from(paymentLogs)
    .innerJoin(users, eq(users.id, paymentLogs.userId))
    .where(or(eq(paymentLogs.paymentIntentId, text), eq(paymentLogs.checkoutSessionId, text)))
    .limit(RESULTS_PER_KIND);
}

/** A UUID prefix (8 to 32 hex digits) as the first and last ids that start with it, or null when it is not one. */
function idRange(text: string): [string, string] | null {
  const hex = text.toLowerCase().replace(/-/g, "");
  if (!/^[0-9a-f]{8,32}$/.test(hex)) return null;
  const asUuid = (h: string) =>
    `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  return [asUuid(hex.padEnd(32, "0")), asUuid(hex.padEnd(32, "f"))];
}

/** Swaps whose id starts with the prefix: the range of ids, so the primary key's index answers it. */
async function findSwapsByIdPrefix(db: Db, text: string) {
  const range = idRange(text);
  if (!range) return [];
  return db
    .select(swapPartiesColumns)
    .from(swapProposals)
    .innerJoin(proposer, onSwap.proposer)
    .innerJoin(receiver, onSwap.receiver)
    .where(and(gte(swapProposals.id, range[0]), lte(swapProposals.id, range[1])))
    .orderBy(swapProposals.id)
    .limit(RESULTS_PER_KIND);
}

/** Swap circles whose id starts with the prefix (as a member's circle page shows it), with their members' names. */
async function findCirclesByIdPrefix(db: Db, text: string) {
  const range = idRange(text);
  if (!range) return [];
  const circles = await db
    .select({ id: swapCircles.id, status: swapCircles.status, createdAt: swapCircles.createdAt })
    .from(swapCircles)
    .where(and(gte(swapCircles.id, range[0]), lte(swapCircles.id, range[1])))
    .orderBy(swapCircles.id)
    .limit(RESULTS_PER_KIND);
  if (circles.length === 0) return [];
  const members = await db
    .select({ circleId: swapCircleLegs.circleId, name: users.name })
    .from(swapCircleLegs)
    .innerJoin(users, eq(users.id, swapCircleLegs.giverId))
    .where(
      inArray(
        swapCircleLegs.circleId,
        circles.map((c) => c.id),
      ),
    )
    .orderBy(swapCircleLegs.position);
  return circles.map((c) => ({
    ...c,
    memberNames: members.filter((m) => m.circleId === c.id).map((m) => m.name),
  }));
}
