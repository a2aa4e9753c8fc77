import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { FEATURE_FLAG_DEFAULTS, featureFlags, type FeatureFlagKey } from "#db/schema/flags.ts";

/** Feature flags live in the database and take effect at once: read on use, never cached. */
export async function isFeatureEnabled(db: Db, key: FeatureFlagKey): Promise<boolean> {
  const [row] = await db.select({ enabled: featureFlags.enabled }).from(featureFlags).where(eq(featureFlags.key, key));
  return row ? row.enabled : FEATURE_FLAG_DEFAULTS[key];
}
