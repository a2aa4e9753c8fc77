import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import * as settingsPage from "#app/routes/admin/settings.tsx";
import { isFeatureEnabled } from "#core/flags/is-feature-enabled.ts";
import { REPORTING_OFF, reportListing } from "#core/moderation/report-listing.ts";
import { systemClock } from "#core/shared/clock.ts";
import { checkAdminRateLimit } from "#core/staff/check-admin-rate-limit.ts";
import { parseIpAllowlist } from "#core/staff/ip-allowlist.ts";
import { passStaffGate } from "#core/staff/pass-staff-gate.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { users } from "#db/schema/auth.ts";
import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAG_KEYS, type FeatureFlagKey, featureFlags } from "#db/schema/flags.ts";
import { snapshots } from "#db/schema/ops.ts";
import pkg from "#package.json" with { type: "json" };
import { createListing, createMember, createStaff } from "../support/factories";
import { setFlag } from "../support/flags";
import { createPaymentTestApp } from "../support/payment-fixtures";
import { createTwoProcessDatabase } from "../support/second-process";
import { load, postForm, type RouteCaller } from "../support/staff-route";
import { refusal } from "../support/swap-fixtures";
import { HOUR } from "../support/test-clock";

const { handle, db, second } = await createTwoProcessDatabase();
const testApp = createPaymentTestApp(handle, { clock: systemClock });
const caller: RouteCaller = { db, clock: systemClock, provider: testApp.provider, testApp };

const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
/** The back-office gate in the second process, with 203.0.113.0/24 on its allowlist, for the admin from `ip`. */
const gate = (ip: string) =>
  passStaffGate(
    { db: second.db, allowlist: parseIpAllowlist("203.0.113.0/24") },
    {
      user: admin,
      action: "view_settings",
      meta: { ip, userAgent: null, headers: new Headers() },
      path: "/admin/settings",
    },
  );
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const member = await createStaff(db, [], { name: "Mia Member", totp: false });

beforeEach(async () => {
  for (const key of FEATURE_FLAG_KEYS) await setFlag(db, key, FEATURE_FLAG_DEFAULTS[key]);
});

/** The form the page posts: a checked switch sends its key with "on". */
function flagsForm(values: Partial<Record<FeatureFlagKey, boolean>>) {
  const all = { ...FEATURE_FLAG_DEFAULTS, ...values };
  return { intent: "flags", ...Object.fromEntries(FEATURE_FLAG_KEYS.filter((k) => all[k]).map((k) => [k, "on"])) };
}
const save = (values: Partial<Record<FeatureFlagKey, boolean>>, user = admin) =>
  postForm(caller, settingsPage, { user, path: "/admin/settings", form: flagsForm(values) });
const flagRows = async () => Object.fromEntries((await db.select().from(featureFlags)).map((f) => [f.key, f.enabled]));
const auditRows = () =>
  db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.action, "update_feature_flags"))
    .orderBy(desc(adminAuditLog.createdAt));

