// Member profile and staff roles. Better Auth owns `users` (name = full name, email, verified flag);
// everything else about a member lives here, 1:1 with users. See docs/decisions/005-data-model.md.
import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, locationChecks, tstz, updatedAt } from "./columns";

export const PROFILE_STATUSES = ["active", "suspended", "flagged"] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

/** How a member's name shows to others: "Sam T." (the default) or the full name. */
export const NAME_DISPLAYS = ["first_initial", "full"] as const;
export type NameDisplay = (typeof NAME_DISPLAYS)[number];

export const ROLES = ["admin", "moderator"] as const;
export type Role = (typeof ROLES)[number];

/** One row per user, created with the account. Kept apart from `users` so Better Auth's table stays its own. */
export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    avatarUrl: text("avatar_url"),
    // Shared with the other party only once a swap is completed.
    phone: text("phone"),
    // When the phone above was confirmed by an SMS code; cleared whenever the number changes.
    phoneConfirmedAt: tstz("phone_confirmed_at"),
    nameDisplay: text("name_display", { enum: NAME_DISPLAYS }).notNull().default("first_initial"),
    // The address the account was created from (a scam signal counts accounts per address per day).
    signupAddress: text("signup_address"),
    // Display form "Suburb STATE postcode"; the parts and coordinates below are what distance uses.
    location: text("location"),
    suburb: text("suburb"),
    state: text("state"),
    postcode: text("postcode"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    // 'suspended' blocks sign-in and hides the member's listings from others.
    status: text("status", { enum: PROFILE_STATUSES }).notNull().default("active"),
    suspendedAt: tstz("suspended_at"),
    suspensionReason: text("suspension_reason"),
    // Soft delete: hidden at once; the purge job anonymises the member after permanent_deletion_at.
    deletedAt: tstz("deleted_at"),
    permanentDeletionAt: tstz("permanent_deletion_at"),
    deletionReason: text("deletion_reason"),
    // Free-form admin markers (e.g. "chargeback", "watch"); shown in the back office.
    flags: text("flags").array().notNull().default(sql`'{}'::text[]`),
    // "Looking for" (issue 27): things the member wants, each a short phrase ("kayak", "ride-on mower"). Shown on
    // their profile and kept as saved searches (source 'looking_for') so new listings are matched to them.
    lookingFor: text("looking_for").array().notNull().default(sql`'{}'::text[]`),
    // Reviews received: how many and the sum of their stars, kept by a trigger on `reviews` (migration 0004)
    // so a listing card reads the owner's rating from this row instead of aggregating reviews per card.
    reviewCount: integer("review_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    // The shown rating (issue 28): revealed reviews only, the mean per counterpart then the mean of those, so
    // two accounts that only swap with each other move it no more than one counterpart does. NULL: no reviews.
    ratingAverage: doublePrecision("rating_average"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_status_check", inList(t.status, PROFILE_STATUSES)),
    check("profiles_name_display_check", inList(t.nameDisplay, NAME_DISPLAYS)),
    check("profiles_phone_confirmed_check", sql`${t.phoneConfirmedAt} IS NULL OR ${t.phone} IS NOT NULL`),
    check(
      "profiles_phone_check",
      sql`${t.phone} IS NULL OR (${t.phone} ~ '^[0-9 ()+-]+$' AND char_length(${t.phone}) BETWEEN 8 AND 20)`,
    ),
    // A soft-deleted member always has a purge date.
    check("profiles_deletion_check", sql`${t.deletedAt} IS NULL OR ${t.permanentDeletionAt} IS NOT NULL`),
    check("profiles_looking_for_check", sql`cardinality(${t.lookingFor}) <= 10`),
    check("profiles_review_totals_check", sql`${t.reviewCount} >= 0 AND ${t.ratingTotal} >= 0`),
    ...locationChecks("profiles", t),
    index("profiles_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // The back office's Users page filtered by a rare status (suspended, flagged), newest first.
    index("profiles_status_created_idx")
      .on(t.status, t.createdAt.desc().nullsFirst(), t.userId.desc().nullsFirst())
      .where(sql`${t.status} <> 'active'`),
    // Accounts created from one address in a day (a scam signal).
    index("profiles_signup_address_idx").on(t.signupAddress, t.createdAt).where(sql`${t.signupAddress} IS NOT NULL`),
    // The daily purge job scans only soft-deleted members.
    index("profiles_purge_idx").on(t.permanentDeletionAt).where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

/** Back-office roles. A member without a row here is an ordinary member. */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "user_roles_pkey", columns: [t.userId, t.role] }),
    check("user_roles_role_check", inList(t.role, ROLES)),
  ],
);
