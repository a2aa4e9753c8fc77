import { z } from "zod";
import type { AppContext } from "#app/context.ts";
import { blockMember, CANNOT_BLOCK_YOURSELF, MEMBER_TO_BLOCK_NOT_FOUND } from "#core/conversations/block-member.ts";
import {
  CONTACT_DETAILS_NOTE,
  type ContactDetailMatch,
  maskContactDetails,
} from "#core/conversations/contact-details.ts";
import { RECIPIENT_NOT_ACTIVE, SENDER_NOT_ACTIVE, THREAD_NOT_FOUND } from "#core/conversations/conversation-guards.ts";
import { NEW_ACCOUNT_DAYS } from "#core/conversations/conversation-limits.ts";
import { findBlockedMembers } from "#core/conversations/find-blocked-members.ts";
import { findInbox } from "#core/conversations/find-inbox.ts";
import { findThread } from "#core/conversations/find-thread.ts";
import { isThreadUnlocked } from "#core/conversations/is-thread-unlocked.ts";
import { markThreadRead } from "#core/conversations/mark-thread-read.ts";
import { BLOCKED_PAIR } from "#core/conversations/member-blocks.ts";
import { messagePictureUrls } from "#core/conversations/message-pictures.ts";
import { MESSAGE_REQUIRED, MESSAGE_TOO_LONG, TOO_MANY_MESSAGE_PICTURES } from "#core/conversations/message-rules.ts";
import { readMessageForm } from "#core/conversations/read-message-form.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { askAboutListing, LISTING_NOT_AVAILABLE, OWN_LISTING_MESSAGE } from "#core/conversations/start-conversation.ts";
import { unblockMember } from "#core/conversations/unblock-member.ts";
import { CHOOSE_A_REASON, MAX_REPORT_NOTES, NOTES_TOO_LONG } from "#core/moderation/report-form.ts";
import {
  MESSAGE_ALREADY_REMOVED,
  MESSAGE_ALREADY_REPORTED,
  MESSAGE_NOT_FOUND,
  OWN_MESSAGE,
  REPORTING_MESSAGES_OFF,
  reportMessage,
} from "#core/moderation/report-message.ts";
import { MEMBER_LIMITS, type MemberLimitedAction } from "#core/rate-limit/member-limits.ts";
import { INVALID_FILE_TYPE } from "#core/images/detect-image-type.ts";
import { FILE_TOO_LARGE, MAX_IMAGE_BYTES } from "#core/images/process-listing-image.ts";
import { AppError } from "#core/shared/app-error.ts";
import { NUL_REFUSED } from "#core/shared/nul-characters.ts";
import { REPORT_REASONS } from "#db/schema/report-values.ts";
import { readFormData } from "#core/shared/read-form-data.ts";
import {
  CONVERSATION_MESSAGE_KINDS,
  MAX_CONVERSATION_MESSAGE_LENGTH,
  MAX_MESSAGE_PICTURES,
  THREAD_EVENT_KINDS,
} from "#db/schema/conversations.ts";
import { cursorQuery, memberOf } from "./account";
import { createRouter, endpointsOf, isoDateTime, named, pathParam, readJson } from "./contract";
import { idParam, ListingImage } from "./shapes";

// Conversations between members about a listing, and blocks (issue 26, decision 081): the same use cases as the
// pages, with the contact rule passed in, so that a message reads here exactly as it does on the thread page.

/** Every kind of contact detail the rule finds: a kind the rule gains and this lacks fails the type check. */
const CONTACT_DETAIL_KINDS = {
  phone: "phone",
  email: "email",
  url: "url",
  handle: "handle",
} as const satisfies { [K in ContactDetailMatch["kind"]]: K };

/** The rule as the use cases take it. */
const withRule = (ctx: AppContext) => ({
  db: ctx.db,
  clock: ctx.clock,
  mask: maskContactDetails,
  env: ctx.env,
  storage: ctx.storage,
});

/** A message's body as large as its pictures may make it: 4 of 5 MB, and room for the words and the form. */
export const MESSAGE_UPLOAD_LIMIT = MAX_MESSAGE_PICTURES * MAX_IMAGE_BYTES + 1024 * 1024;

