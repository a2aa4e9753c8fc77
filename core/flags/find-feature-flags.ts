import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAG_KEYS, type FeatureFlagKey, featureFlags } from "#db/schema/flags.ts";

/** `changedBy`/`changedAt`: the admin who last changed it and when (null while it has the migration's default). */
export type FeatureFlagState = {
  key: FeatureFlagKey;
  enabled: boolean;
  changedAt: Date | null;
  changedBy: string | null;
};

/** The five flags as they stand, in the schema's order; a missing row reads as its default (as isFeatureEnabled does). */
export async function findFeatureFlags(db: Db): Promise<FeatureFlagState[]> {
  const rows = await db
    .select({ key: featureFlags.key, enabled: featureFlags.enabled, updatedAt: featureFlags.updatedAt, by: users.name })
    .from(featureFlags)
    .leftJoin(users, eq(users.id, featureFlags.updatedBy));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return FEATURE_FLAG_KEYS.map((key) => {
    const row = byKey.get(key);
    const changed = row?.by != null;
    return {
      key,
      enabled: row ? row.enabled : FEATURE_FLAG_DEFAULTS[key],
      changedAt: changed ? (row?.updatedAt ?? null) : null,
      changedBy: changed ? (row?.by ?? null) : null,
    };
  });
}
