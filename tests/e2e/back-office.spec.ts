import type { Page } from "@playwright/test";
import { unusedTotpCode } from "../support/totp";
import {
  expect,
  expectNoAxeViolations,
  listItem,
  PASSWORD,
  signUpViaApi,
  someonesListing,
  test,
  uniqueEmail,
} from "./fixtures";
import {
  enrolledStaff,
  expectSentHomeWithRefusal,
  freshStaff,
  postgres,
  type Staff,
  signIn,
  signOut,
  staffCli,
} from "./staff";
import { rememberStaffKey } from "./staff-keys";

let enrolledAdmin: Staff | undefined;
// The enrolled admin's signed-in session, reused by the later journeys: the spec allows 5 sign-ins per address in
// 5 minutes, and the enrolment journey alone signs in three times (one with a wrong code).
let adminSession: Awaited<ReturnType<ReturnType<Page["context"]>["storageState"]>> | undefined;

/** Signs `page` in as the enrolled admin with the session the enrolment journey ended with. */
async function useAdminSession(page: Page) {
  await page.context().addCookies(adminSession?.cookies ?? []);
}

test("a visitor is asked to sign in, and a member is refused with the spec's words", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin$/);
  await signUpViaApi(page);
  await expectSentHomeWithRefusal(page, "/admin");
});

test("an admin sets up two-factor, enters, and from then on signs in with a code or a backup code", async ({
  page,
}) => {
  // Enrolment, four axe checks, the sidebar and three sign-ins: more than the default 30 s on a busy machine, and
  // more than 120 s in a CI run at a load of 18 (2026-11-30), where the back office's first page waited 25 s. A
  // retry cannot help this one: the first try has enrolled the demo's admin, and two-factor cannot be set up twice.
  test.setTimeout(240_000);
  const admin = await freshStaff(page);
  await signIn(page, admin);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/two-factor\?redirectTo=%2Fadmin$/);
  await expect(page.getByText("Two-factor is required for admin access")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = ((await page.getByTestId("totp-key").textContent()) ?? "").replace(/\s+/g, "");
  await page.getByLabel("Code from your app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("Code from your app").fill(await unusedTotpCode(key));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  const backupCodes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(backupCodes).toHaveCount(10);
  const codes = await backupCodes.allInnerTexts();
  enrolledAdmin = { ...admin, key };
  rememberStaffKey(admin.email, key);
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
  // The frame's one robots tag, also after a client-side navigation into the back office (decision 074).
  await expect(page.locator('meta[name="robots"]')).toHaveCount(1);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  expect(headers["cache-control"]).toContain("no-store");
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
  await expect(
    page.getByRole("navigation", { name: "Back office pages" }).getByRole("link", { name: "Dashboard" }),
  ).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Signed out, the password alone no longer opens a session.
  await signOut(page);
  await signIn(page, admin);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Authentication code").fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await page.getByLabel("Authentication code").fill(await unusedTotpCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "System Overview" })).toBeVisible();

  // A backup code instead of the app, once.
  await signOut(page);
  await signIn(page, admin);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/auth"));
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "System Overview" })).toBeVisible();
  adminSession = await page.context().storageState();
});

test("on the embedded database the staff command refuses while the app holds the data directory", async () => {
  test.skip(!!postgres, "PostgreSQL has no data lock");
  const result = staffCli(["grant", "moderator", "someone@example.com"]);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("is already using the data directory");
});

