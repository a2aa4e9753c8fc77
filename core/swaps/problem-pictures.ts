import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { ListingImage } from "#db/schema/listings.ts";

// A swap problem's pictures (decision 097): stored by the listing pictures' pipeline under problems/<swap id>/ (or
// problems/<circle id>/, decision 112), each name 128 random bits. The row keeps, per picture, the storage key of
// its widest variant (the one shown: evidence is looked at closely); only that file is served, and only to the
// deal's members and to staff with two-factor on (as the Moderation Queue's pictures). Anyone else gets the same
// 404 as for no file at all.

const PROBLEM_PICTURE_FILE =
  /^problems\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/\d+-[0-9a-f]{32}-\d+\.webp$/;

/** What a problem row keeps of a stored picture: its widest variant's storage key. */
export function problemPictureKey(picture: ListingImage): string {
  return `${picture.key}-${Math.max(...picture.widths)}.webp`;
}

/** The storage key of a served problem picture ("problems/<swap>/<name>-1200.webp"), or null. */
export function problemPictureKeyOf(path: string): string | null {
  return PROBLEM_PICTURE_FILE.test(path) ? path : null;
}

/** Where a problem picture is served from. */
export const problemPictureUrl = (key: string) => `/uploads/${key}`;

/**
 * Whether `viewerId` may see the problem picture `key`: a member of the swap or swap circle (decision 112) whose
 * problem holds it, or staff (a role, and two-factor on).
 */
export async function canSeeProblemPicture(db: Db, { key, viewerId }: { key: string; viewerId: string | null }) {
  if (!viewerId) return false;
  const result = await db.execute<{ ok: boolean }>(sql`
    select exists (
      select 1 from swap_problems p left join swap_proposals s on s.id = p.swap_proposal_id
      where ${key} = any(p.picture_keys)
        and (s.proposer_id = ${viewerId} or s.receiver_id = ${viewerId}
          or exists (
            select 1 from swap_circle_legs l where l.circle_id = p.circle_id and l.giver_id = ${viewerId})
          or exists (
            select 1 from user_roles r join users u on u.id = r.user_id
            where r.user_id = ${viewerId} and u.two_factor_enabled))
    ) as ok`);
  const [row] = ("rows" in result ? result.rows : result) as { ok: boolean }[];
  return Boolean(row?.ok);
}
