import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversationMessages, conversations, type MessagePicture } from "#db/schema/conversations.ts";
import { imageUrl } from "../images/image-urls";
import { pictureKeys } from "../images/picture-keys";
import { AppError } from "../shared/app-error";
import { notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import { TOO_MANY_MESSAGE_PICTURES } from "./message-rules";
import { MAX_MESSAGE_PICTURES } from "#db/schema/conversations.ts";

// Pictures in messages (decision 087): stored by the listing pictures' pipeline under messages/<thread id>/, each
// name 128 random bits, served only to the thread's two members (server/uploads.ts), removed with the words.

/** A message picture's key as the pipeline makes it: its thread's id, the time, 32 random hex digits. */
const MESSAGE_PICTURE_KEY =
  /^messages\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/\d+-[0-9a-f]{32}$/;

/** The storage key of a served message picture's file ("messages/<thread>/<name>-640.webp"), or null. */
export function messagePictureKeyOf(path: string): string | null {
  const match = /^(messages\/[^/]+\/[^/]+)-\d+\.webp$/.exec(path);
  return match && MESSAGE_PICTURE_KEY.test(match[1]) ? match[1] : null;
}

/** Refuses more pictures than a message may carry, before any is read, stored or written. */
export function checkMessagePictureCount(count: number) {
  if (count > MAX_MESSAGE_PICTURES) throw new AppError("VALIDATION", TOO_MANY_MESSAGE_PICTURES, { field: "pictures" });
}

/** A message's pictures as a client gets them: each width's address (served to the thread's members only). */
export function messagePictureUrls(pictures: MessagePicture[]) {
  return pictures.map((picture) => ({
    key: picture.key,
    widths: picture.widths,
    urls: [...picture.widths].sort((a, b) => a - b).map((width) => ({ width, url: imageUrl(picture, width) })),
  }));
}

/** The message (not removed) that carries the picture `key`, and its thread's two members; null when none does. */
async function findPictureMessage(db: Db, key: string) {
  const threadId = MESSAGE_PICTURE_KEY.exec(key)?.[1];
  if (!threadId) return null;
  const [row] = await db
    .select({ messageId: conversationMessages.id, askerId: conversations.askerId, ownerId: conversations.ownerId })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(
      and(
        // The thread's own lines only (its index), then the one whose pictures hold the key.
        eq(conversationMessages.conversationId, threadId),
        isNull(conversationMessages.removedAt),
        sql`${conversationMessages.pictures} @> ${JSON.stringify([{ key }])}::jsonb`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Whether `viewerId` may see the message picture `key`: only the two members of its thread, while the message is
 * there. Anyone else (a visitor, another member, staff browsing) gets the same answer as for no such picture.
 */
export async function canSeeMessagePicture(db: Db, { key, viewerId }: { key: string; viewerId: string | null }) {
  if (!viewerId) return false;
  const found = await findPictureMessage(db, key);
  return found !== null && (found.askerId === viewerId || found.ownerId === viewerId);
}

/**
 * Which message carries the picture `key` (null when none does, or it was removed): for a staff view that shows a
 * reported message, which decides itself whether its viewer may see that message (a report of it) before serving.
 */
export async function findMessageOfPicture(db: Db, key: string): Promise<string | null> {
  return (await findPictureMessage(db, key))?.messageId ?? null;
}

/**
 * Lets go of the picture files of some messages (by id, or every one a member sent), in the transaction that
 * empties their `pictures` (the purge, a staff removal): the files are noted as removable at once
 * (pending-files.ts), so they go even if the process dies before deleting them. Returns the note to pass to
 * deleteMessagePictures after the commit, or null when the messages had no pictures. Reads only; the caller's
 * update empties the column (with removed_at: the database's check wants both together).
 */
export async function releaseMessagePictures(
  tx: Db,
  { messageIds, senderId, now }: { messageIds?: string[]; senderId?: string; now: Date },
): Promise<string | null> {
  const which = [
    messageIds?.length ? inArray(conversationMessages.id, messageIds) : undefined,
    senderId ? eq(conversationMessages.senderId, senderId) : undefined,
  ].filter((condition) => condition !== undefined);
  if (which.length === 0) return null;
  const rows = await tx
    .select({ pictures: conversationMessages.pictures })
    .from(conversationMessages)
    .where(and(or(...which), sql`jsonb_array_length(${conversationMessages.pictures}) > 0`));
  const keys = rows.flatMap((row) => pictureKeys(row.pictures));
  return keys.length > 0 ? notePendingFiles(tx, { keys, now, graceMs: 0 }) : null;
}

/**
 * Deletes the files releaseMessagePictures let go of, after its transaction committed. Never throws: files that
 * cannot be deleted now stay noted, and the scheduler's sweep deletes them later.
 */
export async function deleteMessagePictures(deps: { db: Db; storage: FileStorage }, note: string | null) {
  return note ? removePendingFiles(deps, note) : 0;
}