// ---- What the endpoints read ----

export const UP_TO_SEQ_INVALID = "upToSeq must be a whole number, 0 or more.";

export const SendMessageRequest = named(
  "SendMessageRequest",
  z
    .object({
      body: z
        .string()
        .min(1)
        .max(MAX_CONVERSATION_MESSAGE_LENGTH)
        .meta({
          description: `The words, trimmed: 1 to ${MAX_CONVERSATION_MESSAGE_LENGTH.toLocaleString("en-AU")} characters, no NUL.`,
        }),
    })
    .meta({
      description:
        "Phone numbers, e-mail addresses, links and messenger handles are kept as written, but shown to the other member masked until both fees of the thread's swap are paid.",
    }),
);

export const SendMessageForm = named(
  "SendMessageForm",
  z
    .object({
      body: z
        .string()
        .max(MAX_CONVERSATION_MESSAGE_LENGTH)
        .optional()
        .meta({ description: "The words, trimmed: up to 2,000 characters; may be left out when pictures are sent." }),
      pictures: z
        .array(z.file().mime(["image/jpeg", "image/png", "image/webp", "image/gif"]).max(MAX_IMAGE_BYTES))
        .max(MAX_MESSAGE_PICTURES)
        .optional()
        .meta({
          description: `Up to ${MAX_MESSAGE_PICTURES} pictures of up to 5 MB each (JPEG, PNG, WebP or GIF, recognised by their bytes), re-encoded and stripped of their metadata (GPS position included), as a listing's are.`,
        }),
    })
    .meta({ description: "A message with pictures: words, pictures, or both." }),
);

export const MarkReadRequest = named(
  "MarkReadRequest",
  z
    .object({
      upToSeq: z.number().int().min(0).optional().meta({
        description:
          "The `seq` of the last message the member saw (it never moves back, nor past the thread's last line); left out, everything.",
      }),
    })
    .meta({ description: "Optional: without a body, the whole thread is read." }),
);

export const ReportMessageRequest = named(
  "ReportMessageRequest",
  z
    .object({
      reason: z.enum(REPORT_REASONS).meta({ description: "Why: one of the report reasons, as for a listing." }),
      notes: z
        .string()
        .max(MAX_REPORT_NOTES)
        .nullable()
        .optional()
        .meta({ description: `What is wrong with it, up to ${MAX_REPORT_NOTES.toLocaleString("en-AU")} characters.` }),
    })
    .meta({
      description:
        "A report of a message the other member wrote, for SwapShed's moderators. They read the reported message and the messages around it, nothing else of the conversation; the member who wrote it is not told who reported it.",
    }),
);

// ---- What they answer ----

const ThreadListing = z
  .object({
    id: z.guid().nullable().meta({ description: "null once the listing has been removed for good." }),
    title: z.string().meta({ description: "Its title now, or the one it had when it went." }),
    picture: ListingImage.nullable(),
  })
  .meta({ description: "The listing the thread is about." });

const OtherMember = z.object({
  id: z.string(),
  name: z.string().meta({ description: "`Deleted member` once their account is deleted." }),
});

const maskedNote = z
  .string()
  .nullable()
  .meta({ description: `'${CONTACT_DETAILS_NOTE}' when a message here is masked; null otherwise.` });

const Conversations = named(
  "Conversations",
  z.object({
    conversations: z.array(
      z.object({
        id: z.guid(),
        listing: ThreadListing,
        other: OtherMember,
        lastMessageAt: isoDateTime,
        lastLine: z
          .object({
            mine: z.boolean(),
            body: z.string().nullable().meta({
              description:
                "As this member may see it (masked where the rule says); null for an event line or removed words.",
            }),
            masked: z.boolean(),
            removed: z.boolean(),
            eventKind: z.enum(THREAD_EVENT_KINDS).nullable(),
            pictures: z
              .number()
              .int()
              .meta({ description: "How many pictures it carries (a message of pictures only has a null body)." }),
          })
          .nullable(),
        unread: z
          .number()
          .int()
          .meta({ description: "The other member's lines (and the deal's) since this member last read." }),
      }),
    ),
    nextCursor: z.string().nullable(),
  }),
);

