// Phone confirmation (issue 28): a 6-digit code sent by SMS, stored hashed like the e-mail codes, one live per member.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, tstz } from "./columns";

export const phoneConfirmations = pgTable(
  "phone_confirmations",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    // The number the code was sent to: confirming sets it as the profile's phone.
    phone: text("phone").notNull(),
    // SHA-256 of the code.
    codeHash: text("code_hash").notNull(),
    // Wrong codes entered; the code dies at the limit.
    attempts: integer("attempts").notNull().default(0),
    expiresAt: tstz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("phone_confirmations_attempts_check", sql`${t.attempts} >= 0`)],
);
