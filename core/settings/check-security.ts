import { desc, eq, exists, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { snapshots } from "#db/schema/ops.ts";
import { userRoles } from "#db/schema/profiles.ts";
import { isFeatureEnabled } from "../flags/is-feature-enabled";

export type SecurityCheck = { id: string; label: string; passed: boolean; reason: string };

/** What the server knows about itself that the database does not: gathered by the caller at request time. */
export type SecurityFacts = {
  appUrl: string;
  secureCookies: boolean;
  /** How many addresses or blocks ADMIN_IP_ALLOWLIST holds. */
  allowlistEntries: number;
  paymentProvider: "local" | "stripe";
  /** The back-office routes and actions, each with the permission it names (or null), read from the route modules now. */
  routePermissions: { route: string; permission: string | null; known: boolean }[];
  now: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function staffTwoFactor(db: Db): Promise<SecurityCheck> {
  const staff = await db
    .select({ id: users.id, name: users.name, twoFactorEnabled: users.twoFactorEnabled })
    .from(users)
    .where(exists(db.select({ one: sql`1` }).from(userRoles).where(eq(userRoles.userId, users.id))));
  const without = staff.filter((s) => !s.twoFactorEnabled);
  const label = "Every staff member has two-factor (TOTP)";
  if (staff.length === 0) return { id: "staff_totp", label, passed: false, reason: "No one holds a staff role yet." };
  if (without.length === 0)
    return {
      id: "staff_totp",
      label,
      passed: true,
      reason: `All ${plural(staff.length, "staff member")} have a verified TOTP factor.`,
    };
  const names = without
    .map((s) => s.name)
    .sort()
    .slice(0, 5)
    .join(", ");
  return {
    id: "staff_totp",
    label,
    passed: false,
    reason: `${without.length} of ${plural(staff.length, "staff member")} without two-factor (${names}${without.length > 5 ? ", ..." : ""}); the gate keeps them out until they enrol.`,
  };
}

async function recentSnapshot(db: Db, now: Date): Promise<SecurityCheck> {
  const [last] = await db
    .select({ id: snapshots.id, createdAt: snapshots.createdAt })
    .from(snapshots)
    .orderBy(desc(snapshots.createdAt))
    .limit(1);
  const label = "A database snapshot in the last 24 hours";
  if (!last) return { id: "snapshot_24h", label, passed: false, reason: "No snapshot yet." };
  const hours = Math.floor((now.getTime() - last.createdAt.getTime()) / (60 * 60 * 1000));
  const passed = now.getTime() - last.createdAt.getTime() <= DAY_MS;
  return {
    id: "snapshot_24h",
    label,
    passed,
    reason: `The last, ${last.id}, was taken ${hours < 1 ? "less than an hour" : plural(hours, "hour")} ago.`,
  };
}

/**
 * The Settings page's checklist, each item checked now against the running configuration and the database: it
 * passes or fails with the reason, and says nothing it has not checked.
 */
export async function checkSecurity(db: Db, facts: SecurityFacts): Promise<SecurityCheck[]> {
  const https = facts.appUrl.startsWith("https://");
  const rateLimiting = await isFeatureEnabled(db, "enable_rate_limiting");
  const allowlist = await isFeatureEnabled(db, "enable_ip_allowlist");
  const unguarded = facts.routePermissions.filter((r) => !r.known);
  const checks: SecurityCheck[] = [
    await staffTwoFactor(db),
    {
      id: "https",
      label: "APP_URL is https",
      passed: https,
      reason: https
        ? `APP_URL is ${facts.appUrl}.`
        : `APP_URL is ${facts.appUrl}: browsers send cookies and forms over plain HTTP.`,
    },
    {
      id: "secure_cookies",
      label: "Secure cookies",
      passed: facts.secureCookies,
      reason: facts.secureCookies
        ? "Session cookies are Secure, HttpOnly and SameSite=Lax (__Secure- prefix)."
        : "Session cookies are HttpOnly and SameSite=Lax but not Secure: NODE_ENV is not production.",
    },
    {
      id: "rate_limiting",
      label: "Rate limiting on",
      passed: rateLimiting,
      reason: rateLimiting
        ? "The enable_rate_limiting flag is on."
        : "The enable_rate_limiting flag is off: no limit is counted.",
    },
    await recentSnapshot(db, facts.now),
    {
      id: "ip_allowlist",
      label: "Back office limited to an IP allowlist",
      passed: allowlist && facts.allowlistEntries > 0,
      reason: allowlist
        ? `On: the back office answers only ${plural(facts.allowlistEntries, "entry", "entries")} in ADMIN_IP_ALLOWLIST.`
        : `Off (enable_ip_allowlist): any address may reach the back office's sign-in. ADMIN_IP_ALLOWLIST has ${plural(facts.allowlistEntries, "entry", "entries")}.`,
    },
    {
      id: "route_permissions",
      label: "Role-based access on every back-office route and action",
      passed: unguarded.length === 0 && facts.routePermissions.length > 0,
      reason:
        unguarded.length === 0
          ? `All ${plural(facts.routePermissions.length, "route and action", "routes and actions")} name a permission from the permission table, which their guard checks on the server.`
          : `Without a permission from the table: ${unguarded.map((r) => r.route).join(", ")}.`,
    },
    {
      id: "payments",
      label: "Real payment provider",
      passed: facts.paymentProvider === "stripe",
      reason:
        facts.paymentProvider === "stripe"
          ? "PAYMENT_PROVIDER=stripe."
          : "PAYMENT_PROVIDER=local: the test checkout, where card 4242 4242 4242 4242 pays; no real money moves.",
    },
  ];
  return checks;
}
