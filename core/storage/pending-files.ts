import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { pendingFiles } from "#db/schema/ops.ts";
import { logger } from "../shared/logger";
import type { FileStorage } from "./storage";

/**
 * How long an upload may take between noting its files and saving the row that points at them. Past it, the
 * files count as abandoned (the process died): no request holds on for an hour.
 */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * Notes files before they are written (an upload: removable once `graceMs` has passed) or as they are let go of
 * (in the transaction that stops pointing at them: graceMs 0, removable at once). Returns the note's id.
 */
export async function notePendingFiles(
  db: Db,
  { keys, now, graceMs = UPLOAD_GRACE_MS }: { keys: string[]; now: Date; graceMs?: number },
) {
  const [note] = await db
    .insert(pendingFiles)
    .values({ keys, removeAfter: new Date(now.getTime() + graceMs), createdAt: now })
    .returning();
  return note.id;
}

/**
 * The files are now pointed at: called in the transaction that saves the row, so the note goes exactly when the
 * row comes. Only within the upload's grace: past it, a sweep may be deleting the files, so the save must not go
 * ahead (the sweep and this never both win: it takes only notes whose time is up, this only notes whose is not).
 */
export async function keepPendingFiles(tx: Db, { noteId, now }: { noteId: string; now: Date }) {
  const [kept] = await tx
    .delete(pendingFiles)
    .where(and(eq(pendingFiles.id, noteId), gt(pendingFiles.removeAfter, now)))
    .returning();
  if (!kept) throw new Error(`pending files ${noteId} were given up as abandoned before their row was saved`);
}

/**
 * Deletes a note's files, then the note. Never thrown: files that cannot be deleted keep their note, and the next
 * sweep tries again. No transaction is held while storage is called (a slow bucket must not stall the database).
 */
export async function removePendingFiles(deps: { db: Db; storage: FileStorage }, noteId: string): Promise<number> {
  try {
    const [note] = await deps.db.select().from(pendingFiles).where(eq(pendingFiles.id, noteId));
    if (!note) return 0;
    await deps.storage.delete(note.keys);
    await deps.db.delete(pendingFiles).where(eq(pendingFiles.id, noteId));
    return note.keys.length;
  } catch (error) {
    logger.warn("pending files not removed", { noteId, error: String(error) });
    return 0;
  }
}

/**
 * Removes the files of every note that is due (`everything`: every note, for a process that knows it is the only
 * one, as the embedded database's lock-holder at boot). Returns how many files were removed.
 */
export async function removeAbandonedFiles(deps: {
  db: Db;
  storage: FileStorage;
  now: Date;
  everything?: boolean;
}): Promise<number> {
  const due = await deps.db
    .select({ id: pendingFiles.id })
    .from(pendingFiles)
    .where(deps.everything ? undefined : lte(pendingFiles.removeAfter, deps.now))
    .orderBy(pendingFiles.removeAfter)
    .limit(500);
  let removed = 0;
  for (const { id } of due) removed += await removePendingFiles(deps, id);
  return removed;
}
