import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  expect as baseExpect,
  expectNoAxeViolations,
  hydrated,
  listItem,
  signUpViaApi,
  test,
  uniqueEmail,
} from "./fixtures";
import { staffSession } from "./staff";

// The back office's lists as staff use them every day: filters that apply in place, totals, cards on a phone,
// honest empty states; and the smaller things around them (dialogs, unsaved settings, the 404, breadcrumbs).

// Each step waits on a server round trip; a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

// One sign-in for the whole file (sign-in is limited to 5 an address in 5 minutes), reused by each journey. Kept
// in a file of this run too: after a failed journey Playwright starts a new worker, which would otherwise have
// lost the session (and the two-factor key of the account it enrolled).
const sessionFile = path.join(
  os.tmpdir(),
  `back-office-lists-${createHash("sha256")
    .update(process.env.E2E_DATABASE_URL ?? process.env.E2E_DATA_DIR ?? "")
    .digest("hex")
    .slice(0, 12)}.json`,
);
async function asAdmin(page: Page) {
  if (existsSync(sessionFile)) await page.context().addCookies(JSON.parse(readFileSync(sessionFile, "utf8")));
  else {
    await staffSession(page, "admin");
    writeFileSync(sessionFile, JSON.stringify(await page.context().cookies()));
  }
}

/** Holds every client-side data request of the back office until `release` is called: the loading state shows. */
async function holdDataRequests(page: Page) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const pattern = /\/admin\/[a-z-]*\.data/;
  const hold = async (route: import("@playwright/test").Route) => {
    await gate;
    // A request the page gave up on meanwhile (a newer filter replaced it) is already answered.
    await route.continue().catch(() => {});
  };
  await page.route(pattern, hold);
  return async () => {
    release();
    await page.unroute(pattern, hold);
  };
}

/** A member with two listings whose titles share `tag`, so a search finds exactly them. */
async function twoListings(browser: import("@playwright/test").Browser, tag: string) {
  const context = await browser.newContext();
  const owner = await context.newPage();
  await signUpViaApi(owner, { email: uniqueEmail("lister"), fullName: "Lena Lister" });
  await listItem(owner, `Ancient and pre-decimal coin collection, albums and loose ${tag}`);
  await listItem(owner, `Brass telescope on a wooden tripod ${tag}`);
  await context.close();
}

