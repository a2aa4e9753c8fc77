import type { Db } from "../../db/client";
import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAG_KEYS, type FeatureFlagKey, featureFlags } from "../../db/schema/flags";

export type FeatureFlagState = { key: FeatureFlagKey; enabled: boolean; updatedAt: Date | null };

/** The five flags as they stand, in the schema's order; a missing row reads as its default (as isFeatureEnabled does). */
export async function findFeatureFlags(db: Db): Promise<FeatureFlagState[]> {
  const rows = await db
    .select({ key: featureFlags.key, enabled: featureFlags.enabled, updatedAt: featureFlags.updatedAt })
    .from(featureFlags);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return FEATURE_FLAG_KEYS.map((key) => {
    const row = byKey.get(key);
    return { key, enabled: row ? row.enabled : FEATURE_FLAG_DEFAULTS[key], updatedAt: row?.updatedAt ?? null };
  });
}