const MessagePictureShape = named(
  "MessagePicture",
  z.object({
    key: z.string(),
    widths: z.array(z.number().int().positive()),
    urls: z
      .array(z.object({ width: z.number().int().positive(), url: z.string() }))
      .meta({ description: "Each stored width's address, narrowest first (`/uploads/{key}-{width}.webp`)." }),
  }),
);

const Message = named(
  "Message",
  z
    .object({
      id: z.guid(),
      seq: z
        .number()
        .int()
        .meta({ description: "The one order both members see; what `upToSeq`, `cursor` and `after` count." }),
      kind: z
        .enum(CONVERSATION_MESSAGE_KINDS)
        .meta({ description: "`text`: a member's words; `event`: a step of the deal." }),
      senderId: z.string().nullable(),
      mine: z.boolean(),
      body: z.string().nullable().meta({
        description:
          "The words as this member may see them: the other member's contact details masked until both fees are paid. null on an event line or words removed with a deleted account.",
      }),
      masked: z
        .boolean()
        .meta({ description: "Contact details in it are hidden from this member until both fees are paid." }),
      pictures: z.array(MessagePictureShape).meta({
        description:
          "Up to 4, in the order sent; empty on an event line and once the words are removed. Served to the thread's two members only (a 404 for anyone else).",
      }),
      removed: z.boolean().meta({
        description:
          "The words are gone: a deleted member's, removed after 30 days, or a reported message SwapShed staff removed.",
      }),
      removedByStaff: z
        .boolean()
        .meta({ description: 'SwapShed staff removed it after a report: show "Message removed by SwapShed staff".' }),
      event: z
        .object({ kind: z.enum(THREAD_EVENT_KINDS), payload: z.record(z.string(), z.unknown()) })
        .nullable()
        .meta({
          description: "On an event line: a proposal, an acceptance, a payment or a review, with its swap's id.",
        }),
      createdAt: isoDateTime,
    })
    .meta({ description: "A line of a thread, as the member asking sees it." }),
);

