import type { Page } from "@playwright/test";
import { SEED_PASSWORD } from "#db/seed/seed-data.ts";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { postgres, staffSession } from "./staff";

// Attack turn 3, F1 (decision 066): with the test checkout on, every page says plainly that this is a demo and no
// money moves; the demo's staff accounts have no published password, and the seed page says how staff sign in.

// Signing staff in (and enrolling them the first time) and seeding take a while on a busy machine.
test.describe.configure({ timeout: 240_000 });

const NOTICE = "This is a demo of SwapShed. Payments are tests: no real money moves.";
const PHONE = { width: 375, height: 740 };

async function expectNotice(page: Page) {
  const notice = page.getByRole("complementary", { name: "Demo notice" });
  await expect(notice).toHaveText(NOTICE);
  await expect(notice).toBeInViewport();
}

/** Nothing wider than the screen (no sideways scroll). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("every page says it is a demo where no real money moves: member side, text pages, not-found, back office", async ({
  page,
}) => {
  for (const path of ["/", "/auth", "/search?q=bike", "/seed", "/terms", "/no-such-page"]) {
    await page.goto(path);
    await expectNotice(page);
  }
  await staffSession(page, "admin");
  for (const path of ["/admin", "/admin/tools"]) {
    await page.goto(path);
    await expectNotice(page);
  }
  await expectNoAxeViolations(page);
});

test("at 375 px the notice is short and calm: no sideways scroll, and the back-office menu opens below its header", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto("/");
  await expectNotice(page);
  const box = await page.getByRole("complementary", { name: "Demo notice" }).boundingBox();
  // Two lines at most at 375 px.
  expect(box?.height).toBeLessThanOrEqual(64);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("home-375.png") });
  await expectNoAxeViolations(page);

  await staffSession(page, "admin");
  await page.goto("/admin");
  await expectNotice(page);
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Open the back-office menu").click();
  const menu = page.getByRole("link", { name: "Tools" }).last();
  await expect(menu).toBeVisible();
  // The menu starts under the header, so the button that closes it stays uncovered and works.
  await page.screenshot({ path: test.info().outputPath("admin-menu-375.png") });
  await page.getByLabel("Open the back-office menu").click();
  await expect(menu).toBeHidden();
  await context.close();
});

test("the seed page says how the demo's staff sign in, and the published password does not open a staff account", async ({
  page,
}) => {
  await page.goto("/seed");
  if (postgres) {
    // No demo staff on PostgreSQL: the page names none.
    await expect(page.getByText("Demo staff accounts")).toHaveCount(0);
    return;
  }
  const staff = page.getByText("Demo staff accounts for the back office");
  await expect(staff).toHaveText(
    "Demo staff accounts for the back office: admin@example.com (admin), support@example.com (admin), moderator@example.com (moderator) and ops@example.com (admin). They do not use the password above: each has its own, shown once in the server's console when the accounts were made. To choose a new one, stop the server and run npm run staff -- password EMAIL. Each sets up two-factor sign-in the first time it opens /admin.",
  );
  await page.screenshot({ path: test.info().outputPath("seed.png"), fullPage: true });

  await page.getByRole("button", { name: "Seed Database" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Done:" })).toBeVisible({ timeout: 150_000 });
  await page.goto("/auth");
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill(SEED_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});