describe("the Settings page's feature flags", () => {
  test("an admin sees the six flags as they stand (the spec's five and issue 28's signal holds); a moderator reads them without the secrets' characters; members are turned away", async () => {
    await setFlag(db, "enable_auto_takedown", true);
    const page = await load(caller, settingsPage, { user: admin, path: "/admin/settings" });
    expect(((page.data?.flags ?? []) as { key: string; enabled: boolean }[]).map((f) => [f.key, f.enabled])).toEqual([
      ["enable_swap_payments", true],
      ["enable_moderation", true],
      ["enable_auto_takedown", true],
      ["enable_rate_limiting", true],
      ["enable_ip_allowlist", false],
      ["enable_signal_holds", true],
    ]);
    expect(page.data).toMatchObject({ mayChangeFlags: true, mayRotate: true });
    // Spec section 6: only flags and key rotation are admin-only; the page is open to staff (decision 070).
    const read = await load(caller, settingsPage, { user: moderator, path: "/admin/settings" });
    expect(read.data).toMatchObject({ mayChangeFlags: false, mayRotate: false });
    expect(((read.data?.flags ?? []) as unknown[]).length).toBe(6);
    expect(((read.data?.secrets ?? []) as { lastFour: string | null }[]).every((s) => s.lastFour === null)).toBe(true);
    const refused = await load(caller, settingsPage, { user: member, path: "/admin/settings" });
    expect(refused.response?.headers.get("location")).toBe("/");
  });

  test("Save stores every flag, says 'Feature flags updated' and writes one audit row with the flags, in force at once in a second app process", async () => {
    expect(await isFeatureEnabled(second.db, "enable_moderation")).toBe(true);
    const before = (await auditRows()).length;
    expect(await save({ enable_moderation: false, enable_auto_takedown: true })).toMatchObject({
      status: 302,
      location: "/admin/settings",
      flash: "Feature flags updated",
    });
    expect(await flagRows()).toEqual({
      ...FEATURE_FLAG_DEFAULTS,
      enable_moderation: false,
      enable_auto_takedown: true,
    });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({
      adminId: admin.id,
      targetType: "system",
      metadata: {
        flags: { ...FEATURE_FLAG_DEFAULTS, enable_moderation: false, enable_auto_takedown: true },
        changed: { enable_moderation: { from: true, to: false }, enable_auto_takedown: { from: false, to: true } },
      },
    });
    const [row] = await db.select().from(featureFlags).where(eq(featureFlags.key, "enable_moderation"));
    expect(row.updatedBy).toBe(admin.id);
    const shown = await load(caller, settingsPage, { user: admin, path: "/admin/settings" });
    const changed = Object.fromEntries(
      ((shown.data?.flags ?? []) as { key: string; changed: string | null }[]).map((f) => [f.key, f.changed]),
    );
    expect(changed.enable_moderation).toMatch(/ by Avery Admin$/);
    expect(changed.enable_swap_payments).toBeNull();

    // The other process reads the database on use: no cache to wait for, and the flag does what it says there.
    expect(await isFeatureEnabled(second.db, "enable_moderation")).toBe(false);
    expect(await isFeatureEnabled(second.db, "enable_auto_takedown")).toBe(true);
    const owner = await createMember(second.db, { name: "Olive Owner" });
    const listingId = await createListing(second.db, owner.id);
    const reporter = await createMember(second.db);
    expect(
      await refusal(
        reportListing({ db: second.db, clock: systemClock }, { reporterId: reporter.id, listingId, reason: "fraud" }),
      ),
    ).toMatchObject({
      message: REPORTING_OFF,
    });

    expect((await save({})).flash).toBe("Feature flags updated");
    expect(await isFeatureEnabled(second.db, "enable_moderation")).toBe(true);
    await reportListing({ db: second.db, clock: systemClock }, { reporterId: reporter.id, listingId, reason: "fraud" });
  });

  test("the IP allowlist, turned on in one process, closes the back office in another to addresses outside it", async () => {
    expect((await gate("198.51.100.9")).kind).toBe("allowed");
    // The route's caller comes from 203.0.113.7, which is on this app's list: the admin may turn it on.
    const listed: RouteCaller = { ...caller, staffAllowlist: "203.0.113.0/24" };
    expect(
      await postForm(listed, settingsPage, {
        user: admin,
        path: "/admin/settings",
        form: flagsForm({ enable_ip_allowlist: true }),
      }),
    ).toMatchObject({ flash: "Feature flags updated" });
    expect((await gate("198.51.100.9")).kind).toBe("denied");
    expect((await gate("203.0.113.7")).kind).toBe("allowed");
  });

  test("every flag, saved from the page, does what its name says in the second process", async () => {
    const b = { db: second.db, clock: systemClock };
    const listed: RouteCaller = { ...caller, staffAllowlist: "203.0.113.0/24" };
    const saveAll = (values: Partial<Record<FeatureFlagKey, boolean>>) =>
      postForm(listed, settingsPage, { user: admin, path: "/admin/settings", form: flagsForm(values) });
    expect(
      (
        await saveAll({
          enable_swap_payments: false,
          enable_auto_takedown: true,
          enable_rate_limiting: false,
          enable_ip_allowlist: true,
        })
      ).flash,
    ).toBe("Feature flags updated");

    // Swap payments off: accepting completes the swap, the fee waived.
    const proposer = await createMember(second.db, { name: "Priya Sharma" });
    const receiver = await createMember(second.db, { name: "Liam O'Connor" });
    const offered = await createListing(second.db, proposer.id, { title: "Road bike" });
    const target = await createListing(second.db, receiver.id, { title: "Surfboard" });
    const { id: swapId } = await proposeSwap(b, {
      proposerId: proposer.id,
      offeredListingId: offered,
      targetListingId: target,
    });
    expect(await acceptSwap(b, { swapId, actorId: receiver.id })).toMatchObject({ status: "arranging" });

    // Auto takedown on: the third member's report hides the listing.
    const owner = await createMember(second.db, { name: "Olive Owner" });
    const reported = await createListing(second.db, owner.id);
    const hidden = [];
    for (let i = 0; i < 3; i++) {
      const reporter = await createMember(second.db);
      hidden.push((await reportListing(b, { reporterId: reporter.id, listingId: reported, reason: "fraud" })).hidden);
    }
    expect(hidden).toEqual([false, false, true]);

    // Rate limiting off: an admin action is not counted, however often.
    for (let i = 0; i < 12; i++)
      await checkAdminRateLimit(b, { actorId: admin.id, action: "update_feature_flags_probe" });

    // The IP allowlist on: the back office answers only the listed addresses.
    expect((await gate("198.51.100.9")).kind).toBe("denied");
    expect((await gate("203.0.113.50")).kind).toBe("allowed");

    // And back: rate limiting on again counts from the next action.
    expect((await saveAll({ enable_ip_allowlist: true })).flash).toBe("Feature flags updated");
    for (let i = 0; i < 10; i++)
      await checkAdminRateLimit(b, { actorId: admin.id, action: "update_feature_flags_probe2" });
    expect(
      await refusal(checkAdminRateLimit(b, { actorId: admin.id, action: "update_feature_flags_probe2" })),
    ).toMatchObject({ code: "RATE_LIMITED" });
  });

  test("turning the IP allowlist on from an address outside it is refused with the reason, nothing changed", async () => {
    const before = (await auditRows()).length;
    const answer = await save({ enable_ip_allowlist: true, enable_moderation: false });
    expect(answer.status).toBe(400);
    expect(answer.error).toBe(
      "Failed to save feature flags: your address 203.0.113.7 is not in ADMIN_IP_ALLOWLIST, so turning the IP allowlist on would lock you out",
    );
    expect(await flagRows()).toEqual(FEATURE_FLAG_DEFAULTS);
    expect(await auditRows()).toHaveLength(before);
  });

  test("a moderator or a member who posts the form is refused with the spec's words, nothing changed and nothing audited", async () => {
    const before = (await auditRows()).length;
    // A moderator stays on the Settings page and reads the spec's words; a member is sent home (decision 070).
    for (const [user, location] of [
      [moderator, "/admin/settings"],
      [member, "/"],
    ] as const) {
      expect(await save({ enable_moderation: false }, user)).toMatchObject({
        status: 302,
        location,
        flash:
          user === member ? "You don't have permission to access this area" : "Only admins can change feature flags",
      });
      expect(await save({}, user)).toMatchObject({
        status: 302,
        location,
        flash: user === member ? "You don't have permission to access this area" : "Only admins can save feature flags",
      });
    }
    expect(await flagRows()).toEqual(FEATURE_FLAG_DEFAULTS);
    expect(await auditRows()).toHaveLength(before);
  });

  test("a Save with every switch as it was changes nothing, writes no audit row and says so", async () => {
    await save({ enable_auto_takedown: true });
    const [before] = await db.select().from(featureFlags).where(eq(featureFlags.key, "enable_auto_takedown"));
    const rowsBefore = (await auditRows()).length;
    for (let i = 0; i < 3; i++) {
      expect(await save({ enable_auto_takedown: true })).toMatchObject({
        status: 302,
        location: "/admin/settings",
        flash: settingsPage.FLAGS_UNCHANGED,
      });
    }
    expect(await auditRows()).toHaveLength(rowsBefore);
    // Who changed it last, and when, still name the save that did change it.
    const [after] = await db.select().from(featureFlags).where(eq(featureFlags.key, "enable_auto_takedown"));
    expect(after).toEqual(before);
    // A save that does change something is audited as before.
    expect((await save({})).flash).toBe(settingsPage.FLAGS_UPDATED);
    expect(await auditRows()).toHaveLength(rowsBefore + 1);
  });

  test("Save is rate limited: the 11th in a minute is refused", async () => {
    const answers = [];
    const busy = await createStaff(db, ["admin"], { name: "Busy Admin" });
    for (let i = 0; i < 11; i++) answers.push(await save({ enable_auto_takedown: i % 2 === 0 }, busy));
    expect(answers.slice(0, 10).every((a) => a.flash === "Feature flags updated")).toBe(true);
    expect(answers[10].status).toBe(429);
    expect(answers[10].error).toMatch(/^Rate limit exceeded\. Try again at /);
    // The tenth left the flag as the tenth save said, and the refused one changed nothing.
    expect((await flagRows()).enable_auto_takedown).toBe(false);
  });
});

