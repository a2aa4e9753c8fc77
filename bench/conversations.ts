// Conversations and notices at scale (issue 26): one member with 50,000 lines in 2,000 threads, among 10,000 other
// threads of other members, and 20,000 notices of their own. Measured in the database (EXPLAIN ANALYZE of the SQL
// the use cases run, captured from the app's own Drizzle instance, median of the runs after a warm-up) for the
// pages that member opens: the inbox (first page and one 40 threads deep), a thread page, the header's unread
// message count (as the member usually is, a few threads with something new; and with nothing read at all), the
// notifications page and the bell's unread count. Also the contact rule on a 2,000-character message
// (bench/contact-details.ts), in this process. Targets in bench/targets.ts.
import { countUnreadMessages } from "#core/conversations/count-unread-messages.ts";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { findInbox } from "#core/conversations/find-inbox.ts";
import { findThread } from "#core/conversations/find-thread.ts";
import { countUnreadNotifications } from "#core/notifications/count-unread-notifications.ts";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { timeContactRule } from "./contact-details";
import { type BenchDatabase, type Raw, startCapturing, stopCapturing } from "./database";
import type { ExplainedQuery, Explainer } from "./explain";
import { log, ms, round } from "./log";
import type { Exec } from "./seed";

/** The member the benchmark reads as: one of the listing owners, so some threads are about their own listings. */
export const CONVERSATION_MEMBER = "bench-user-0001";
export const MEMBER_THREADS = 2_000;
export const LINES_PER_THREAD = 25; // 50,000 lines in all
/** Threads between other members, so the member's rows are a part of the table, not all of it. */
const OTHER_THREADS = 10_000;
const LINES_PER_OTHER_THREAD = 5;
/** The newest threads the member has not caught up on (the rest are read to the end). */
const UNREAD_THREADS = 12;
export const MEMBER_NOTICES = 20_000;
const UNREAD_NOTICES = 150;

/**
 * The threads: thread g (1..2,000) of the member, the newest first; odd g on one of the member's own listings, asked
 * by a distinct extra member, even g the member asking about another owner's listing. Each has 25 lines, the
 * member's and the other's in turn, 1 in 25 an event line (the proposal); `last_seq` and both read pointers as the
 * use cases leave them. Needs the extra members (bench-member-000200 on).
 */
