import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, describe, expect, test } from "vitest";
import routes from "#app/routes.ts";
import type { SessionUser } from "#core/auth/find-session-user.ts";
import { adminOnlyActions, onlyAdminsText } from "#core/staff/admin-only-texts.ts";
import { parseIpAllowlist } from "#core/staff/ip-allowlist.ts";
import { passStaffGate } from "#core/staff/pass-staff-gate.ts";
import { can, STAFF_PERMISSIONS, type StaffAction } from "#core/staff/permissions.ts";
import type { Role } from "#db/schema/profiles.ts";
import { createStaff } from "../support/factories";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());

/** Every route module under /admin, from the route config itself: a new back-office page is walked without a test change. */
function adminFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [
    ...(e.file.startsWith("routes/admin") ? [e.file] : []),
    ...adminFiles(e.children ?? []),
  ]);
}
const files = adminFiles(routes as RouteConfigEntry[]);
const modules = await Promise.all(
  files.map(async (file) => ({
    file,
    module: (await import(path.resolve("app", file))) as {
      permission?: StaffAction;
      actionPermissions?: Record<string, StaffAction>;
    },
  })),
);

/** docs/spec/DECISIONS.md, Back office: what moderators may do; everything else is for admins only. */
const MODERATORS_MAY: StaffAction[] = [
  "view_dashboard",
  "global_search",
  "view_users",
  "view_user",
  "view_listings",
  "approve_listing",
  "reject_listing",
  "takedown_listing",
  // "review reports"
  "view_moderation_queue",
  "approve_report",
  "reject_report",
  "takedown_from_report",
  // Message reports are reports too (decision 086).
  "view_reported_message",
  "reject_message_report",
  "remove_reported_message",
  // Scam signals sit in the Moderation Queue beside reports (decision 098).
  "dismiss_signal",
  "mark_signal_actioned",
  // Review reports too (decision 094).
  "view_reported_review",
  "reject_review_report",
  "remove_reported_review",
];
MODERATORS_MAY.push("view_swaps", "view_swap", "view_payments", "view_payment");
// System Logs is for moderators and admins; its CSV export is what the page shows (decision 057).
MODERATORS_MAY.push("view_logs", "export_logs_csv");
// Decision 070: Reports and a read-only Settings are open to staff (spec section 6: only flags and key
// rotation are admin-only).
MODERATORS_MAY.push("view_reports", "export_report_csv", "view_settings");
// Decision 097: appeals are a kind in the Moderation Queue; an appeal against a suspension is an admin's (in the use case).
MODERATORS_MAY.push("view_appeals", "resolve_appeal");

describe("the permission table", () => {
  test("matches the product decisions: moderators exactly what DECISIONS.md lists, admins everything", () => {
    for (const [action, roles] of Object.entries(STAFF_PERMISSIONS)) {
      expect(roles, action).toContain("admin");
      expect(roles.includes("moderator"), action).toBe(MODERATORS_MAY.includes(action as StaffAction));
    }
  });

  test("every action kept for admins has its own 'Only admins can ...' words for the staff it refuses", () => {
    const texts = adminOnlyActions().map((action) => [action, onlyAdminsText(action)]);
    expect(texts.length).toBeGreaterThan(10);
    for (const [action, text] of texts) expect(text, action).toMatch(/^Only admins can (?!do this)/);
  });

  test("every back-office route names its permission, and every action its own, from the table", () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const { file, module } of modules) {
      expect(module.permission, `${file} has no permission entry`).toBeDefined();
      expect(Object.keys(STAFF_PERMISSIONS), file).toContain(module.permission);
      for (const [intent, action] of Object.entries(module.actionPermissions ?? {}))
        expect(Object.keys(STAFF_PERMISSIONS), `${file} ${intent}`).toContain(action);
    }
  });
});

type Persona = { name: string; user: SessionUser | null; roles: Role[]; totp: boolean };

async function persona(name: string, roles: Role[], totp: boolean): Promise<Persona> {
  return { name, roles, totp, user: await createStaff(db, roles, { totp, name }) };
}

const personas = [
  { name: "visitor", user: null, roles: [], totp: false } as Persona,
  await persona("member", [], false),
  await persona("moderator without TOTP", ["moderator"], false),
  await persona("moderator", ["moderator"], true),
  await persona("admin without TOTP", ["admin"], false),
  await persona("admin", ["admin"], true),
];

describe("every back-office route and action, for every kind of visitor", () => {
  const expected = (p: Persona, action: StaffAction) => {
    if (!p.user) return "sign_in";
    if (p.roles.length === 0) return "denied";
    if (!can(p.roles, action)) return "staff_refused";
    return p.totp ? "allowed" : "two_factor_required";
  };
  const checks = modules.flatMap(({ file, module }) => [
    { what: `${file} (page)`, action: module.permission as StaffAction },
    ...Object.entries(module.actionPermissions ?? {}).map(([intent, action]) => ({
      what: `${file} ${intent}`,
      action,
    })),
  ]);

  test.each(personas.map((p) => [p.name, p] as const))("%s gets exactly what the table says", async (_name, p) => {
    for (const { what, action } of checks) {
      const result = await passStaffGate(
        { db, allowlist: parseIpAllowlist("") },
        {
          user: p.user,
          action,
          meta: { ip: "203.0.113.1", userAgent: null, headers: new Headers() },
          path: `/${what}`,
        },
      );
      expect(result.kind, `${p.name} on ${what}`).toBe(expected(p, action));
    }
  });
});