test("an admin suspends a member, who is signed out, loses her listings and cannot sign in, then reactivates her", async ({
  page,
  browser,
}) => {
  test.skip(!enrolledAdmin, "needs the admin enrolled by the journey above");
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await signUpViaApi(memberPage, { email: uniqueEmail("suspendee"), fullName: "Sally Suspend" });
  const listingId = await listItem(memberPage, "Stihl chainsaw");

  await useAdminSession(page);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Name or e-mail").fill(member.email);
  await page.waitForURL((url) => url.searchParams.get("q") === member.email);
  await page.getByRole("link", { name: "Sally Suspend" }).click();
  await expect(page.getByRole("heading", { name: "Sally Suspend" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: "Suspend" }).click();
  const dialog = page.getByRole("dialog", { name: "Suspend user" });
  await expect(dialog).toBeVisible();
  // An empty reason aborts: the browser keeps the dialog open on the required field (the server refuses it too).
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog).toBeVisible();
  expect(await dialog.getByLabel("Reason").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
    true,
  );
  await dialog.getByLabel("Reason").fill("Repeated no-shows");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("User suspended")).toBeVisible();
  await expect(page.getByText("suspended", { exact: true }).first()).toBeVisible();

  // Her session ended at once; her listing is gone for everyone; signing in says why.
  await memberPage.goto("/my-listings");
  await expect(memberPage).toHaveURL(/\/auth/);
  expect((await memberPage.request.get(`/api/v1/listings/${listingId}`)).status()).toBe(404);
  await memberPage.goto("/auth");
  await memberPage.getByLabel("Email").fill(member.email);
  await memberPage.getByLabel("Password").fill(PASSWORD);
  await memberPage.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(memberPage.getByText("Your account has been suspended. Please contact support.").first()).toBeVisible();

  await page.getByRole("link", { name: "Reactivate" }).click();
  await page.getByRole("dialog", { name: "Reactivate user" }).getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText("User reactivated")).toBeVisible();
  expect((await memberPage.request.get(`/api/v1/listings/${listingId}`)).status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await memberContext.close();

  // The trail has both actions with the reason; the top bar's search finds her.
  await page.getByRole("link", { name: "Audit Logs" }).click();
  await expect(page.getByRole("heading", { name: "Audit Logs" })).toBeVisible();
  await expect(page.getByRole("listitem").getByText("suspend_user", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("listitem").getByText("reactivate_user", { exact: true }).first()).toBeVisible();
  const suspension = page.getByRole("listitem").filter({ hasText: "suspend_user" }).first();
  await suspension.locator("summary").filter({ hasText: "Details" }).click();
  await expect(suspension.getByText('"reason": "Repeated no-shows"')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Search members, listings and swaps").fill("Sally Suspend");
  await page.getByLabel("Search members, listings and swaps").press("Enter");
  await expect(
    page.getByRole("region", { name: "Members" }).getByRole("link", { name: "Sally Suspend" }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a moderator takes a listing down but is offered no member actions, and the server refuses them", async ({
  page,
  browser,
}) => {
  const title = `Replica watch ${Date.now()}`;
  const listingId = await someonesListing(browser, "Olive Owner", title);

  const moderator = await enrolledStaff(page, "moderator");
  await page.goto("/admin/listings");
  await expectNoAxeViolations(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.waitForURL((url) => url.searchParams.get("q") === title);
  await page.getByRole("link", { name: `Take down: ${title}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await dialog.getByLabel("Reason").fill("DMCA");
  await dialog.getByRole("button", { name: "Take down" }).click();
  await expect(page.getByText("Listing taken down")).toBeVisible();
  expect((await page.request.get(`/api/v1/listings/${listingId}`)).status()).toBe(404);
  await expect(page.getByRole("link", { name: `Delete: ${title}` })).toHaveCount(0);

  await expect(page.getByText("Moderator", { exact: true })).toBeVisible();
  await page.goto("/admin/users");
  const firstMember = page.locator("tbody a").filter({ hasNotText: "Moderator" }).first();
  await firstMember.click();
  await expect(page.getByRole("link", { name: "Suspend" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Export user data/ })).toHaveCount(0);
  // Posting the action anyway: refused on the server, back to the member's page with the reason (decision 070).
  const memberUrl = new URL(page.url()).pathname;
  const forged = await page.request.post(memberUrl, {
    form: { intent: "suspend", reason: "forged" },
    headers: { origin: test.info().project.use.baseURL as string },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(302);
  expect(forged.headers().location).toBe(memberUrl);
  await page.goto(memberUrl);
  await expect(page.getByText("suspended", { exact: true })).toHaveCount(0);
  // The audit trail is for admins: not in a moderator's sidebar, and refused if typed in, inside the back office.
  await expect(page.getByRole("link", { name: "Audit Logs" })).toHaveCount(0);
  await page.goto("/admin/audit-logs");
  await expect(page).toHaveURL(/\/admin\/audit-logs$/);
  await expect(page.getByText("Only admins can read the audit log")).toBeVisible();
  expect(moderator.email).toBeTruthy();
});

test("every back-office page an admin opens passes axe at 1280 and 375 px", async ({ page }) => {
  test.skip(!enrolledAdmin, "needs the admin enrolled by the journey above");
  // 14 page loads, each checked by axe: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  await useAdminSession(page);
  await page.goto("/admin/users");
  const memberPath = await page.locator("tbody a").first().getAttribute("href");
  for (const path of [
    "/admin",
    "/admin/users",
    memberPath ?? "/admin/users",
    `${memberPath}?do=suspend`,
    "/admin/listings",
    "/admin/audit-logs",
    "/admin/search?q=ex",
  ]) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
  }
});
