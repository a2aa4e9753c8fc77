import type net from "node:net";
import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { FEATURE_FLAG_KEYS, type FeatureFlagKey, featureFlags } from "#db/schema/flags.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";
import { isAddressAllowed } from "../staff/ip-allowlist";
import type { StaffActor } from "../staff/pass-staff-gate";
import { findFeatureFlags } from "../flags/find-feature-flags";

export type FeatureFlagValues = Record<FeatureFlagKey, boolean>;

/**
 * Saves all five flags at once (the Settings page's Save) and writes one `update_feature_flags` audit row with
 * the flags as saved and the ones that changed, in the same transaction. A save that changes nothing writes
 * nothing, audit row included (the trail records changes, not button presses), and says so: `changed` is empty. Every process reads the flags from the
 * database on use (isFeatureEnabled), so the change is in force everywhere the moment this commits.
 */
export async function updateFeatureFlags(
  db: Db,
  { actor, flags, allowlist }: { actor: StaffActor; flags: FeatureFlagValues; allowlist: net.BlockList },
) {
  // The allowlist is enforced on the very next request: turning it on from an address outside it would lock
  // the admin out of the page that turns it off again (and an empty ADMIN_IP_ALLOWLIST would lock out everyone).
  if (flags.enable_ip_allowlist && !isAddressAllowed(allowlist, actor.ip)) {
    throw new AppError("VALIDATION", lockoutMessage(actor.ip));
  }
  return db.transaction(async (tx) => {
    // Serialises concurrent saves, so the audit row's "before" is the state this save replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('feature_flags'))`);
    const before = Object.fromEntries((await findFeatureFlags(tx)).map((f) => [f.key, f.enabled])) as FeatureFlagValues;
    const changed = FEATURE_FLAG_KEYS.filter((key) => before[key] !== flags[key]);
    if (changed.length === 0) return { flags, changed };
    const now = new Date();
    for (const key of FEATURE_FLAG_KEYS) {
      await tx
        .insert(featureFlags)
        .values({ key, enabled: flags[key], updatedBy: actor.userId, updatedAt: now })
        .onConflictDoUpdate({
          target: featureFlags.key,
          set: { enabled: flags[key], updatedBy: actor.userId, updatedAt: now },
          // A row saved unchanged keeps who changed it and when.
          setWhere: sql`${featureFlags.enabled} is distinct from ${flags[key]}`,
        });
    }
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "update_feature_flags",
      targetType: "system",
      targetId: null,
      metadata: {
        flags,
        changed: Object.fromEntries(changed.map((key) => [key, { from: before[key], to: flags[key] }])),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { flags, changed };
  });
}

export function lockoutMessage(ip: string) {
  return `your address ${ip} is not in ADMIN_IP_ALLOWLIST, so turning the IP allowlist on would lock you out`;
}
