// Conversations between members about a listing, the lines in them, who has read how far, who blocked whom, and
// the contact details the masking rule caught (docs/decisions/081).
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz, updatedAt } from "./columns";
import { listings } from "./listings";
import { swapProposals } from "./swaps";

/** The longest message a member may send, in characters (the database holds the same line). */
export const MAX_CONVERSATION_MESSAGE_LENGTH = 2000;
/** Pictures one message may carry (through the listing pictures' pipeline: checked, re-encoded, metadata gone). */
export const MAX_MESSAGE_PICTURES = 4;
/** A stored picture of a message: its storage key and the widths it was re-encoded at (as a listing's). */
export type MessagePicture = { key: string; widths: number[] };

/** A member's words, or a line the swap use cases put in the thread (recordThreadEvent). */
export const CONVERSATION_MESSAGE_KINDS = ["text", "event"] as const;
export type ConversationMessageKind = (typeof CONVERSATION_MESSAGE_KINDS)[number];

/** What an event line says happened in the deal. */
export const THREAD_EVENT_KINDS = [
  "proposal",
  "accepted",
  "paid",
  "review",
  // An arranging swap's steps (issue 28, decision 096).
  "meeting_proposed",
  "meeting_agreed",
  "swapped",
  "completed",
  // A counter-offer (issue 29, decision 103): the payload holds the new deal's titles and its round.
  "countered",
] as const;
export type ThreadEventKind = (typeof THREAD_EVENT_KINDS)[number];

/**
 * One thread per listing and asker: "Message" on a listing opens it or continues it. The thread outlives the
 * listing (the title is kept) and, once a swap between the two on that listing is proposed, carries the deal.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // SET NULL: a purge that removes a listing never in a proposal keeps the members' thread.
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    // The listing's title when the thread was opened, shown once the listing is gone.
    listingTitle: text("listing_title").notNull(),
    askerId: text("asker_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // The listing's owner when the thread was opened.
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    // The deal: the latest swap between the two on this listing. Its fees decide what is masked.
    swapId: uuid("swap_id").references(() => swapProposals.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    // NULL until the first line: a thread opened and never written in is in nobody's inbox.
    lastMessageAt: tstz("last_message_at"),
    // The seq of the thread's latest line (0 before the first): a thread is unread for a member while this is past
    // their read pointer, so the header's count only looks inside threads that have something new.
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    check("conversations_distinct_members_check", sql`${t.askerId} <> ${t.ownerId}`),
    check("conversations_listing_title_check", sql`char_length(${t.listingTitle}) BETWEEN 1 AND 200`),
    // The database, not the app, keeps it to one thread when two "Message" clicks race.
    uniqueIndex("conversations_listing_asker_idx").on(t.listingId, t.askerId),
    // The inbox, newest first, on either side of the thread.
    index("conversations_asker_inbox_idx")
      .on(t.askerId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.lastMessageAt} IS NOT NULL`),
    index("conversations_owner_inbox_idx")
      .on(t.ownerId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.lastMessageAt} IS NOT NULL`),
    index("conversations_swap_idx").on(t.swapId).where(sql`${t.swapId} IS NOT NULL`),
  ],
);

/**
 * A line of a thread. The text is stored as written; contact details are masked when it is read, for the other
 * member, until both fees of the thread's swap are paid (after that nothing is masked). `seq` is the one order
 * both members see.
 */
