import { and, eq, gte, lte, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { findLogEventsById } from "../logs/find-log-event-by-id";
import { findMembers } from "../accounts/find-members";
import { findListingsForStaff } from "../moderation/find-listings-for-staff";
import { findReportsForSearch } from "../moderation/find-reports-for-search";
import { onSwap, proposer, receiver, swapPartiesColumns } from "../shared/swap-columns";

const RESULTS_PER_KIND = 10;

/**
 * The top bar's search, grouped by kind: members by name or e-mail, listings by title, swaps by id (the whole id,
 * or its first 8+ characters as staff copy them from a member's page), payments by the provider's payment intent
 * or checkout session id, reports by listing title, reporter or id, log events by id (or an error by its request id).
 */
export async function searchBackOffice(db: Db, { q }: { q: string }) {
  const text = q.trim().slice(0, 100);
  if (text.length < 2) return { members: [], listings: [], swaps: [], payments: [], reports: [], logEvents: [] };
  const [members, listings, swaps, payments, reports, logEvents] = [
    (await findMembers(db, { q: text }, RESULTS_PER_KIND)).members,
    (await findListingsForStaff(db, { q: text }, RESULTS_PER_KIND)).listings,
    await findSwapsByIdPrefix(db, text),
    await findPaymentsByProviderId(db, text),
    await findReportsForSearch(db, { q: text }, RESULTS_PER_KIND),
    await findLogEventsById(db, { q: text }),
  ];
  return { members, listings, swaps, payments, reports, logEvents };
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

/** A UUID prefix as the range of ids that start with it, so the primary key's index answers it. */
async function findSwapsByIdPrefix(db: Db, text: string) {
  const hex = text.toLowerCase().replace(/-/g, "");
  if (!/^[0-9a-f]{8,32}$/.test(hex)) return [];
  const asUuid = (h: string) =>
    `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  return db
    .select(swapPartiesColumns)
    .from(swapProposals)
    .innerJoin(proposer, onSwap.proposer)
    .innerJoin(receiver, onSwap.receiver)
    .where(and(gte(swapProposals.id, asUuid(hex.padEnd(32, "0"))), lte(swapProposals.id, asUuid(hex.padEnd(32, "f")))))
    .orderBy(swapProposals.id)
    .limit(RESULTS_PER_KIND);
}
