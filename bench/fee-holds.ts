// `npm run bench:holds [-- --payments 1000000 --holds 1000]` (100,000 payments by default) (DATABASE_URL=postgres://... for PostgreSQL): what the
// fee-hold sweep (core/payments/settle-holds.ts, decision 102) costs. It runs on every background tick and after
// every checkout, so its idle cost over a long payment history matters more than its throughput:
//  - idle: a sweep with nothing due, over `--payments` rows of history (completed, failed, pending, refunded);
//  - capture: `--holds` swaps that reached the handshake (two holds each), captured by one sweep loop;
//  - two processes: another `--holds` swaps captured by two sweep loops at once: each hold captured exactly once;
//  - circles: `--holds` swap circles of three that reached the handshake (three holds each, decision 105), captured
//    by two sweep loops at once: the same sweep, through the circle side of its joins.
// The provider is a stand-in that answers at once (the real one is a network call), so the figures are the
// database's part. Results go to stdout as JSON; the summary is in docs/performance.md.
process.env.LOG_LEVEL = "silent";

import { openBenchDatabase } from "./database";
import { log, ms } from "./log";
import { args, N, PAYMENTS, root } from "./options";
import { BENCH_SWAP_COUNT, pickLocalities, seedListings, seedMembers, seedSwapHistory } from "./seed";
import { seedPayments } from "./trust-and-money";

const HOLDS = Math.max(1, Number(args.holds));

process.chdir(root);
const db = await openBenchDatabase({ listingsOnly: true });
try {
  const { migrate } = await import("#db/migrate.ts");
  await migrate(db.handle);
  const { settleHolds } = await import("#core/payments/settle-holds.ts");
  const { systemClock } = await import("#core/shared/clock.ts");

  const seeded = process.hrtime.bigint();
  const localities = pickLocalities(50);
  await seedMembers(db.exec, localities);
  await seedListings(db.exec, Math.min(N, 10_000), localities);
  await seedSwapHistory(db.exec, localities[0]);
  await seedPayments(db.exec, PAYMENTS);
  await db.exec("ANALYZE");
  log(`seeded ${PAYMENTS.toLocaleString("en-AU")} payments in ${(ms(seeded) / 1000).toFixed(1)} s`);

  const captured: string[] = [];
  const provider = {
    name: "local" as const,
    createCheckout: async () => ({ sessionId: "", url: "" }),
    parseWebhook: () => {
      throw new Error("not used");
    },
    refund: async () => ({ refundId: "" }),
    expireCheckout: async () => {},
    capture: async ({ paymentIntentId }: { paymentIntentId: string }) => void captured.push(paymentIntentId),
    releaseHold: async () => {},
  };
  const deps = { db: db.handle.db, clock: systemClock, provider };

  // Idle: nothing is due.
  const idle: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t = process.hrtime.bigint();
    await settleHolds(deps);
    idle.push(ms(t));
  }

  const capture = await captureBatch("a", 1, seedHeldSwaps, 2);
  const twoProcesses = await captureBatch("b", 2, seedHeldSwaps, 2);
  const circles = await captureBatch("c", 2, seedHeldCircles, 3);
  console.log(
    JSON.stringify({
      db: db.kind,
      payments: PAYMENTS,
      holdsPerBatch: 2 * HOLDS,
      idleSweepMs: { median: median(idle), max: Math.max(...idle.slice(5)) },
      capture,
      twoProcesses,
      circles,
    }),
  );

  /** `HOLDS` new deals at the handshake, `perDeal` local card holds each, captured by `loops` sweep loops at once. */
  async function captureBatch(tag: string, loops: number, seed: (tag: string) => Promise<void>, perDeal: number) {
    await seed(tag);
    captured.length = 0;
    const t = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: loops }, async () => {
        for (;;) {
          const done = await settleHolds(deps);
          if (done.captured.length === 0) break;
        }
      }),
    );
    const total = ms(t);
    const [left] = await db.raw(
      `SELECT count(*)::int AS n FROM payment_logs WHERE status = 'held' AND payment_intent_id LIKE 'pi_hold_${tag}_%'`,
    );
    return {
      loops,
      totalMs: Math.round(total),
      holds: perDeal * HOLDS,
      perHoldMs: Math.round((total / (perDeal * HOLDS)) * 100) / 100,
      providerCalls: captured.length,
      distinctHolds: new Set(captured).size,
      stillHeld: left.n,
    };
  }
} finally {
  await db.cleanup();
}

