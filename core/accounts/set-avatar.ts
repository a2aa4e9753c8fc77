import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { avatarKeyOf, avatarUrlFor } from "../images/avatar-urls";
import { processAvatarImage } from "../images/process-avatar-image";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { keepPendingFiles, notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import { enforceAccountLimit } from "../auth/account-limits";
import type { RequestMeta } from "../auth/auth-attempt";

export type AvatarDeps = { db: Db; clock: Clock; storage: FileStorage };

const SAFE_MEMBER_ID = /^[A-Za-z0-9_-]+$/;
export const NO_FILE_CHOSEN = "Please select an image file";

/**
 * A member's new avatar: checked and re-encoded (processAvatarImage), stored under a server-made name, then put on
 * the profile in a transaction that reads the old one under a row lock. The old file goes after the commit; if the
 * save fails the new file goes instead, and after a crash the sweep of pending files does, so storage never keeps
 * a file no profile points at.
 */
export async function setAvatar(
  deps: AvatarDeps,
  { userId, file }: { userId: string; file: Buffer | null },
  meta: RequestMeta,
): Promise<{ avatarUrl: string }> {
  if (!SAFE_MEMBER_ID.test(userId)) throw new Error(`Unsafe member id for a storage key: ${JSON.stringify(userId)}`);
  if (!file || file.length === 0) throw new AppError("VALIDATION", NO_FILE_CHOSEN);
  await enforceAccountLimit(deps, { action: "profile_change", subject: userId, userId }, meta);
  const body = await processAvatarImage(file);
  const now = deps.clock.now();
  const key = `avatars/${userId}/${now.getTime()}-${randomBytes(6).toString("hex")}.webp`;
  // Noted before it is written and kept in the transaction that puts it on the profile: a crash in between
  // leaves a note to delete the file, never a file nobody knows of (pending-files.ts).
  const pending = await notePendingFiles(deps.db, { keys: [key], now });
  let replaced: string | null;
  try {
    await deps.storage.put(key, body, "image/webp");
    replaced = await replaceAvatarUrl(deps.db, { userId, avatarUrl: avatarUrlFor(key), now, pending });
  } catch (error) {
    await removePendingFiles(deps, pending);
    throw error;
  }
  if (replaced) await removePendingFiles(deps, replaced);
  return { avatarUrl: avatarUrlFor(key) };
}

/**
 * Sets the profile's avatar URL (locked, so two saves cannot both keep theirs), keeping the new file's note
 * (`pending`) in the same transaction and noting the old file for deletion. Returns that note, for the caller to
 * remove once committed; null when there was no file of ours to replace.
 */
export async function replaceAvatarUrl(
  db: Db,
  { userId, avatarUrl, now, pending }: { userId: string; avatarUrl: string | null; now: Date; pending?: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, userId))
      .for("update");
    if (!row) throw new Error(`No profile for member ${userId}`);
    await tx.update(profiles).set({ avatarUrl, updatedAt: now }).where(eq(profiles.userId, userId));
    if (pending) await keepPendingFiles(tx, { noteId: pending, now });
    const old = avatarKeyOf(row.avatarUrl);
    return old && old !== avatarKeyOf(avatarUrl) ? notePendingFiles(tx, { keys: [old], now, graceMs: 0 }) : null;
  });
}
