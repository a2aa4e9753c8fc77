import type { ConversationMessageKind, MessagePicture, ThreadEventKind } from "#db/schema/conversations.ts";

/**
 * One line of a thread as one of its two members sees it (findThread's answer, and what the thread page draws).
 * A type only, so the page's components may name it too (browser-safe, listed in biome.json).
 */
export type ThreadLine = {
  id: string;
  seq: number;
  kind: ConversationMessageKind;
  senderId: string | null;
  mine: boolean;
  /** The words as this member may see them (masked where the rule says); NULL on event lines and removed words. */
  body: string | null;
  /** Up to 4 pictures sent with it (served at /uploads/{key}-{width}.webp to the thread's two members only). */
  pictures: MessagePicture[];
  /** Contact details in it are hidden from this member until both fees are paid. */
  masked: boolean;
  /** The purge removed the words of a member whose account was deleted, or staff removed a reported message. */
  removed: boolean;
  /** Staff removed it after a report (decision 086): "Message removed by SwapShed staff". */
  removedByStaff: boolean;
  event: { kind: ThreadEventKind; payload: Record<string, unknown> } | null;
  createdAt: Date;
};
