import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { isPublicListing } from "./public-listings";

export type PictureAccess = "public" | "private" | "none";

/**
 * Who may see a stored picture. A public listing's pictures are public. Any other listing's (deleted, taken
 * down, rejected, reserved or swapped, or its owner suspended) only its owner and the other party of a swap
 * that still needs them (accepted or completed) may see, and staff with two-factor on, who review listings held
 * for review or reported (the Moderation Queue shows their pictures). A file no listing points at is nobody's.
 */
export async function findPictureAccess(
  db: Db,
  { key, viewerId }: { key: string; viewerId: string | null },
): Promise<PictureAccess> {
  const result = await db.execute<{ is_public: boolean; owner_id: string; privileged: boolean }>(sql`
    select coalesce(${isPublicListing()}, false) as is_public, listings.user_id as owner_id,
      ${
        viewerId
          ? sql`exists (
        select 1 from swap_proposals s join swap_proposal_items i on i.swap_proposal_id = s.id
        where i.listing_id = listings.id
          and s.status in ('accepted', 'arranging', 'completed')
          and (s.proposer_id = ${viewerId} or s.receiver_id = ${viewerId}))
        or exists (
          select 1 from user_roles r join users u on u.id = r.user_id
          where r.user_id = ${viewerId} and u.two_factor_enabled)`
          : sql`false`
      } as privileged
    from listings
    left join profiles on profiles.user_id = listings.user_id
    where listings.images @> ${JSON.stringify([{ key }])}::jsonb
    limit 1`);
  const [row] = ("rows" in result ? result.rows : result) as {
    is_public: boolean;
    owner_id: string;
    privileged: boolean;
  }[];
  if (!row) return "none";
  if (row.is_public) return "public";
  return viewerId && (row.owner_id === viewerId || row.privileged) ? "private" : "none";
}
