import { avatarKeyOf } from "../images/avatar-urls";
import { checkAccountLimit } from "./account-limits";
import type { RequestMeta } from "./auth-attempt";
import { type AvatarDeps, type AvatarResult, deleteQuietly, replaceAvatarUrl } from "./set-avatar";

/** Takes the member's avatar off their profile and deletes its file. */
export async function removeAvatar(deps: AvatarDeps, { userId }: { userId: string }, meta: RequestMeta): Promise<AvatarResult> {
  const limited = await checkAccountLimit(deps, { action: "profile_change", subject: userId, userId }, meta);
  if (limited) return limited;
  const previous = await replaceAvatarUrl(deps.db, { userId, avatarUrl: null, now: deps.clock.now() });
  const old = avatarKeyOf(previous);
  if (old) await deleteQuietly(deps.storage, old);
  return { ok: true, avatarUrl: null };
}
