// A member's pending change of e-mail address: at most one per account, the one whose link still works.
import { pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, tstz } from "./columns";

/**
 * Better Auth's change-of-address link is a signed token that would work for its whole 24 hours, again and again.
 * This row makes it single use and replaceable: the link works only while its hash is the one stored here for the
 * account, and only while the account still has the address it was sent from. Confirming deletes the row (one
 * use); a newer request overwrites it; Cancel deletes it. My Account shows it as the pending change.
 */
export const pendingEmailChanges = pgTable("pending_email_changes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  newEmail: text("new_email").notNull(),
  // The address the request was made from: a link from before another address change is void.
  fromEmail: text("from_email").notNull(),
  // SHA-256 of the link's token; NULL when no link was sent (the new address belongs to another account).
  tokenHash: text("token_hash"),
  createdAt: createdAt(),
  expiresAt: tstz("expires_at").notNull(),
});
