import { recordAdminAction } from "../audit/record-admin-action";
import { isDemoMode } from "../shared/demo-mode";
import { type SeedDeps, seedDemoData } from "../seed/seed-demo-data";
import { AppError } from "../shared/app-error";
import type { StaffActor } from "../staff/pass-staff-gate";

export const SEEDING_DISABLED = "Seeding is disabled in production. Set ALLOW_SEED=true to allow it.";

/**
 * 'Seed Demo Data' from the Tools page: the same idempotent seed as /seed, under the same rule (demo mode only),
 * then its audit row `seed_demo_data` with what it created. Seeding signs members up through the auth library
 * one by one, so it is not one transaction; the row is written once it has finished and says exactly what was
 * added (a second run adds nothing and says so).
 */
export async function seedDemoAsStaff(
  deps: SeedDeps & { env: { NODE_ENV: string; DATABASE_URL?: string; ALLOW_SEED?: boolean } },
  { actor, now }: { actor: StaffActor; now: Date },
) {
  if (!isDemoMode(deps.env)) throw new AppError("FORBIDDEN", SEEDING_DISABLED);
  const result = await seedDemoData(deps);
  await deps.db.transaction((tx) =>
    recordAdminAction(tx, {
      actorId: actor.userId,
      action: "seed_demo_data",
      targetType: "system",
      metadata: {
        profiles_created: result.createdUsers,
        listings_created: result.createdListings,
        profiles: result.users,
        listings: result.listings,
        timestamp: now.toISOString(),
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
  );
  return result;
}