/** Swaps that reached the handshake, each over two of the seed's swapped listings, with both fees held on a card. */
async function seedHeldSwaps(tag: string) {
  const offset = tag === "a" ? 0 : HOLDS;
  await db.exec(`
INSERT INTO swap_proposals (id, target_listing_id, offered_listing_id, proposer_id, receiver_id, status,
  proposer_paid, receiver_paid, expires_at, accepted_at, handshake_at, responded_at, payment_due_at)
SELECT md5('bench-held-swap-${tag}-' || k)::uuid, s.target_listing_id, s.offered_listing_id, s.proposer_id,
  s.receiver_id, 'arranging', true, true, now(), now(), now(), now(), now() + interval '2 days'
FROM generate_series(1, ${HOLDS}) AS k
JOIN swap_proposals s ON s.id = md5('bench-swap-' || (1 + (k + ${offset} - 1) % ${BENCH_SWAP_COUNT}))::uuid`);
  await db.exec(`
INSERT INTO payment_logs (swap_proposal_id, user_id, amount_cents, status, provider, payment_intent_id)
SELECT md5('bench-held-swap-${tag}-' || k)::uuid, party.user_id, 999, 'held', 'local',
  'pi_hold_${tag}_' || k || '_' || party.side
FROM generate_series(1, ${HOLDS}) AS k
JOIN swap_proposals s ON s.id = md5('bench-held-swap-${tag}-' || k)::uuid
CROSS JOIN LATERAL (VALUES (s.proposer_id, 'p'), (s.receiver_id, 'r')) AS party(user_id, side)`);
}

/**
 * Swap circles of three that reached the handshake, each over the first listings of three members in a row (by id:
 * three distinct givers), with every member's fee held on a card.
 */
async function seedHeldCircles(tag: string) {
  await db.exec(`
CREATE TEMP TABLE bench_circle_owners AS
SELECT user_id, min(id::text)::uuid AS listing_id, row_number() OVER (ORDER BY user_id) - 1 AS n
FROM listings GROUP BY user_id`);
  await db.exec(`
INSERT INTO swap_circles (id, key, status, expires_at, accepted_at, payment_due_at, handshake_at)
SELECT md5('bench-held-circle-${tag}-' || k)::uuid, 'bench-${tag}-' || k, 'arranging', now(), now(),
  now() + interval '2 days', now()
FROM generate_series(1, ${HOLDS}) AS k`);
  await db.exec(`
INSERT INTO swap_circle_legs (circle_id, position, giver_id, listing_id, receiver_id, accepted_at, paid_at)
SELECT md5('bench-held-circle-${tag}-' || k)::uuid, p, giver.user_id, giver.listing_id, receiver.user_id, now(), now()
FROM generate_series(1, ${HOLDS}) AS k
CROSS JOIN generate_series(0, 2) AS p
CROSS JOIN LATERAL (SELECT count(*) AS m FROM bench_circle_owners) AS owners
JOIN bench_circle_owners giver ON giver.n = (3 * k + p) % owners.m
JOIN bench_circle_owners receiver ON receiver.n = (3 * k + (p + 1) % 3) % owners.m`);
  await db.exec(`
INSERT INTO payment_logs (swap_circle_id, user_id, amount_cents, status, provider, payment_intent_id)
SELECT leg.circle_id, leg.giver_id, 999, 'held', 'local', 'pi_hold_${tag}_' || k || '_' || leg.position
FROM generate_series(1, ${HOLDS}) AS k
JOIN swap_circle_legs leg ON leg.circle_id = md5('bench-held-circle-${tag}-' || k)::uuid`);
  await db.exec("DROP TABLE bench_circle_owners");
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 100) / 100;
}
