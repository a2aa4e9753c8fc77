import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";

/** The spec's get_admin_dashboard_stats, plus the figures the prototype only promised. */
export type DashboardStats = {
  totalUsers: number;
  activeListings: number;
  totalListings: number;
  totalSwaps: number;
  pendingSwaps: number;
  acceptedSwaps: number;
  successfulPayments: number;
  totalPayments: number;
  /** Members with a session started in the last 7 days. */
  activeUsers: number;
  /** The last 24 hours. */
  activity: { signUps: number; listings: number; proposals: number; payments: number };
  /** This week (the last 7 days) against the 7 days before. */
  growth: { signUps: Trend; listings: Trend; proposals: Trend };
};
export type Trend = { thisWeek: number; lastWeek: number };

const DAY = 24 * 60 * 60 * 1000;

export async function findDashboardStats(db: Db, { now }: { now: Date }): Promise<DashboardStats> {
  const day = new Date(now.getTime() - DAY).toISOString();
  const week = new Date(now.getTime() - 7 * DAY).toISOString();
  const fortnight = new Date(now.getTime() - 14 * DAY).toISOString();
  const result = await db.execute<Record<string, number>>(sql`
    select
      (select count(*) from profiles where deleted_at is null)::int as "totalUsers",
      (select count(*) from listings where status = 'active')::int as "activeListings",
      (select count(*) from listings)::int as "totalListings",
      (select count(*) from swap_proposals)::int as "totalSwaps",
      (select count(*) from swap_proposals where status = 'pending')::int as "pendingSwaps",
      (select count(*) from swap_proposals where status = 'accepted')::int as "acceptedSwaps",
      (select count(*) from payment_logs where status = 'completed')::int as "successfulPayments",
      (select count(*) from payment_logs)::int as "totalPayments",
      (select count(distinct user_id) from sessions where created_at > ${week})::int as "activeUsers",
      (select count(*) from users where created_at > ${day})::int as "signUps24",
      (select count(*) from listings where created_at > ${day})::int as "listings24",
      (select count(*) from swap_proposals where created_at > ${day})::int as "proposals24",
      (select count(*) from payment_logs where status = 'completed' and updated_at > ${day})::int as "payments24",
      (select count(*) from users where created_at > ${week})::int as "signUpsWeek",
      (select count(*) from users where created_at > ${fortnight} and created_at <= ${week})::int as "signUpsLastWeek",
      (select count(*) from listings where created_at > ${week})::int as "listingsWeek",
      (select count(*) from listings where created_at > ${fortnight} and created_at <= ${week})::int as "listingsLastWeek",
      (select count(*) from swap_proposals where created_at > ${week})::int as "proposalsWeek",
      (select count(*) from swap_proposals where created_at > ${fortnight} and created_at <= ${week})::int as "proposalsLastWeek"`);
  const row = ("rows" in result ? result.rows : result)[0] as Record<string, number>;
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    totalUsers: n("totalUsers"),
    activeListings: n("activeListings"),
    totalListings: n("totalListings"),
    totalSwaps: n("totalSwaps"),
    pendingSwaps: n("pendingSwaps"),
    acceptedSwaps: n("acceptedSwaps"),
    successfulPayments: n("successfulPayments"),
    totalPayments: n("totalPayments"),
    activeUsers: n("activeUsers"),
    activity: {
      signUps: n("signUps24"),
      listings: n("listings24"),
      proposals: n("proposals24"),
      payments: n("payments24"),
    },
    growth: {
      signUps: { thisWeek: n("signUpsWeek"), lastWeek: n("signUpsLastWeek") },
      listings: { thisWeek: n("listingsWeek"), lastWeek: n("listingsLastWeek") },
      proposals: { thisWeek: n("proposalsWeek"), lastWeek: n("proposalsLastWeek") },
    },
  };
}
