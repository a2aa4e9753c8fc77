import type { Db } from "#db/client.ts";
import { type FeatureFlagKey, featureFlags } from "#db/schema/flags.ts";

/** Turns a feature flag on or off, as the Settings page does. */
export async function setFlag(db: Db, key: FeatureFlagKey, enabled: boolean) {
  await db
    .insert(featureFlags)
    .values({ key, enabled })
    .onConflictDoUpdate({ target: featureFlags.key, set: { enabled } });
}
