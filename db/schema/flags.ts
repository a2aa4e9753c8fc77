// Feature flags, stored in the database so a change takes effect at once in every process.
import { boolean, check, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { inList, updatedAt } from "./columns";

/** The five flags and their defaults. The migration inserts these rows (0001_feature_flag_defaults);
 *  code reading a flag falls back to this object if a row is somehow missing. */
export const FEATURE_FLAG_DEFAULTS = {
  // Off: the handshake fee is waived and acceptance completes the swap.
  enable_swap_payments: true,
  // Reports and the Moderation Queue.
  enable_moderation: true,
  // A listing reported by 3 different members is hidden pending review.
  enable_auto_takedown: false,
  // Server-side rate limits (sign-in/up, admin actions).
  enable_rate_limiting: true,
  // The back office answers only addresses in ADMIN_IP_ALLOWLIST.
  enable_ip_allowlist: false,
  // A scam signal scoring at or above the hold score holds its listing or member for staff (issue 28).
  enable_signal_holds: true,
} as const satisfies Record<string, boolean>;

export type FeatureFlagKey = keyof typeof FEATURE_FLAG_DEFAULTS;
export const FEATURE_FLAG_KEYS = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlagKey[];

export const featureFlags = pgTable(
  "feature_flags",
  {
    key: text("key", { enum: FEATURE_FLAG_KEYS as [FeatureFlagKey, ...FeatureFlagKey[]] }).primaryKey(),
    enabled: boolean("enabled").notNull(),
    updatedAt: updatedAt(),
    // The admin who last changed it (NULL for the migration's defaults).
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("feature_flags_key_check", inList(t.key, FEATURE_FLAG_KEYS))],
);
