import { removePendingFiles } from "../storage/pending-files";
import { checkAccountLimit } from "../auth/account-limits";
import type { RequestMeta } from "../auth/auth-attempt";
import { type AvatarDeps, type AvatarResult, replaceAvatarUrl } from "./set-avatar";

/** Takes the member's avatar off their profile and deletes its file. */
export async function removeAvatar(
  deps: AvatarDeps,
  { userId }: { userId: string },
  meta: RequestMeta,
): Promise<AvatarResult> {
  const limited = await checkAccountLimit(deps, { action: "profile_change", subject: userId, userId }, meta);
  if (limited) return limited;
  const replaced = await replaceAvatarUrl(deps.db, { userId, avatarUrl: null, now: deps.clock.now() });
  if (replaced) await removePendingFiles(deps, replaced);
  return { ok: true, avatarUrl: null };
}
