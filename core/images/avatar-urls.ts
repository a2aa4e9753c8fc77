// Pure string helpers, safe in the browser bundle: where an avatar is stored and served from.

const AVATAR_KEY = /^avatars\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.webp$/;
const PREFIX = "/uploads/";

/** The URL profiles.avatar_url holds for a stored avatar. */
export const avatarUrlFor = (key: string) => `${PREFIX}${key}`;

/** The storage key behind an avatar URL we made, or null for anything else (an old or foreign URL). */
export function avatarKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(PREFIX)) return null;
  const key = url.slice(PREFIX.length);
  return AVATAR_KEY.test(key) ? key : null;
}
