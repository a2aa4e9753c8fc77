import { listings } from "#db/schema/listings.ts";

/** A listing as staff tell it apart: its title and both its states (the member's, and moderation's). */
export const listingStateColumns = {
  id: listings.id,
  title: listings.title,
  status: listings.status,
  moderationStatus: listings.moderationStatus,
};
