import { type SQL, sql } from "drizzle-orm";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";

/**
 * The one rule for a listing that has left the site the ordinary way and keeps its address (decision 092):
 * swapped, deleted by its owner, or reserved in an accepted swap, never touched by moderation, of a member who is
 * neither suspended nor deleted. The gone page and favourites both use it, so they cannot disagree. Anything else
 * that is not public (taken down, held for review, cancelled, a suspended member's) stays not found, and so does a
 * listing staff deleted: its tombstone keeps the staff's reason in `takedown_reason`, which an owner's delete never
 * sets (core/moderation/moderate-listings.ts), and it must not be readable at its address.
 * Requires `profiles` left-joined on the listing's owner.
 */
export function isGoneListing(): SQL {
  return sql`${listings.status} in ('swapped', 'deleted', 'reserved') and ${listings.moderationStatus} = 'approved' and ${listings.takedownReason} is null and (${profiles.userId} is null or (${profiles.status} <> 'suspended' and ${profiles.deletedAt} is null))`;
}