export async function seedConversations(exec: Exec, members: number) {
  const extra = members - 200;
  if (extra < MEMBER_THREADS + OTHER_THREADS / 2)
    throw new Error(`the conversations benchmark needs --members ${200 + MEMBER_THREADS + OTHER_THREADS / 2} or more`);
  const m = `'${CONVERSATION_MEMBER}'`;
  const extraMember = (expr: string) => `'bench-member-' || lpad((200 + (${expr}))::text, 6, '0')`;
  await exec(`
WITH own AS (
  SELECT id, title, row_number() OVER (ORDER BY id) AS rn, count(*) OVER () AS total
  FROM listings WHERE user_id = ${m} AND status = 'active'
), theirs AS (
  SELECT id, title, user_id, row_number() OVER (ORDER BY id) AS rn
  FROM listings WHERE user_id <> ${m} AND status = 'active' ORDER BY id LIMIT ${MEMBER_THREADS / 2}
)
INSERT INTO conversations (id, listing_id, listing_title, asker_id, owner_id, created_at, last_message_at)
SELECT md5('bench-thread-' || g)::uuid,
  coalesce(own.id, theirs.id), coalesce(own.title, theirs.title),
  CASE WHEN g % 2 = 1 THEN ${extraMember("g")} ELSE ${m} END,
  CASE WHEN g % 2 = 1 THEN ${m} ELSE theirs.user_id END,
  now() - g * interval '4 hours' - interval '1 day', now() - g * interval '4 hours'
FROM generate_series(1, ${MEMBER_THREADS}) AS g
LEFT JOIN own ON g % 2 = 1 AND own.rn = 1 + (g / 2) % own.total
LEFT JOIN theirs ON g % 2 = 0 AND theirs.rn = g / 2`);
  // Other members' threads: extra member k asks about one of the listing owners' listings.
  await exec(`
WITH l AS (
  SELECT id, title, user_id, row_number() OVER (ORDER BY id DESC) AS rn
  FROM listings WHERE user_id <> ${m} AND status = 'active' ORDER BY id DESC LIMIT ${OTHER_THREADS / 2}
)
INSERT INTO conversations (id, listing_id, listing_title, asker_id, owner_id, created_at, last_message_at)
SELECT md5('bench-other-thread-' || g)::uuid, l.id, l.title, ${extraMember(`${MEMBER_THREADS} + (g - 1) / 2`)}, l.user_id,
  now() - g * interval '50 minutes' - interval '1 day', now() - g * interval '50 minutes'
FROM generate_series(1, ${OTHER_THREADS}) AS g
JOIN l ON l.rn = 1 + (g - 1) % ${OTHER_THREADS / 2}
ON CONFLICT DO NOTHING`);
  // The lines, oldest first across all threads so that seq follows time as it does when members write.
  await exec(`
INSERT INTO conversation_messages (conversation_id, sender_id, kind, body, event_kind, event_payload, created_at)
SELECT c.id,
  CASE WHEN n % 2 = 0 THEN c.asker_id ELSE c.owner_id END,
  CASE WHEN n = 12 THEN 'event' ELSE 'text' END,
  CASE WHEN n = 12 THEN NULL
    WHEN n % 7 = 3 THEN 'Sure, call me on 0412 345 678 after 5 or email sam.j@example.com and we can sort out a time.'
    ELSE (ARRAY['Is it still available?', 'What size is it? Would it fit in the back of a hatch?',
      'Can you do Saturday morning? I could meet at the station car park around 10.',
      'Yes, still here. It has a small scratch on the side, otherwise works perfectly.',
      'Great, I will bring the drill and the spare batteries. See you then!'])[1 + n % 5] END,
  CASE WHEN n = 12 THEN 'proposal' END,
  CASE WHEN n = 12 THEN '{"swapId":null}'::jsonb END,
  c.last_message_at - (c.per - n) * interval '3 minutes'
FROM (
  SELECT id, asker_id, owner_id, last_message_at, ${LINES_PER_THREAD} AS per FROM conversations
  WHERE id IN (SELECT md5('bench-thread-' || g)::uuid FROM generate_series(1, ${MEMBER_THREADS}) AS g)
  UNION ALL
  SELECT id, asker_id, owner_id, last_message_at, ${LINES_PER_OTHER_THREAD} FROM conversations
  WHERE id IN (SELECT md5('bench-other-thread-' || g)::uuid FROM generate_series(1, ${OTHER_THREADS}) AS g)
) AS c
CROSS JOIN LATERAL generate_series(1, c.per) AS n
ORDER BY c.last_message_at - (c.per - n) * interval '3 minutes'`);
  await exec(`
UPDATE conversations c SET last_seq = x.last_seq
FROM (SELECT conversation_id, max(seq) AS last_seq FROM conversation_messages GROUP BY conversation_id) AS x
WHERE x.conversation_id = c.id`);
  // Both members read to the end, except the member in their newest threads (5 lines behind).
  await exec(`
INSERT INTO conversation_reads (conversation_id, user_id, last_read_seq)
SELECT c.id, who.user_id, c.last_seq
FROM conversations c CROSS JOIN LATERAL (VALUES (c.asker_id), (c.owner_id)) AS who(user_id)
WHERE c.last_seq > 0`);
  await exec(memberReadPointers);
  // The member's notices, one every half hour back over a year, the newest 150 unread.
  await exec(`
INSERT INTO notifications (user_id, kind, payload, created_at, read_at)
SELECT ${m},
  (ARRAY['message.received', 'proposal.received', 'review.received'])[1 + g % 3],
  CASE g % 3
    WHEN 0 THEN jsonb_build_object('conversationId', md5('bench-thread-' || (1 + g % ${MEMBER_THREADS}))::uuid,
      'otherName', 'Olivia Smith', 'listingTitle', 'Cordless drill')
    WHEN 1 THEN jsonb_build_object('swapId', md5('bench-swap-' || (1 + g % 2000))::uuid, 'role', 'receiver',
      'otherName', 'Jack Jones', 'mine', 'Mountain bike', 'theirs', 'Surfboard')
    ELSE jsonb_build_object('swapId', md5('bench-swap-' || (1 + g % 2000))::uuid, 'role', 'proposer',
      'otherName', 'Mia Tran', 'mine', 'Camping tent', 'theirs', 'Road bike', 'rating', 5)
  END,
  now() - g * interval '26 minutes',
  CASE WHEN g > ${UNREAD_NOTICES} THEN now() - g * interval '26 minutes' + interval '1 hour' END
FROM generate_series(1, ${MEMBER_NOTICES}) AS g`);
}

