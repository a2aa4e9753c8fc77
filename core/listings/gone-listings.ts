import { type SQL, sql } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";

/**
 * The one rule for a listing that has left the site the ordinary way and keeps its address (decision 092):
 * swapped, deleted by its owner, or reserved in an accepted swap, never touched by moderation, of a member who is
 * neither suspended nor deleted. The gone page and favourites both use it, so they cannot disagree. Anything else
 * that is not public (taken down, held for review, cancelled, a suspended member's) stays not found.
 * Requires `profiles` left-joined on the listing's owner.
 */
export function isGoneListing(): SQL {
  return sql`${listings.status} in ('swapped', 'deleted', 'reserved') and ${listings.moderationStatus} = 'approved' and (${profiles.userId} is null or (${profiles.status} <> 'suspended' and ${profiles.deletedAt} is null))`;
}
