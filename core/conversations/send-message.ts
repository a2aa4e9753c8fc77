import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import {
  contactDetailAttempts,
  conversationMessages,
  conversations,
  type MessagePicture,
} from "#db/schema/conversations.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import type { MessageEventPayloads } from "../events/event-kinds";
import { recordEvent } from "../events/record-event";
import { publishLive } from "../live/publish-live";
import { saveWithNewPictures } from "../images/save-with-new-pictures";
import { checkContactAttempts } from "../trust/check-contact-attempts";
import { checkMessageWording } from "../trust/wording-signals";
import { MemberLimitError, recordMemberLimitRefusal } from "../rate-limit/member-limits";
import type { Clock } from "../shared/clock";
import type { FileStorage } from "../storage/storage";
import { advanceReadPointer, markThreadWaiting } from "./advance-read-pointer";
import type { MaskContactDetails } from "./contact-mask";
import { findThreadAsParticipant, refuseUnlessBothActive } from "./conversation-guards";
import { hitConversationLimit } from "./conversation-limits";
import { refuseIfBlocked } from "./member-blocks";
import { checkMessagePictureCount } from "./message-pictures";
import { readMessageBody } from "./read-message-body";

export type SentMessage = {
  id: string;
  seq: number;
  createdAt: Date;
  /** The kinds of contact detail the other member will see masked until both fees are paid (empty when none). */
  masked: string[];
};

/**
 * A member writes in a thread, in one transaction: the thread's row is locked first, so the messages of one thread
 * commit in the order of their `seq` (the one order both members see, and what "read up to" counts). The words are
 * stored as written; the contact rule's findings are kept with them, and a message with any is recorded as an
 * attempt. The other member hears of it through the `message.sent` event once it commits.
 *
 * Up to 4 pictures may go with the words (or instead of them): checked and re-encoded by the listing pictures'
 * pipeline and stored before the transaction, kept only if it commits (a refusal in it deletes them again:
 * core/images/save-with-new-pictures.ts). Decision 087.
 */
export async function sendMessage(
  deps: { db: Db; clock: Clock; mask: MaskContactDetails; env?: { APP_URL: string }; storage?: FileStorage },
  {
    conversationId,
    senderId,
    body: input,
    files = [],
    names,
  }: {
    conversationId: string;
    senderId: string;
    body: unknown;
    /** The pictures' bytes as uploaded (checked by content here, whatever they are called). */
    files?: Buffer[];
    /** Their file names, beside `files`, to say which one a refusal is about. */
    names?: string[];
  },
): Promise<SentMessage> {
  checkMessagePictureCount(files.length);
  const body = readMessageBody(input, { withPictures: files.length > 0 });
  const now = deps.clock.now();
  const write = async (tx: Db, pictures: MessagePicture[]) => {
    const thread = await findThreadAsParticipant(tx, { conversationId, userId: senderId });
    await refuseIfBlocked(tx, senderId, thread.otherId);
    const { senderJoinedAt } = await refuseUnlessBothActive(tx, { senderId, recipientId: thread.otherId });
    await hitConversationLimit(
      { db: tx, clock: deps.clock },
      { userId: senderId, joinedAt: senderJoinedAt, what: "message" },
    );
    const masked = deps.mask(body).masked;

    // The lock that puts this thread's messages in one order: taken before the message draws its seq.
    await tx.update(conversations).set({ lastMessageAt: now }).where(eq(conversations.id, thread.id));
    const [message] = await tx
      .insert(conversationMessages)
      .values({
        conversationId: thread.id,
        senderId,
        kind: "text",
        body: body === "" ? null : body,
        pictures,
        maskedKinds: masked,
        createdAt: now,
      })
      .returning();
    await tx.update(conversations).set({ lastSeq: message.seq }).where(eq(conversations.id, thread.id));
    if (masked.length > 0) {
      await tx.insert(contactDetailAttempts).values({
        userId: senderId,
        conversationId: thread.id,
        messageId: message.id,
        kinds: masked,
        createdAt: now,
      });
      // The third attempt in a day raises a signal for staff (decision 098).
      await checkContactAttempts(tx, { userId: senderId, now });
    }
    if (body !== "")
      await checkMessageWording(tx, { conversationId: thread.id, messageId: message.id, userId: senderId, body, now });
    // Whoever answers has read what came before.
    await advanceReadPointer(tx, { conversationId: thread.id, userId: senderId, seq: message.seq, now });
    await markThreadWaiting(tx, { conversationId: thread.id, userIds: [thread.otherId], now });
    const payload: MessageEventPayloads["message.sent"] = {
      conversationId: thread.id,
      senderId,
      recipientId: thread.otherId,
    };
    await recordEvent(tx, { kind: "message.sent", subjectId: message.id, payload });
    // Both members' open tabs hear of the line at commit (the sender's other tabs too).
    await publishLive(tx, { t: "line", to: [senderId, thread.otherId], c: thread.id, s: message.seq });
    return { id: message.id, seq: message.seq, createdAt: message.createdAt, masked };
  };
  try {
    let sent: SentMessage;
    if (files.length === 0) sent = await deps.db.transaction((tx) => write(tx, []));
    else {
      if (!deps.storage) throw new Error("sendMessage: pictures need the file storage");
      // A stranger to the thread costs no picture processing (the transaction checks again).
      await findThreadAsParticipant(deps.db, { conversationId, userId: senderId });
      sent = await saveWithNewPictures(
        { db: deps.db, clock: deps.clock, storage: deps.storage },
        { ownerId: conversationId, files, names, folder: "messages", field: "pictures" },
        write,
      );
    }
    await deliverAfterCommit(deps);
    return sent;
  } catch (error) {
    // Over a limit nothing was stored (the transaction rolled back); the refusal's security event is written now.
    if (error instanceof MemberLimitError) await recordMemberLimitRefusal(deps.db, senderId, error);
    throw error;
  }
}