/** The member's read pointers as seeded: to the end, except 5 lines behind in their newest threads. */
const memberReadPointers = `
UPDATE conversation_reads r SET (last_read_seq, waiting) = (SELECT CASE
  WHEN c.id IN (SELECT md5('bench-thread-' || g)::uuid FROM generate_series(1, ${UNREAD_THREADS}) AS g)
  THEN c.last_seq - 5 ELSE c.last_seq END AS seq, c.id IN (SELECT md5('bench-thread-' || g)::uuid
  FROM generate_series(1, ${UNREAD_THREADS}) AS g) AS waiting)
FROM conversations c
WHERE r.conversation_id = c.id AND r.user_id = '${CONVERSATION_MEMBER}'`;

/** Whether the database (a kept one, with --reuse) already holds the threads. */
export async function conversationsSeeded(raw: Raw) {
  const [row] = await raw("select count(*)::int as n from conversations where owner_id = $1 or asker_id = $1", [
    CONVERSATION_MEMBER,
  ]);
  return Number(row.n) >= MEMBER_THREADS;
}

export type ConversationQuery = {
  name: string;
  label: string;
  /** Database time: the sum of the medians of the statements the use case ran. */
  dbMs: number;
  statements: number;
  /** The use case's own time, in this process over the app's connection (median of the samples). */
  wallMedianMs: number;
  answer: string;
  slowest: { sql: string; executionMs: number; plan: string } | null;
  plans: string[];
  /** Each statement's median, in the order the use case ran them. */
  statementsMs: number[];
};

const SAMPLES = 30;

