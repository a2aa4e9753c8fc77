import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as toolsPage from "#app/routes/admin/tools.tsx";
import * as logsBundleRoute from "#app/routes/admin/tools.logs-bundle.tsx";
import { exportLogsBundle, LOGS_BUNDLE_DAYS } from "#core/tools/export-logs-bundle.ts";
import { RESET_REFUSED, resetStagingBaseline } from "#core/tools/reset-staging-baseline.ts";
import { SEEDING_DISABLED, seedDemoAsStaff } from "#core/tools/seed-demo-as-staff.ts";
import { adminAuditLog, securityEvents } from "#db/schema/audit.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { SEED_USERS } from "#db/seed/seed-data.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createListing, createMember, createStaff, staffActor } from "../support/factories";
import { contextFor, postForm } from "../support/staff-route";
import { refusal } from "../support/swap-fixtures";

const { db, clock, testApp, caller } = await backOfficeSetup();

const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const actor = staffActor(admin, ["admin"]);
const auditOf = (action: string) => db.select().from(adminAuditLog).where(eq(adminAuditLog.action, action));
const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db.example/swapshed" };

describe("Export Logs Bundle", () => {
  test("the last 30 days of the audit trail, payment logs and security events, counted in the summary, audited", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - (LOGS_BUNDLE_DAYS + 1) * 24 * 60 * 60 * 1000);
    await db.insert(securityEvents).values([
      {
        eventType: "login_attempt",
        success: false,
        errorMessage: "Invalid login credentials",
        createdAt: new Date(now.getTime() - 1000),
      },
      { eventType: "login_attempt", success: true, createdAt: old },
    ]);
    const { summary, entries, stream } = await exportLogsBundle(db, { actor, now });
    const bundle = JSON.parse(await new Response(stream).text());
    expect(bundle.summary).toEqual(summary);
    expect(bundle.security_events).toHaveLength(summary.total_security_events);
    expect(bundle.audit_logs).toHaveLength(summary.total_audit_logs);
    expect(bundle.payment_logs).toHaveLength(summary.total_payment_logs);
    expect(entries).toBe(summary.total_audit_logs + summary.total_payment_logs + summary.total_security_events);
    expect(summary.total_security_events).toBeGreaterThanOrEqual(1);
    // Nothing older than the window; newest first.
    const times = bundle.security_events.map((e: { createdAt: string }) => new Date(e.createdAt).getTime());
    expect(Math.min(...times)).toBeGreaterThan(old.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const [row] = await auditOf("export_logs_bundle");
    expect(row).toMatchObject({ adminId: admin.id, targetType: "system" });
    expect(row.metadata).toMatchObject(summary);
  });

  test("through its route: a JSON download named logs-bundle-{timestamp}.json with the total in a header; a moderator is refused inside the back office", async () => {
    const request = new Request("http://localhost:3000/admin/tools/logs-bundle", {
      method: "POST",
      body: new URLSearchParams(),
    });
    const before = (await auditOf("export_logs_bundle")).length;
    const refused = await postForm(caller, logsBundleRoute, {
      user: moderator,
      path: "/admin/tools/logs-bundle",
      form: {},
    });
    expect(refused).toMatchObject({
      status: 302,
      location: expect.stringMatching(/^\/admin\//),
      flash: "Only admins can run tools",
    });
    expect(await auditOf("export_logs_bundle")).toHaveLength(before);

    const response = (await logsBundleRoute.action({
      request,
      params: {},
      context: contextFor(caller, admin),
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="logs-bundle-\d{4}-\d\d-\d\dT[\d-]+Z\.json"$/,
    );
    const bundle = JSON.parse(await response.text());
    expect(Number(response.headers.get("x-total-entries"))).toBe(
      bundle.summary.total_audit_logs + bundle.summary.total_payment_logs + bundle.summary.total_security_events,
    );
    expect(await auditOf("export_logs_bundle")).toHaveLength(before + 1);
  });
});

describe("Seed Demo Data and Reset Staging Baseline", () => {
  test("outside demo mode seeding is refused with the seed page's words, and nothing is audited", async () => {
    expect(
      await refusal(
        seedDemoAsStaff(
          { db, auth: testApp.auth, storage: testApp.storage, clock, env: production },
          { actor, now: new Date() },
        ),
      ),
    ).toEqual({ code: "FORBIDDEN", message: SEEDING_DISABLED });
    expect(await auditOf("seed_demo_data")).toHaveLength(0);
  });

  test("a production PostgreSQL deployment refuses the reset: nothing deleted, no audit row; APP_ENV=staging allows it", async () => {
    const member = await createMember(db, { name: "Pat Production" });
    const listing = await createListing(db, member.id, { title: "Kept in production" });
    expect(await refusal(resetStagingBaseline({ db }, { actor, env: production, now: new Date() }))).toEqual({
      code: "FORBIDDEN",
      message: RESET_REFUSED,
    });
    expect(await db.select().from(listings).where(eq(listings.id, listing))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
    expect(await auditOf("reset_staging_baseline")).toHaveLength(0);
    // A moderator cannot even ask: refused by the guard, with the reason, inside the back office.
    const asModerator = await postForm(caller, toolsPage, {
      user: moderator,
      path: "/admin/tools",
      form: { intent: "reset", confirm: "RESET" },
    });
    expect(asModerator).toMatchObject({ status: 302, location: "/admin/tools", flash: "Only admins can run tools" });
    expect(await db.select().from(listings).where(eq(listings.id, listing))).toHaveLength(1);
  });

  test("the reset asks for the word RESET, then empties member data, keeps staff, seeds the demo again, audited once", {
    timeout: 180_000,
  }, async () => {
    const member = await createMember(db, { name: "Sam Staging" });
    const listing = await createListing(db, member.id, { title: "Staging only" });
    const unconfirmed = await postForm(caller, toolsPage, {
      user: admin,
      path: "/admin/tools",
      form: { intent: "reset", confirm: "reset please" },
    });
    expect(unconfirmed.error).toBe("Failed to reset staging baseline: Type RESET to confirm");
    expect(await db.select().from(listings).where(eq(listings.id, listing))).toHaveLength(1);

    const done = await postForm(caller, toolsPage, {
      user: admin,
      path: "/admin/tools",
      form: { intent: "reset", confirm: "RESET" },
    });
    expect(done).toMatchObject({ status: 302, location: "/admin/tools", flash: "Staging baseline reset successfully" });
    expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(0);
    expect(await db.select().from(listings).where(eq(listings.id, listing))).toHaveLength(0);
    // Staff stay, with their roles; the demo members are back.
    expect(
      await db
        .select()
        .from(users)
        .where(inArray(users.id, [admin.id, moderator.id])),
    ).toHaveLength(2);
    expect(
      await db
        .select()
        .from(users)
        .where(
          inArray(
            users.email,
            SEED_USERS.map((u) => u.email),
          ),
        ),
    ).toHaveLength(SEED_USERS.length);
    const [row] = await auditOf("reset_staging_baseline");
    expect(row).toMatchObject({ adminId: admin.id, targetType: "system" });
    expect(row.metadata).toMatchObject({
      deleted: expect.objectContaining({ listings: expect.any(Number), members: expect.any(Number) }),
    });
    expect((row.metadata.deleted as { members: number }).members).toBeGreaterThanOrEqual(1);

    // Seeding again from the Tools page adds nothing and says so.
    const again = await postForm(caller, toolsPage, { user: admin, path: "/admin/tools", form: { intent: "seed" } });
    expect(again).toMatchObject({ status: 302, flash: "Demo data seeded: 0 profiles, 0 listings" });
    const [seedRow] = await auditOf("seed_demo_data");
    expect(seedRow.metadata).toMatchObject({ profiles_created: 0, listings_created: 0 });
  });
});