describe("the Settings page's secrets, security checklist, backups and system figures", () => {
  const secrets = {
    BETTER_AUTH_SECRET: "9f2c41d7be08a3e65c1f0d94b7a2e83c5d6f1a0b",
    STRIPE_SECRET_KEY: "sk_live_51Hx9QaZ0aBcDeFgHiJkLmNoPqRsTuVwXyZ7q3f",
    STRIPE_WEBHOOK_SECRET: "whsec_Zx81kQm02LpV7nB4cD9eF3gH6jK1mN5pQ8rS",
    SMTP_URL: "smtps://mailer:Qv7-zP2m-Kx9w-Lr4t-9981@smtp.example.com:465",
  };
  const stripeCaller: RouteCaller = {
    ...caller,
    testApp: {
      ...testApp,
      env: {
        ...testApp.env,
        PAYMENT_PROVIDER: "stripe",
        MAIL_TRANSPORT: "smtp",
        ...secrets,
        APP_URL: "https://swapshed.example",
      },
    },
  };
  const settingsOf = async (c: RouteCaller = caller) => {
    const page = await load(c, settingsPage, { user: admin, path: "/admin/settings" });
    if (!page.data) throw new Error("the admin was refused the Settings page");
    return page.data as Awaited<ReturnType<typeof settingsPage.loader>>;
  };

  test("secrets read Configured or Not configured, and the page's data holds no more than the last 4 characters of any", async () => {
    const local = await settingsOf();
    expect(local.secrets.map((s) => [s.name, s.configured, s.lastFour])).toEqual([
      ["BETTER_AUTH_SECRET", true, testApp.env.BETTER_AUTH_SECRET.slice(-4)],
      ["STRIPE_SECRET_KEY", false, null],
      ["STRIPE_WEBHOOK_SECRET", false, null],
      ["SMTP_URL", false, null],
    ]);
    expect(local.secrets[0].note).toBe("From the environment.");

    const live = await settingsOf(stripeCaller);
    expect(live.secrets.map((s) => [s.name, s.configured, s.lastFour])).toEqual([
      ["BETTER_AUTH_SECRET", true, secrets.BETTER_AUTH_SECRET.slice(-4)],
      ["STRIPE_SECRET_KEY", true, "7q3f"],
      ["STRIPE_WEBHOOK_SECRET", true, "Q8rS"],
      ["SMTP_URL", true, "9981"],
    ]);
    // No 5 characters in a row of any secret (the SMTP password included) reach the page.
    const sent = JSON.stringify(live);
    const values = [
      secrets.BETTER_AUTH_SECRET,
      secrets.STRIPE_SECRET_KEY,
      secrets.STRIPE_WEBHOOK_SECRET,
      "Qv7-zP2m-Kx9w-Lr4t-9981",
    ];
    for (const value of values) {
      for (let i = 0; i + 5 <= value.length; i++)
        expect(sent, `${value.slice(i, i + 5)} of a secret`).not.toContain(value.slice(i, i + 5));
    }
  });

  test("the checklist is checked on each request: staff two-factor, https, cookies, rate limiting, snapshots, the allowlist and route permissions", async () => {
    const byId = (checks: { id: string; passed: boolean; reason: string }[]) =>
      Object.fromEntries(checks.map((c) => [c.id, c]));
    const late = await createStaff(db, ["moderator"], { name: "Lenny Late", totp: false });
    let checks = byId((await settingsOf()).checks);
    expect(checks.staff_totp).toMatchObject({ passed: false });
    expect(checks.staff_totp.reason).toContain("Lenny Late");
    expect(checks.https).toMatchObject({
      passed: false,
      reason: "APP_URL is http://localhost:3000: browsers send cookies and forms over plain HTTP.",
    });
    expect(checks.secure_cookies.passed).toBe(false);
    expect(checks.rate_limiting.passed).toBe(true);
    expect(checks.snapshot_24h).toMatchObject({ passed: false, reason: "No snapshot yet." });
    expect(checks.ip_allowlist.passed).toBe(false);
    expect(checks.route_permissions.passed).toBe(true);
    expect(checks.route_permissions.reason).toMatch(/^All \d+ routes and actions name a permission/);
    expect(checks.payments.passed).toBe(false);

    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, late.id));
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, member.id));
    await setFlag(db, "enable_rate_limiting", false);
    await db.insert(snapshots).values({
      id: "snap-settings-old",
      path: "snap-settings-old.dump",
      sizeBytes: 1000,
      createdAt: new Date(Date.now() - 25 * HOUR),
    });
    checks = byId((await settingsOf(stripeCaller)).checks);
    expect(checks.staff_totp.passed).toBe(true);
    expect(checks.https).toMatchObject({ passed: true, reason: "APP_URL is https://swapshed.example." });
    expect(checks.rate_limiting).toMatchObject({
      passed: false,
      reason: "The enable_rate_limiting flag is off: no limit is counted.",
    });
    expect(checks.snapshot_24h).toMatchObject({
      passed: false,
      reason: "The last, snap-settings-old, was taken 25 hours ago.",
    });
    expect(checks.payments.passed).toBe(true);

    await db.insert(snapshots).values({
      id: "snap-settings-new",
      path: "snap-settings-new.dump",
      sizeBytes: 3 * 1024 * 1024,
      createdAt: new Date(Date.now() - 2 * HOUR),
    });
    await setFlag(db, "enable_ip_allowlist", true);
    const listed: RouteCaller = {
      ...stripeCaller,
      staffAllowlist: "203.0.113.0/24, 198.51.100.4",
      testApp: {
        ...stripeCaller.testApp,
        env: { ...stripeCaller.testApp.env, ADMIN_IP_ALLOWLIST: "203.0.113.0/24, 198.51.100.4" },
      },
    };
    checks = byId((await settingsOf(listed)).checks);
    expect(checks.snapshot_24h).toMatchObject({
      passed: true,
      reason: "The last, snap-settings-new, was taken 2 hours ago.",
    });
    expect(checks.ip_allowlist).toMatchObject({
      passed: true,
      reason: "On: the back office answers only 2 entries in ADMIN_IP_ALLOWLIST.",
    });
  });

  test("backup and system figures are the real ones: the last snapshot and its size, this build's version, Node and the database's version", async () => {
    const page = await settingsOf();
    const facts = (list: { label: string; value: string }[]) => Object.fromEntries(list.map((f) => [f.label, f.value]));
    const backups = facts(page.backups);
    expect(backups["Last snapshot"]).toMatch(/^snap-settings-new, /);
    expect(backups["Its size"]).toBe("3.0 MB");
    expect(backups["Snapshots kept"]).toMatch(/^2 \(/);
    const system = facts(page.system);
    expect(system.Version).toBe(pkg.version);
    expect(system.Node).toBe(process.version);
    expect(system.Environment).toBe("test");
    expect(system["Uptime of this process"]).toMatch(/\d/);
    expect(system.Database).toMatch(
      handle.kind === "postgres" ? /^PostgreSQL \d+\.\d+$/ : /^PGlite \d+\.\d+\.\d+ \(embedded PostgreSQL \d+\.\d+\)$/,
    );
  });
});