/** Every page above as the member opens it, with the SQL explained; and the contact rule. */
export async function measureConversations({ handle, exec }: BenchDatabase, { explainPage }: Explainer) {
  const db = handle.db;
  const deps = { db, mask: maskContactDetails };
  const userId = CONVERSATION_MEMBER;
  const firstInbox = await findInbox(deps, { userId });
  let deep: string | null = firstInbox.nextCursor;
  deep = deep ? (await findInbox(deps, { userId, cursor: deep })).nextCursor : null;
  const middleThread = "md5('bench-thread-1000')::uuid";
  const [{ id: threadId }] = (await handle.db.execute(`select ${middleThread}::text as id`)).rows as { id: string }[];
  const probes: { name: string; label: string; run: () => Promise<unknown>; answer: (x: never) => string }[] = [
    {
      name: "inbox",
      label: "Inbox, first page (20 threads of 2,000)",
      run: () => findInbox(deps, { userId }),
      answer: (x: Awaited<ReturnType<typeof findInbox>>) =>
        `${x.threads.length} threads, ${x.threads.reduce((s, t) => s + t.unread, 0)} unread lines`,
    },
    {
      name: "inbox_deep",
      label: "Inbox, third page (keyset)",
      run: () => findInbox(deps, { userId, cursor: deep }),
      answer: (x: Awaited<ReturnType<typeof findInbox>>) => `${x.threads.length} threads`,
    },
    {
      name: "thread",
      label: "Thread page, latest 50 lines (thread 1,000 of 2,000)",
      run: () => findThread(deps, { conversationId: threadId, viewerId: userId }),
      answer: (x: Awaited<ReturnType<typeof findThread>>) => `${x.lines.length} lines`,
    },
    {
      name: "unread_messages",
      label: `Header's unread message count (${UNREAD_THREADS} threads with something new)`,
      run: () => countUnreadMessages(db, { userId }),
      answer: (x: number) => `${x}`,
    },
    {
      name: "notifications",
      label: `Notifications page, first 30 of ${MEMBER_NOTICES.toLocaleString("en-AU")}`,
      run: () => findNotifications(db, { userId }),
      answer: (x: Awaited<ReturnType<typeof findNotifications>>) => `${x.page.length} notices`,
    },
    {
      name: "unread_notices",
      label: `Bell's unread count (${UNREAD_NOTICES} unread)`,
      run: () => countUnreadNotifications(db, userId),
      answer: (x: number) => `${x}`,
    },
  ];

  const results: ConversationQuery[] = [];
  const measure = async (probe: (typeof probes)[number], name = probe.name, label = probe.label) => {
    startCapturing();
    const answer = await probe.run();
    const queries = stopCapturing();
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const start = process.hrtime.bigint();
      await probe.run();
      times.push(ms(start));
    }
    times.sort((a, b) => a - b);
    const explained: ExplainedQuery[] = await explainPage(queries);
    const slowest = [...explained].sort((a, b) => b.executionMs - a.executionMs)[0];
    const result: ConversationQuery = {
      name,
      label,
      dbMs: round(explained.reduce((sum, q) => sum + q.executionMs, 0)),
      statements: explained.length,
      wallMedianMs: round(times[Math.floor(times.length / 2)]),
      answer: probe.answer(answer as never),
      slowest: slowest
        ? { sql: slowest.sql.slice(0, 600), executionMs: slowest.executionMs, plan: slowest.plan }
        : null,
      plans: explained.map((q) => q.plan),
      statementsMs: explained.map((q) => q.executionMs),
    };
    log(
      `${label}: ${result.answer}; database ${result.dbMs} ms in ${result.statements} statements, in process median ${result.wallMedianMs} ms`,
    );
    results.push(result);
  };
  for (const probe of probes) await measure(probe);

  // The worst case for the header: nothing read in any of the 2,000 threads (shown as 99+).
  await exec(
    `UPDATE conversation_reads SET last_read_seq = 0, waiting = true WHERE user_id = '${userId}'
       AND conversation_id IN (SELECT md5('bench-thread-' || g)::uuid FROM generate_series(1, ${MEMBER_THREADS}) AS g)`,
  );
  await exec("ANALYZE conversation_reads");
  await measure(
    probes.find((p) => p.name === "unread_messages")!,
    "unread_messages_none_read",
    "Header's unread message count (nothing read in 2,000 threads)",
  );
  await exec(memberReadPointers);
  await exec("ANALYZE conversation_reads");
  const contactRule = timeContactRule();
  return { queries: results, contactRule };
}

/**
 * `npx tsx bench/conversations.ts`: this benchmark alone, on a small fresh database (the members, 3,000 listings and
 * the extra members the threads need), for working on these queries; `npm run bench` measures it beside the rest.
 */
async function standalone() {
  const { openBenchDatabase } = await import("./database");
  const { explainer } = await import("./explain");
  const { seedMembers, seedListings, pickLocalities } = await import("./seed");
  const { seedExtraMembers } = await import("./back-office");
  const { root } = await import("./options");
  process.chdir(root);
  const db = await openBenchDatabase();
  try {
    const { migrate } = await import("#db/migrate.ts");
    await migrate(db.handle);
    if (!(await conversationsSeeded(db.raw))) {
      const localities = pickLocalities(50);
      await seedMembers(db.exec, localities);
      await seedListings(db.exec, 3_000, localities);
      await seedExtraMembers(db.exec, 200, 7_200);
      const start = process.hrtime.bigint();
      await seedConversations(db.exec, 7_200);
      log(`seeded the conversations in ${(ms(start) / 1000).toFixed(1)} s`);
    }
    await db.exec("VACUUM ANALYZE");
    const { queries, contactRule } = await measureConversations(db, explainer(db));
    for (const q of queries)
      console.log(`\n${q.label}: ${q.dbMs} ms (${q.statementsMs.join(" + ")})\n${q.plans.join("\n--\n")}`);
    console.log(contactRule);
  } finally {
    await db.cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await standalone();
