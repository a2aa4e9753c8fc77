import { spawnSync } from "node:child_process";
import type { Cookie, Page } from "@playwright/test";
import { unusedTotpCode } from "../support/totp";
import { expect, PASSWORD, signUpViaApi, uniqueEmail } from "./fixtures";
import { confirmAddressFromMail } from "./mailbox";
import { knownStaffKey, rememberStaffKey } from "./staff-keys";
import { E2E_STAFF_PASSWORD } from "./staff-password";

// Staff for the back-office journeys: made as an operator makes them, enrolled in two-factor through the pages.

export const postgres = process.env.E2E_DATABASE_URL;

/** `npm run staff` as an operator runs it, against the journeys' database. */
export function staffCli(args: string[]) {
  return spawnSync("npx", ["tsx", "server/cli/staff.ts", ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      LOG_LEVEL: "silent",
      ...(postgres ? { DATABASE_URL: postgres } : { DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e" }),
    },
  });
}

/** The demo seed's staff accounts a journey may enrol (decision 066). */
type DemoStaff = `${"admin" | "moderator" | "support"}@example.com`;

/**
 * A staff member who has not set up two-factor yet. On the embedded database the server made the demo's accounts
 * at boot (admin@example.com, or the one named), with the password the run gave them (DEMO_STAFF_PASSWORD); on
 * PostgreSQL there is no demo staff, so an operator grants the role with the command line.
 */
export async function freshStaff(
  page: Page,
  role: "admin" | "moderator" = "admin",
  demoAccount: DemoStaff = `${role}@example.com`,
): Promise<{ email: string; password: string }> {
  if (postgres) {
    const email = uniqueEmail(role);
    await signUpViaApi(page, { email, fullName: role === "admin" ? "Avery Admin" : "Morgan Moderator" });
    // An authenticator waits for a confirmed address (decision 067), staff's too.
    await confirmAddressFromMail(page, email);
    const granted = staffCli(["grant", role, email]);
    expect(granted.status, granted.stderr).toBe(0);
    await page.context().clearCookies();
    return { email, password: PASSWORD };
  }
  return { email: demoAccount, password: E2E_STAFF_PASSWORD };
}

export type Staff = { email: string; password: string; key: string };

/** Signs in with the password and the code from the app, as staff do every time. */
export async function signInAsStaff(page: Page, staff: Staff) {
  await signIn(page, staff);
  await page.getByLabel("Authentication code").fill(await unusedTotpCode(staff.key));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
}

/**
 * A staff member with two-factor set up, signed in: set up through the enrolment page now, or, for a demo account an
 * earlier journey of this run enrolled, signed in with the key it remembered.
 */
export async function enrolledStaff(
  page: Page,
  role: "admin" | "moderator",
  demoAccount: DemoStaff = `${role}@example.com`,
): Promise<Staff> {
  if (!postgres) {
    const key = knownStaffKey(demoAccount);
    if (key) return signInKnown(page, demoAccount, key);
  }
  return enrol(page, await freshStaff(page, role, demoAccount));
}

/** Sets up two-factor through the enrolment page (signed in with the password first); remembers the key. */
async function enrol(page: Page, staff: { email: string; password: string }): Promise<Staff> {
  await signIn(page, staff);
  await page.goto("/admin/two-factor");
  await page.getByLabel("Password").fill(staff.password);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  const key = ((await page.getByTestId("totp-key").textContent()) ?? "").replace(/\s+/g, "");
  await page.getByLabel("Code from your app").fill(await unusedTotpCode(key));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("list", { name: "Backup codes" })).toBeVisible();
  rememberStaffKey(staff.email, key);
  if (!postgres) await rememberSession(page, staff.email);
  return { ...staff, key };
}

/**
 * The demo's staff accounts are shared by the whole run, and the spec allows 5 sign-ins per e-mail (from one
 * place) in 5 minutes: a journey that is not about signing in carries on the staff member's session from the
 * journey before, as a browser would, and signs in with password and code only when that session has ended
 * (signed out, or never made in this worker).
 */
const staffSessions = new Map<string, Cookie[]>();

async function rememberSession(page: Page, email: string) {
  staffSessions.set(email, await page.context().cookies());
}

async function signInKnown(page: Page, email: string, key: string): Promise<Staff> {
  const staff = { email, password: E2E_STAFF_PASSWORD, key };
  const saved = staffSessions.get(email);
  if (saved) {
    await page.context().addCookies(saved);
    await page.goto("/admin");
    if (!new URL(page.url()).pathname.startsWith("/auth")) return staff;
    await page.context().clearCookies();
  }
  await signInAsStaff(page, staff);
  await rememberSession(page, email);
  return staff;
}

/** Signs out from the back office and waits for the sign-in page, so the next navigation starts signed out. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/auth");
  await expect(page.getByLabel("Email")).toBeVisible();
}

export async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
}

/**
 * A signed-in staff member of this role with two-factor set up, for journeys that are not about enrolment. On the
 * embedded database the demo's accounts are shared by the whole run, and some journeys need theirs untouched
 * (back-office.spec enrols admin@example.com, back-office-swaps.spec support@example.com): admins here are
 * ops@example.com, the seed's third admin. Enrolled once, then signed in with the remembered key. On PostgreSQL
 * a fresh account each time.
 */
export async function staffSession(page: Page, role: "admin" | "moderator"): Promise<Staff> {
  if (postgres || role === "moderator") return enrolledStaff(page, role);
  const key = knownStaffKey(OPS_ADMIN);
  if (key) return signInKnown(page, OPS_ADMIN, key);
  return enrol(page, { email: OPS_ADMIN, password: E2E_STAFF_PASSWORD });
}

const OPS_ADMIN = "ops@example.com";

/**
 * A back-office page sends this browser to `to` with `message`, drawn as a toast. A toast leaves after 4 s and is not
 * drawn again when the page hydrates later than that (decisions 048, 106), which a loaded machine's page can. So the
 * browser is checked to land on `to`, and the words are read from the page the server sends there with them (the
 * same session, the same redirect).
 */
async function expectSentAwayWith(page: Page, path: string, to: RegExp, message: RegExp) {
  await page.goto(path);
  await expect(page).toHaveURL(to);
  const answer = await page.request.get(path);
  expect(answer.url()).toMatch(to);
  expect(await answer.text()).toMatch(message);
}

/** A visitor at a back-office page is sent to sign in, told "Authentication required", the address kept. */
export function expectAskedToSignIn(page: Page, path: string) {
  const to = new RegExp(`/auth\\?redirectTo=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  return expectSentAwayWith(page, path, to, /Authentication required/);
}

/** A member at a back-office page is sent home with the spec's refusal. */
export function expectSentHomeWithRefusal(page: Page, path: string) {
  return expectSentAwayWith(page, path, /\/$/, /You don(?:'|&#x27;|&#39;)t have permission to access this area/);
}
