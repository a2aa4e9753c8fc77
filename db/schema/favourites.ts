// Favourites: a member's saved listings ("My Favourites").
import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt } from "./columns";
import { listings } from "./listings";

/** The composite key makes favouriting idempotent (INSERT ... ON CONFLICT DO NOTHING). Personal data, so
 *  it cascades with the member; it also cascades with a listing, though listings are normally tombstoned. */
export const favourites = pgTable(
  "favourites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "favourites_pkey", columns: [t.userId, t.listingId] }),
    // Favourite counts per listing, and clean-up when a listing goes.
    index("favourites_listing_idx").on(t.listingId),
  ],
);