export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    // NULL for a line nobody wrote (a swap that lapsed).
    senderId: text("sender_id").references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: CONVERSATION_MESSAGE_KINDS }).notNull(),
    // The member's words (text lines); NULL on event lines, and once the purge removed a deleted member's words.
    body: text("body"),
    eventKind: text("event_kind", { enum: THREAD_EVENT_KINDS }),
    eventPayload: jsonb("event_payload").$type<Record<string, unknown>>(),
    // Up to MAX_MESSAGE_PICTURES pictures (text lines only); emptied with the words by the purge.
    pictures: jsonb("pictures").$type<MessagePicture[]>().notNull().default(sql`'[]'::jsonb`),
    // The kinds of contact detail the rule found when it was sent (empty when none).
    maskedKinds: text("masked_kinds").array().notNull().default(sql`'{}'::text[]`),
    // When the purge removed the words of a member whose 30 days after deletion were up.
    removedAt: tstz("removed_at"),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("conversation_messages_kind_check", inList(t.kind, CONVERSATION_MESSAGE_KINDS)),
    check(
      "conversation_messages_event_kind_check",
      sql`${t.eventKind} IS NULL OR ${inList(t.eventKind, THREAD_EVENT_KINDS)}`,
    ),
    // A text line holds up to 2,000 characters and up to 4 pictures, at least one of the two, until the purge
    // empties it; an event line holds its kind, no text and no picture. (Each branch is a plain true or false: a
    // CHECK that comes out NULL would let the row in; CASE keeps jsonb_array_length from a non-array.)
    check(
      "conversation_messages_shape_check",
      sql`CASE WHEN jsonb_typeof(${t.pictures}) <> 'array' OR jsonb_array_length(${t.pictures}) > ${sql.raw(String(MAX_MESSAGE_PICTURES))} THEN false
        WHEN ${t.kind} = 'text' THEN ${t.eventKind} IS NULL AND (
          (${t.removedAt} IS NULL AND coalesce(char_length(${t.body}) <= ${sql.raw(String(MAX_CONVERSATION_MESSAGE_LENGTH))}, true)
            AND (coalesce(char_length(${t.body}), 0) >= 1 OR jsonb_array_length(${t.pictures}) >= 1))
          OR (${t.removedAt} IS NOT NULL AND ${t.body} IS NULL AND jsonb_array_length(${t.pictures}) = 0))
        ELSE ${t.eventKind} IS NOT NULL AND ${t.body} IS NULL AND jsonb_array_length(${t.pictures}) = 0 END`,
    ),
    // A thread's page, in order, and its unread count (seq after the member's last read one).
    uniqueIndex("conversation_messages_thread_idx").on(t.conversationId, t.seq),
    // The export and the purge: a member's own lines.
    index("conversation_messages_sender_idx").on(t.senderId).where(sql`${t.senderId} IS NOT NULL`),
  ],
);

/** How far each member has read a thread: unread counts, and "Seen" for the other member. */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadSeq: bigint("last_read_seq", { mode: "number" }).notNull().default(0),
    // True once someone else puts a line in the thread, false once the member has read to its last line: the
    // header's count looks only inside the member's waiting threads (decision 088). Never false while a line of
    // someone else's is past the pointer (a read takes the thread's row lock before it clears it).
    waiting: boolean("waiting").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "conversation_reads_pkey", columns: [t.conversationId, t.userId] }),
    index("conversation_reads_waiting_idx").on(t.userId).where(sql`${t.waiting}`),
  ],
);

/** A member who no longer wants to hear from another: no messages, no proposals, either way. */
export const memberBlocks = pgTable(
  "member_blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "member_blocks_pkey", columns: [t.blockerId, t.blockedId] }),
    check("member_blocks_distinct_members_check", sql`${t.blockerId} <> ${t.blockedId}`),
    // "Is either of these two blocking the other?" reads the key both ways; this serves the reverse and the cascade.
    index("member_blocks_blocked_idx").on(t.blockedId),
  ],
);

/** Each message in which the rule found contact details: what a later staff signal counts. */
export const contactDetailAttempts = pgTable(
  "contact_detail_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    messageId: uuid("message_id")
      .notNull()
      .references(() => conversationMessages.id, { onDelete: "cascade" }),
    kinds: text("kinds").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_detail_attempts_kinds_check", sql`cardinality(${t.kinds}) >= 1`),
    index("contact_detail_attempts_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("contact_detail_attempts_message_idx").on(t.messageId),
  ],
);
