import { removePendingFiles } from "../storage/pending-files";
import { enforceAccountLimit } from "../auth/account-limits";
import type { RequestMeta } from "../auth/auth-attempt";
import { type AvatarDeps, replaceAvatarUrl } from "./set-avatar";

/** Takes the member's avatar off their profile and deletes its file. */
export async function removeAvatar(
  deps: AvatarDeps,
  { userId }: { userId: string },
  meta: RequestMeta,
): Promise<{ avatarUrl: null }> {
  await enforceAccountLimit(deps, { action: "profile_change", subject: userId, userId }, meta);
  const replaced = await replaceAvatarUrl(deps.db, { userId, avatarUrl: null, now: deps.clock.now() });
  if (replaced) await removePendingFiles(deps, replaced);
  return { avatarUrl: null };
}