test("filters apply as they change, in place: the address follows, focus stays, the list says it is loading, and the total is shown", async ({
  page,
  browser,
}) => {
  // Two listings made through the API, then five lists: a busy machine needs minutes.
  test.setTimeout(300_000);
  const tag = `lst${Date.now().toString(36)}`;
  await twoListings(browser, tag);
  await asAdmin(page);
  await page.goto("/admin/listings");
  await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
  // Nothing to press once the page runs: the Apply button is gone.
  await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
  await expect(page.getByText(/^\d+ listings?$/)).toBeVisible();
  // A mark on the page's window: a full page load would wipe it.
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  const search = page.getByLabel("Title", { exact: true });
  await search.fill(tag);
  await page.waitForURL((url) => url.searchParams.get("q") === tag);
  await expect(page.getByText("2 listings", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("link", { name: `Brass telescope on a wooden tripod ${tag}`, exact: true }),
  ).toBeVisible();
  await expect(search).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // A choice applies at once; while the rows load, the list says so.
  const release = await holdDataRequests(page);
  await page.getByLabel("Moderation").focus();
  await page.getByLabel("Moderation").selectOption("rejected");
  await expect(page.getByText("Loading listings...")).toBeVisible();
  await release();
  await page.waitForURL((url) => url.searchParams.get("moderation") === "rejected");
  await expect(page.getByText("No listings match these filters.")).toBeVisible();
  await expect(page.getByLabel("Moderation")).toBeFocused();
  // Back returns to the previous filters, and the fields show them again.
  await page.getByLabel("Moderation").selectOption("");
  await page.waitForURL((url) => !url.searchParams.get("moderation"));
  await expect(page.getByText("2 listings", { exact: true })).toBeVisible();

  // The Moderation Queue's own words while it loads.
  await page.goto("/admin/moderation");
  const releaseQueue = await holdDataRequests(page);
  await page.getByLabel("Status").selectOption("all");
  await expect(page.getByText("Loading moderation queue...")).toBeVisible();
  await releaseQueue();
  await page.waitForURL((url) => url.searchParams.get("status") === "all");
  await expect(page.getByText("Loading moderation queue...")).toHaveCount(0);

  // Users, Swaps and Payments show their totals and filter in place too.
  for (const [path, value, total] of [
    ["/admin/users", "suspended", /^\d+ members?$/],
    ["/admin/swaps", "pending", /^\d+ swaps?$/],
    ["/admin/payments", "completed", /^\d+ payments?$/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(total)).toBeVisible();
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByLabel("Status").selectOption(value);
    await page.waitForURL((url) => url.searchParams.get("status") === value);
    await expect(page.getByText(total)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  }
});

test("without JavaScript the filters have a visible Apply button that applies them", async ({ page, browser }) => {
  await asAdmin(page);
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/admin/swaps");
  const apply = noScript.getByRole("button", { name: "Apply" });
  await expect(apply).toBeVisible();
  await noScript.getByLabel("Status").selectOption("withdrawn");
  await noScript.getByLabel("Dispute").selectOption("resolved");
  await apply.click();
  await noScript.waitForURL((url) => url.searchParams.get("status") === "withdrawn");
  await expect(noScript.getByText("No swaps match these filters.")).toBeVisible();
  await plain.close();
});

test("an empty list says what is empty: nothing yet, or nothing that matches the filters set", async ({ page }) => {
  await asAdmin(page);
  await page.goto("/admin/payments?status=refunded&provider=stripe");
  await expect(page.getByText("No payments match these filters.")).toBeVisible();
  // With no filter set, an empty list never speaks of filters.
  for (const [path, yet] of [
    ["/admin/swaps", "No swaps yet."],
    ["/admin/payments", "No payments yet."],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(/^\d+ (swaps?|payments?)$/)).toBeVisible();
    await expect(page.getByText(/match these filters/)).toHaveCount(0);
    if ((await page.getByRole("table").count()) === 0) await expect(page.getByText(yet)).toBeVisible();
  }
});

test("at 390 px every list fits the screen, as cards with their status and actions in view", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = `nar${Date.now().toString(36)}`;
  await twoListings(browser, tag);
  await asAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });

  for (const path of [
    "/admin/users",
    `/admin/listings?q=${tag}`,
    "/admin/swaps",
    "/admin/payments",
    "/admin/moderation",
    "/admin/logs?tab=security",
    "/admin/audit-logs",
    "/admin/tools",
    "/admin/settings",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => {
      // Boxes that scroll sideways (what hides a list's columns); visually hidden text is clipped on purpose.
      const wide = [...document.querySelectorAll("main *")].filter(
        (el) => el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(el).overflowX),
      );
      return { page: document.documentElement.scrollWidth - window.innerWidth, boxes: wide.map((el) => el.className) };
    });
    expect(overflow, path).toEqual({ page: 0, boxes: [] });
    await page.screenshot({ path: test.info().outputPath(`${path.replace(/\W+/g, "_")}-390.png`), fullPage: true });
  }

  // Listings: each row's status, moderation and every action are on screen, the title whole.
  await page.goto(`/admin/listings?q=${tag}`);
  const title = `Ancient and pre-decimal coin collection, albums and loose ${tag}`;
  const row = page.getByRole("row").filter({ hasText: title });
  // Down the page is fine (the demo notice takes the top lines); sideways is what must never be needed.
  await row.scrollIntoViewIfNeeded();
  for (const part of [
    row.getByText("active", { exact: true }),
    row.getByRole("link", { name: `Reject: ${title}` }),
    row.getByRole("link", { name: `Take down: ${title}` }),
    row.getByRole("link", { name: `Delete: ${title}` }),
    row.getByRole("link", { name: title, exact: true }),
  ]) {
    await expect(part).toBeInViewport({ ratio: 1 });
  }
  // Users: the status of a member is on screen.
  await page.goto("/admin/users");
  await expect(
    page
      .getByRole("row")
      .nth(1)
      .getByText(/^(active|suspended|flagged)$/),
  ).toBeInViewport({ ratio: 1 });
  // The moderation queue's keyboard line is for keyboards: not on a phone.
  await page.goto("/admin/moderation");
  await expect(page.getByText(/next report/)).toBeHidden();

  // The Tools page passes axe at this width (no scroll box that a keyboard cannot reach).
  await page.goto("/admin/tools");
  await expectNoAxeViolations(page);
});

