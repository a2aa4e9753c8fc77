import { spawnSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { SEED_PASSWORD } from "../../db/seed/seed-data";
import { totpCode } from "../support/totp";
import { expect, expectNoAxeViolations, PASSWORD, signUpViaApi, test, uniqueEmail } from "./fixtures";

const postgres = process.env.E2E_DATABASE_URL;

/** `npm run staff` as an operator runs it, against the journeys' database. */
function staffCli(args: string[]) {
  return spawnSync("npx", ["tsx", "server/cli/staff.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, LOG_LEVEL: "silent", ...(postgres ? { DATABASE_URL: postgres } : { DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e" }) },
  });
}

/**
 * An admin who has not set up two-factor yet. On the embedded database the demo seed makes admin@example.com;
 * on PostgreSQL there is no demo staff, so an operator grants the role with the command line.
 */
async function freshAdmin(page: Page): Promise<{ email: string; password: string }> {
  const origin = test.info().project.use.baseURL as string;
  if (postgres) {
    const email = uniqueEmail("admin");
    await signUpViaApi(page, { email, fullName: "Avery Admin" });
    const granted = staffCli(["grant", "admin", email]);
    expect(granted.status, granted.stderr).toBe(0);
    await page.context().clearCookies();
    return { email, password: PASSWORD };
  }
  const seeded = await page.request.post("/seed", { form: { step: "users" }, headers: { origin } });
  expect(seeded.status()).toBe(200);
  return { email: "admin@example.com", password: SEED_PASSWORD };
}

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
}

test("a visitor is asked to sign in, and a member is refused with the spec's words", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);
  await signUpViaApi(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("You don't have permission to access this area")).toBeVisible();
});

test("an admin sets up two-factor, enters, and from then on signs in with a code or a backup code", async ({ page }) => {
  const admin = await freshAdmin(page);
  await signIn(page, admin);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/two-factor$/);
  await expect(page.getByText("Two-factor is required for admin access")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = (await page.getByLabel("Two-factor key", { exact: true }).inputValue()).replace(/\s+/g, "");
  await page.getByLabel("Code from your app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("Code from your app").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const backupCodes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(backupCodes).toHaveCount(10);
  const codes = await backupCodes.allInnerTexts();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: /go to the back office/ }).click();
  await expect(page.getByRole("heading", { name: "System Overview" })).toBeVisible();
  await expect(page.getByText("Admin", { exact: true })).toBeVisible();
  for (const card of ["Total Users", "Active Listings", "Swap Proposals", "Payments", "System Health"]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }
  await expect(page.getByText(/Database: answering in/)).toBeVisible();
  const headers = (await page.request.get("/admin")).headers();
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(headers["cache-control"]).toBe("no-store");
  await expectNoAxeViolations(page);

  // Ctrl+B folds the sidebar to icons (3rem) and the choice is kept for the next visit.
  const sidebar = page.getByRole("complementary", { name: "Back office" });
  const width = async () => (await sidebar.boundingBox())?.width;
  expect(await width()).toBe(256);
  await page.keyboard.press("Control+b");
  await expect.poll(width).toBe(48);
  await page.reload();
  expect(await width()).toBe(48);
  await page.getByRole("button", { name: "Expand the sidebar" }).click();
  await expect.poll(width).toBe(256);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.getByLabel("Open the back-office menu").click();
  await expect(page.getByRole("navigation", { name: "Back office pages" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Signed out, the password alone no longer opens a session.
  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, admin);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Authentication code").fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(totpCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "System Overview" })).toBeVisible();

  // A backup code instead of the app, once.
  await page.getByRole("button", { name: "Sign out" }).click();
  await signIn(page, admin);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "System Overview" })).toBeVisible();
});

test("on the embedded database the staff command refuses while the app holds the data directory", async () => {
  test.skip(!!postgres, "PostgreSQL has no data lock");
  const result = staffCli(["grant", "moderator", "someone@example.com"]);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("is already using the data directory");
});