const ConversationPage = named(
  "ConversationPage",
  z.object({
    conversation: z.object({
      id: z.guid(),
      listing: ThreadListing,
      other: OtherMember,
      swapId: z.guid().nullable().meta({ description: "The deal: the latest swap between the two on this listing." }),
      unlocked: z.boolean().meta({ description: "Both fees of the deal are paid: nothing is masked." }),
      blocked: z.boolean().meta({ description: "One of the two has blocked the other: the thread is read-only." }),
    }),
    messages: z.array(Message).meta({ description: "Oldest first." }),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` for the messages before these; null at the thread's start." }),
    seenUpTo: z
      .number()
      .int()
      .meta({ description: 'How far the other member has read ("Seen" goes on your last line at or before it).' }),
    lastReadSeq: z.number().int().meta({ description: "How far this member had read." }),
    maskedNote,
  }),
);

const AskedConversation = named(
  "AskedConversation",
  z.object({
    id: z.guid(),
    created: z.boolean().meta({ description: "true for a new thread (201), false when it continues one (200)." }),
  }),
);

const SentMessage = named(
  "SentMessage",
  z.object({
    message: z.object({
      id: z.guid(),
      seq: z.number().int(),
      createdAt: isoDateTime,
      masked: z.array(z.enum(CONTACT_DETAIL_KINDS)).meta({
        description:
          "The kinds of contact detail the other member will see masked, each once: what a client tells the sender about. Empty when there are none, and once both fees of the thread's swap are paid (nothing is masked then).",
      }),
    }),
    maskedNote,
  }),
);

const ReadUpTo = named("ReadUpTo", z.object({ lastReadSeq: z.number().int() }));

const MessageReport = named(
  "MessageReport",
  z.object({
    id: z.guid().meta({ description: "The report's id." }),
    status: z.literal("pending").meta({ description: "Waiting for a moderator." }),
  }),
);

const BlockedMembers = named(
  "BlockedMembers",
  z.object({
    blocked: z.array(
      z.object({
        id: z.string(),
        name: z.string().meta({ description: "`Deleted member` once their account is deleted." }),
        blockedAt: isoDateTime,
      }),
    ),
  }),
);

const Block = named("Block", z.object({ blocked: z.boolean() }));

// ---- The endpoints ----

const conversationEndpoint = endpointsOf({ tag: "Conversations", access: "member" });
const blockEndpoint = endpointsOf({ tag: "Blocks", access: "member" });

const conversationId = { id: idParam("conversation") };
const NOT_FOUND = `'${THREAD_NOT_FOUND}' (also for a thread you are not in).`;
const BLOCKED = `'${BLOCKED_PAIR}' (either of you blocked the other)`;
const SENDER_INACTIVE = `'${SENDER_NOT_ACTIVE}'`;
const RECIPIENT_INACTIVE = `'${RECIPIENT_NOT_ACTIVE}'`;
/** A limit as MEMBER_LIMITS holds it: its `window`-th window's count. */
const limitOf = (action: MemberLimitedAction, window = 0) => MEMBER_LIMITS[action].windows[window].limit;

export const listConversationsEndpoint = conversationEndpoint("get /conversations", {
  operationId: "listConversations",
  summary: "Your conversations (the inbox)",
  description:
    "The threads you asked in or were asked in, the latest line first, 20 a page: each with its listing, the other member, the last line as you may see it and how many lines you have not read. A thread nobody has written in yet is not listed.",
  query: { cursor: cursorQuery("conversations") },
  responses: { 200: { description: "A page of threads and the next page's cursor.", schema: Conversations } },
});

export const askAboutListingEndpoint = conversationEndpoint("post /listings/:id/conversation", {
  operationId: "askAboutListing",
  summary: "Open (or continue) the conversation about a listing",
  description: `One thread per listing and member asking: asking again continues it, even once the listing is reserved or gone. Write in it with \`POST /conversations/{id}/messages\`. New threads: ${limitOf("start_conversation")} a day, ${limitOf("start_conversation_new_account")} a day for an account younger than ${NEW_ACCOUNT_DAYS} days.`,
  params: { id: idParam("listing") },
  responses: {
    201: { description: "A new thread.", schema: AskedConversation },
    200: { description: "The thread you already have about this listing.", schema: AskedConversation },
  },
  errors: {
    403: `'${OWN_LISTING_MESSAGE}', ${BLOCKED} or ${SENDER_INACTIVE}`,
    404: `'${LISTING_NOT_AVAILABLE}' (missing, or not public, and no thread about it yet).`,
    409: RECIPIENT_INACTIVE,
    429: "'You've reached the limit for new conversations. …' (when you can start another).",
  },
});

export const listMessagesEndpoint = conversationEndpoint("get /conversations/:id/messages", {
  operationId: "listMessages",
  summary: "A conversation and its messages",
  description:
    "The latest 50 lines, oldest first; `nextCursor` pages back through older ones, `after` gives the lines since one (for a client that keeps a thread open). Reading does not mark anything read: `POST /conversations/{id}/read` does.",
  params: conversationId,
  query: {
    cursor: z
      .string()
      .optional()
      .meta({ description: "The `nextCursor` of the previous answer: the 50 lines before it." }),
    after: z
      .string()
      .optional()
      .meta({ description: "A line's `seq`: the lines after it, oldest first, 50 at most (ask again from the last)." }),
  },
  responses: { 200: { description: "The thread and a page of its lines.", schema: ConversationPage } },
  errors: { 404: NOT_FOUND },
});

export const sendMessageEndpoint = conversationEndpoint("post /conversations/:id/messages", {
  operationId: "sendMessage",
  summary: "Write in a conversation",
  description: `Stored as written, in the one order both members see. Words alone as JSON; with pictures (up to ${MAX_MESSAGE_PICTURES}, words optional) as multipart/form-data with \`body\` and \`pictures\` parts. Contact details in it are shown to the other member masked until both fees of the thread's swap are paid: the answer names what was found, so a client can tell the sender. ${limitOf("send_message")} messages a minute and ${limitOf("send_message", 1)} a day (${limitOf("send_message_new_account")} and ${limitOf("send_message_new_account", 1)} for an account younger than ${NEW_ACCOUNT_DAYS} days).`,
  params: conversationId,
  body: { type: "json", schema: SendMessageRequest, required: true, multipart: SendMessageForm },
  responses: { 201: { description: "Sent.", schema: SentMessage } },
  errors: {
    400: `'${MESSAGE_REQUIRED}' or '${MESSAGE_TOO_LONG}' (\`fields.body\`), or '${NUL_REFUSED}' (refused before it is read). With pictures: '${TOO_MANY_MESSAGE_PICTURES}', or a picture refused by name ('photo.heic: ${INVALID_FILE_TYPE}', '…: ${FILE_TOO_LARGE}') (\`fields.pictures\`); nothing is stored.`,
    403: `${BLOCKED} or ${SENDER_INACTIVE}`,
    404: NOT_FOUND,
    409: RECIPIENT_INACTIVE,
    429: "'You've reached the limit for messages. …' (when you can send another); nothing is stored.",
  },
});

export const markReadEndpoint = conversationEndpoint("post /conversations/:id/read", {
  operationId: "markConversationRead",
  summary: "Mark a conversation read",
  description: "Up to a line, or all of it. Never moves back, so a stale tab cannot undo a later read.",
  params: conversationId,
  body: { type: "json", schema: MarkReadRequest },
  responses: { 200: { description: "How far you have now read.", schema: ReadUpTo } },
  errors: { 400: `'${UP_TO_SEQ_INVALID}' (\`fields.upToSeq\`).`, 404: NOT_FOUND },
});

export const reportMessageEndpoint = conversationEndpoint("post /conversations/:id/messages/:messageId/report", {
  operationId: "reportMessage",
  summary: "Report a message",
  description: `Reports a message the other member wrote in this conversation to SwapShed's moderators (not your own, not a step of the deal, not one already removed). One open report per message from you. Moderators who remove it leave "Message removed by SwapShed staff" in its place for both of you; either way you get a notice when it is settled. ${limitOf("report_message")} reports an hour, ${limitOf("report_message", 1)} a day.`,
  params: {
    ...conversationId,
    messageId: z.string().meta({ description: "The message's `id` (as in `GET /conversations/{id}/messages`)." }),
  },
  body: { type: "json", schema: ReportMessageRequest, required: true },
  responses: { 201: { description: "Reported.", schema: MessageReport } },
  errors: {
    400: `'${CHOOSE_A_REASON}' (\`fields.reason\`) or '${NOTES_TOO_LONG}' (\`fields.notes\`).`,
    403: `'${OWN_MESSAGE}', or '${REPORTING_MESSAGES_OFF}'.`,
    404: `${NOT_FOUND.replace(/\.$/, "")}, or '${MESSAGE_NOT_FOUND}' (not a message of the other member's in this conversation).`,
    409: `'${MESSAGE_ALREADY_REPORTED}' or '${MESSAGE_ALREADY_REMOVED}'.`,
    429: "'You've reached the limit for message reports. …' (when you can report another); nothing is stored.",
  },
});

export const listBlocksEndpoint = blockEndpoint("get /blocks", {
  operationId: "listBlockedMembers",
  summary: "The members you have blocked",
  description: "The latest first.",
  responses: { 200: { description: "Each blocked member.", schema: BlockedMembers } },
});

const memberId = {
  memberId: z.string().meta({ description: "The member's id (as `other.id` in a conversation)." }),
};

export const blockMemberEndpoint = blockEndpoint("put /blocks/:memberId", {
  operationId: "blockMember",
  summary: "Block a member",
  description:
    "Neither of you can then message the other, open a thread with them or propose a swap to them; your threads with them stay, read-only. Blocking again changes nothing.",
  params: memberId,
  responses: { 200: { description: "Blocked.", schema: Block } },
  errors: { 400: `'${CANNOT_BLOCK_YOURSELF}'`, 404: `'${MEMBER_TO_BLOCK_NOT_FOUND}'` },
});

export const unblockMemberEndpoint = blockEndpoint("delete /blocks/:memberId", {
  operationId: "unblockMember",
  summary: "Unblock a member",
  description: "Lifts your own block only (a block the other member made stays). Always works.",
  params: memberId,
  responses: { 200: { description: "No longer blocked by you.", schema: Block } },
});

/** The optional `upToSeq` of a read: left out (or null) is everything; anything but a whole number ≥ 0 is refused. */
function readUpToSeq(input: Record<string, unknown>): number | undefined {
  if (input.upToSeq == null) return undefined;
  const parsed = MarkReadRequest.shape.upToSeq.safeParse(input.upToSeq);
  if (!parsed.success || parsed.data === undefined || !Number.isSafeInteger(parsed.data))
    throw new AppError("VALIDATION", UP_TO_SEQ_INVALID, { field: "upToSeq" });
  return parsed.data;
}

/** /api/v1 conversations and blocks: only the thread's two members can read or write in it. */
export function createConversationRoutes() {
  const router = createRouter();

  router.add(listConversationsEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    const inbox = await findInbox(withRule(ctx), { userId: user.id, cursor: c.req.query("cursor") });
    return reply(200, { conversations: inbox.threads, nextCursor: inbox.nextCursor });
  });

  router.add(askAboutListingEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    const asked = await askAboutListing(ctx, { listingId: pathParam(c, "id"), askerId: user.id });
    return asked.created ? reply(201, asked) : reply(200, asked);
  });

  router.add(listMessagesEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    const page = await findThread(withRule(ctx), {
      conversationId: pathParam(c, "id"),
      viewerId: user.id,
      before: c.req.query("cursor"),
      after: c.req.query("after"),
    });
    return reply(200, {
      conversation: page.thread,
      messages: page.lines.map((line) => ({ ...line, pictures: messagePictureUrls(line.pictures) })),
      nextCursor: page.olderCursor,
      seenUpTo: page.seenUpTo,
      lastReadSeq: page.lastReadSeq,
      maskedNote: page.lines.some((line) => line.masked) ? CONTACT_DETAILS_NOTE : null,
    });
  });

  router.add(sendMessageEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    // JSON for words alone; a form for pictures (with or without words).
    const input = /^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")
      ? await readMessageForm(await readFormData(c.req.raw))
      : { body: (await readJson(c.req.raw)).body };
    const sent = await sendMessage(withRule(ctx), {
      conversationId: pathParam(c, "id"),
      senderId: user.id,
      ...input,
    });
    // The rule's findings are recorded whatever the deal; the sender is told of them only while they are masked.
    const found = [...new Set(sent.masked)] as ContactDetailMatch["kind"][];
    const masked = found.length > 0 && !(await isThreadUnlocked(ctx.db, pathParam(c, "id"))) ? found : [];
    return reply(201, {
      message: { id: sent.id, seq: sent.seq, createdAt: sent.createdAt, masked },
      maskedNote: masked.length > 0 ? CONTACT_DETAILS_NOTE : null,
    });
  });

  router.add(markReadEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    const upToSeq = readUpToSeq(await readJson(c.req.raw));
    return reply(200, await markThreadRead(ctx, { conversationId: pathParam(c, "id"), userId: user.id, upToSeq }));
  });

  router.add(reportMessageEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    const input = await readJson(c.req.raw);
    const report = await reportMessage(ctx, {
      reporterId: user.id,
      conversationId: pathParam(c, "id"),
      messageId: pathParam(c, "messageId"),
      reason: input.reason,
      notes: input.notes ?? undefined,
    });
    return reply(201, { id: report.id, status: "pending" as const });
  });

  router.add(listBlocksEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    return reply(200, { blocked: await findBlockedMembers(ctx.db, { userId: user.id }) });
  });

  router.add(blockMemberEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    await blockMember(ctx, { blockerId: user.id, blockedId: pathParam(c, "memberId") });
    return reply(200, { blocked: true });
  });

  router.add(unblockMemberEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    await unblockMember(ctx.db, { blockerId: user.id, blockedId: pathParam(c, "memberId") });
    return reply(200, { blocked: false });
  });

  return router;
}