test("Listings: titles whole at 1440 px, four actions inside the table, select-all, and 'Permanently delete'", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = `sel${Date.now().toString(36)}`;
  await twoListings(browser, tag);
  await asAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/admin/listings?q=${tag}`);
  const title = `Ancient and pre-decimal coin collection, albums and loose ${tag}`;
  const titleLink = page.getByRole("link", { name: title, exact: true });
  // Not cut off with an ellipsis: the link is as wide as its text.
  expect(
    await titleLink.evaluate(
      (el) => el.scrollWidth <= el.clientWidth + 1 || getComputedStyle(el).textOverflow !== "ellipsis",
    ),
  ).toBe(true);
  await page.screenshot({ path: test.info().outputPath("listings-1440.png"), fullPage: true });

  // Reject one, so its row offers four actions; "Delete" stays inside the table.
  await page.getByRole("link", { name: `Reject: ${title}` }).click();
  await page.getByRole("dialog").getByLabel("Reason").fill("spam");
  await page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Listing rejected")).toBeVisible();
  const table = await page.getByRole("table").boundingBox();
  for (const link of await page.getByRole("link", { name: /^Delete: / }).all()) {
    const box = await link.boundingBox();
    expect(box && table && box.x + box.width <= table.x + table.width).toBe(true);
  }

  // Select all on this page: both rows, and the bulk dialog counts them.
  await hydrated(page);
  const all = page.getByRole("checkbox", { name: "Select all on this page" });
  await all.check();
  for (const box of await page.getByRole("checkbox", { name: /^Select / }).all()) await expect(box).toBeChecked();
  await page.getByRole("checkbox", { name: `Select ${title}` }).uncheck();
  expect(await all.evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);
  await all.check();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Permanently delete 2 listings?" })).toBeVisible();
  await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
  await page.getByRole("link", { name: `Delete: ${title}` }).click();
  await expect(
    page.getByRole("dialog").getByRole("heading", { name: "Permanently delete this listing?" }),
  ).toBeVisible();
  await expect(page.getByText("Delete permanently")).toHaveCount(0);
});

test("Users: a member marked for deletion can be found under the 'deleted' status during their 30 days", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("leaving");
  const context = page.context();
  const other = await context.browser()?.newContext();
  const memberPage = await other?.newPage();
  if (!memberPage || !other) throw new Error("no browser");
  await signUpViaApi(memberPage, { email, fullName: "Dora Departing" });
  await other.close();

  await asAdmin(page);
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Dora Departing" }).click();
  // The breadcrumb names the member, under Users.
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name: "Users" })).toBeVisible();
  await expect(crumbs.getByText("Dora Departing")).toBeVisible();
  await page.getByRole("link", { name: "Delete", exact: true }).click();
  await page.getByRole("dialog").getByLabel("Reason").fill("member request");
  await page.getByRole("dialog").getByRole("button", { name: "Delete user" }).click();
  await expect(page.getByText("User marked for deletion (30-day retention)")).toBeVisible();

  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("No members match these filters.")).toBeVisible();
  await page.getByLabel("Status").selectOption("deleted");
  await page.waitForURL((url) => url.searchParams.get("status") === "deleted");
  const row = page.getByRole("row").filter({ hasText: "Dora Departing" });
  await expect(row.getByText("deleted", { exact: true })).toBeVisible();
  await expect(row).toContainText(/Deleted .+; purged .+/);
  await expect(row).toContainText("Reason: member request");
  await expect(page.getByText("1 member", { exact: true })).toBeVisible();
});

test("Tools, Settings and the 404: a Cancel in every dialog, unsaved flags signalled, no-op saves said, a back-office 404", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await asAdmin(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The Export Logs Bundle dialog closes with Cancel, like every other dialog.
  await page.goto("/admin/tools");
  await page.getByRole("link", { name: "Export Logs Bundle" }).click();
  const dialog = page.getByRole("dialog", { name: "Export Logs Bundle" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  // The same column as every other page: the heading starts where the Users heading does.
  const toolsX = (await page.getByRole("heading", { level: 1 }).boundingBox())?.x;
  await page.goto("/admin/users");
  expect((await page.getByRole("heading", { level: 1 }).boundingBox())?.x).toBe(toolsX);

  // Settings: a flipped switch is signalled, and leaving asks first.
  await page.goto("/admin/settings");
  await expect(page.getByText("decision 056")).toHaveCount(0);
  const takedown = page.getByRole("switch", { name: "Auto takedown" });
  const was = await takedown.isChecked();
  await takedown.setChecked(!was);
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("navigation", { name: "Back office pages" }).getByRole("link", { name: "Users" }).click();
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(takedown).toBeChecked({ checked: !was });
  // Switched back: nothing unsaved, and a Save changes nothing and says so.
  await takedown.setChecked(was);
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("No changes to save: the feature flags were already set like this")).toBeVisible();
  await page.getByRole("navigation", { name: "Back office pages" }).getByRole("link", { name: "Users" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  // An unknown back-office address: the 404 inside the back office's frame.
  const response = await page.goto("/admin/no-such-page/abc");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Back office pages" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the dashboard" })).toBeVisible();
  await expectNoAxeViolations(page);
});
