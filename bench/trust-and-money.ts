// The back office's trust-and-money pages at scale: the Moderation Queue over 100k reports and Payments over 1M
// payment rows (issue 12's figure), seeded on top of the listings, members and the 2,000 completed bench swaps.
import type { BackOfficePage } from "./back-office";
import { BENCH_SWAP_COUNT, type Exec } from "./seed";

/**
 * Reports on up to 50,000 active listings by the extra members: about 10% still pending, the rest settled
 * (approved 40%, rejected 45%, takedown 5%), spread over the last year. A member has one pending report per
 * listing at most (the schema's rule), so colliding pairs are skipped.
 */
export async function seedReports(exec: Exec, count: number, members: number) {
  if (count <= 0) return;
  await exec(`
WITH l AS (
  SELECT id, row_number() OVER (ORDER BY id) AS rn FROM (SELECT id FROM listings WHERE status = 'active' LIMIT 50000) AS a
), n AS (SELECT count(*) AS total FROM l)
INSERT INTO moderation_reports (listing_id, reported_by, reason, notes, evidence_urls, status, reviewed_at, review_notes, created_at)
SELECT l.id,
  'bench-member-' || lpad((200 + g % greatest(1, ${members} - 200))::text, 6, '0'),
  (ARRAY['inappropriate','spam','fraud','duplicate','prohibited','copyright','other'])[1 + g % 7],
  CASE WHEN g % 3 = 0 THEN 'Looks like the same item listed again under another name.' END,
  CASE WHEN g % 4 = 0 THEN ARRAY['https://example.com/evidence/' || g] ELSE '{}'::text[] END,
  s.status,
  CASE WHEN s.status <> 'pending' THEN now() - (g::float / ${count}) * interval '360 days' + interval '1 day' END,
  CASE WHEN s.status <> 'pending' THEN 'Reviewed.' END,
  now() - (g::float / ${count}) * interval '365 days'
FROM generate_series(1, ${count}) AS g
CROSS JOIN n
JOIN l ON l.rn = 1 + (g * 7919) % n.total
CROSS JOIN LATERAL (SELECT CASE WHEN g % 10 = 0 THEN 'pending' WHEN g % 20 < 9 THEN 'approved'
  WHEN g % 20 = 19 THEN 'takedown' ELSE 'rejected' END AS status) AS s
ON CONFLICT DO NOTHING`);
}

/**
 * Payment attempts over the bench swaps, newest over the last two years: both parties' completed fees (one per
 * party per swap, the schema's rule), and beyond them the attempts a busy checkout leaves: 1 in 10 failed with
 * the provider's message, 1 in 1,000 refunded, the rest pending (abandoned); a third through Stripe with a
 * payment intent id (what global search finds), 1 in 50 paid from credit.
 */
export async function seedPayments(exec: Exec, count: number) {
  if (count <= 0) return;
  await exec(`
INSERT INTO payment_logs (swap_proposal_id, user_id, amount_cents, credit_cents, status, provider, payment_intent_id,
  error_message, refunded_at, refund_reason, created_at, updated_at)
SELECT s.id,
  CASE WHEN (g - 1) / ${BENCH_SWAP_COUNT} % 2 = 0 THEN s.proposer_id ELSE s.receiver_id END,
  999,
  CASE WHEN g % 50 = 0 THEN 999 ELSE 0 END,
  st.status,
  CASE WHEN g % 50 = 0 THEN 'credit' WHEN g % 3 = 0 THEN 'stripe' ELSE 'local' END,
  CASE WHEN g % 3 = 0 AND g % 50 <> 0 THEN 'pi_bench_' || g END,
  CASE WHEN st.status = 'failed' THEN 'Your card was declined.' END,
  CASE WHEN st.status = 'refunded' THEN now() - (g::float / ${count}) * interval '730 days' + interval '1 day' END,
  CASE WHEN st.status = 'refunded' THEN 'Swap cancelled by support' END,
  now() - (g::float / ${count}) * interval '730 days',
  now() - (g::float / ${count}) * interval '730 days'
FROM generate_series(1, ${count}) AS g
JOIN swap_proposals s ON s.id = md5('bench-swap-' || (1 + (g - 1) % ${BENCH_SWAP_COUNT}))::uuid
CROSS JOIN LATERAL (SELECT CASE WHEN g <= ${2 * BENCH_SWAP_COUNT} THEN 'completed' WHEN g % 1000 = 7 THEN 'refunded'
  WHEN g % 10 = 3 THEN 'failed' ELSE 'pending' END AS status) AS st`);
}

/** The queue and payments pages measured, with a payment intent id from the seed for global search. */
export function trustAndMoneyPages(payments: number): BackOfficePage[] {
  // A Stripe payment two thirds of the way back: a multiple of 3 that is not one of 50 (those are credit).
  let g = Math.max(3, Math.floor((payments * 2) / 3 / 3) * 3);
  if (g % 50 === 0) g -= 3;
  const intent = `pi_bench_${g}`;
  return [
    { name: "queue", label: "Moderation Queue, pending (default)", path: "/admin/moderation" },
    { name: "queue_all", label: "Moderation Queue, all", path: "/admin/moderation?status=all" },
    {
      name: "queue_takedown",
      label: "Moderation Queue, takedown (1 in 20)",
      path: "/admin/moderation?status=takedown",
    },
    { name: "payments", label: "Payments, first page", path: "/admin/payments" },
    { name: "payments_failed", label: "Payments, status failed", path: "/admin/payments?status=failed" },
    {
      name: "payments_refunded",
      label: "Payments, status refunded (1 in 1,000)",
      path: "/admin/payments?status=refunded",
    },
    { name: "payments_stripe", label: "Payments, provider stripe", path: "/admin/payments?provider=stripe" },
    {
      name: "payments_credit_failed",
      label: "Payments, credit and failed (none)",
      path: "/admin/payments?provider=credit&status=failed",
    },
    { name: "search_intent", label: `Global search, payment intent ${intent}`, path: `/admin/search?q=${intent}` },
    { name: "swaps", label: "Swaps, first page", path: "/admin/swaps" },
  ];
}
