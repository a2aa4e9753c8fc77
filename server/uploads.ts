import type { Context } from "hono";
import type { AppContext } from "#app/context.ts";
import { avatarKeyOf } from "#core/images/avatar-urls.ts";
import { findAvatarAccess } from "#core/accounts/find-avatar-access.ts";
import { canSeeMessagePicture, messagePictureKeyOf } from "#core/conversations/message-pictures.ts";
import { findPictureAccess } from "#core/listings/find-picture-access.ts";
import { canSeeProblemPicture, problemPictureKeyOf } from "#core/swaps/problem-pictures.ts";
import type { FileStorage } from "#core/storage/storage.ts";

const SAFE_KEY = /^(listings\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)-\d+\.webp$/;

/**
 * Serves stored listing pictures to whoever may see them (findPictureAccess): a public listing's to everyone,
 * cached for an hour by browsers and CDNs, so a listing that is taken down or deleted stops showing within the
 * hour everywhere and at once here; any other listing's only to its owner and the other party of a swap that
 * still needs them, never stored by a shared cache. Members' avatars the same way (findAvatarAccess). A message's
 * pictures only to the two members of its thread, never stored by a shared cache (canSeeMessagePicture, decision
 * 087). A swap problem's pictures only to the swap's two members and staff (canSeeProblemPicture, decision 097).
 * Anything else is a 404, the same as no file at all.
 */
export function serveUpload(storage: FileStorage) {
  return async (c: Context<{ Variables: { ctx: AppContext } }>) => {
    const path = c.req.path.slice("/uploads/".length);
    const key = path.match(SAFE_KEY)?.[1];
    const avatarKey = avatarKeyOf(c.req.path);
    const messageKey = messagePictureKeyOf(path);
    const problemKey = problemPictureKeyOf(path);
    if (!key && !avatarKey && !messageKey && !problemKey) return c.notFound();
    const ctx = c.get("ctx");
    const viewer = c.req.header("cookie")?.includes("session_token") ? await ctx.getUser() : null;
    const viewerId = viewer?.id ?? null;
    if (messageKey || problemKey) {
      const allowed = messageKey
        ? await canSeeMessagePicture(ctx.db, { key: messageKey, viewerId })
        : await canSeeProblemPicture(ctx.db, { key: problemKey as string, viewerId });
      if (!allowed) return c.notFound();
      const file = await storage.get(path);
      if (!file) return c.notFound();
      return c.body(new Uint8Array(file.body), 200, {
        "Content-Type": file.contentType,
        "Cache-Control": "private, no-store",
      });
    }
    const access = key
      ? await findPictureAccess(ctx.db, { key, viewerId })
      : await findAvatarAccess(ctx.db, { key: avatarKey as string, viewerId });
    if (access === "none") return c.notFound();
    const file = await storage.get(path);
    if (!file) return c.notFound();
    return c.body(new Uint8Array(file.body), 200, {
      "Content-Type": file.contentType,
      "Cache-Control": access === "public" ? "public, max-age=3600" : "private, no-store",
    });
  };
}
