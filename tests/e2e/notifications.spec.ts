import type { Page } from "@playwright/test";
import { axeAtBothWidths, expect, listItem, member, propose, test } from "./fixtures";

// The notification centre (issue 26, decision 082): B offers a swap on A's listing; A's bell and tab title count
// it, /notifications lists it under Today, and opening it goes to My Swaps and drops the count. With and without
// JavaScript.

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });

for (const javaScriptEnabled of [true, false]) {
  test(`an offer shows in the bell, the title and /notifications, and opening it marks it read (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const ana = await member(browser, "Ana Costa", { javaScriptEnabled });
    const ben = await member(browser, "Ben Walker");
    const stamp = Date.now();
    const anaListing = await listItem(ana.page, `Ana's speaker ${stamp}`);
    const benListing = await listItem(ben.page, `Ben's camera ${stamp}`);

    // Nothing yet: the bell has no count, and the title none either.
    await ana.page.goto("/my-listings");
    await expect(bell(ana.page)).toHaveAccessibleName("Notifications");
    await expect(ana.page).toHaveTitle(/^My Listings/);

    await propose(ben.page, { offered: benListing, target: anaListing });

    await ana.page.goto("/my-listings");
    await expect(bell(ana.page)).toHaveAccessibleName("Notifications, 1 unread");
    await expect(ana.page).toHaveTitle(/^\(1\) My Listings \| SwapShed$/);

    await bell(ana.page).click();
    await expect(ana.page).toHaveURL(/\/notifications$/);
    await expect(ana.page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(ana.page).toHaveTitle("(1) Notifications | SwapShed");
    const today = ana.page.getByRole("region", { name: "Today" });
    const notice = today.getByRole("listitem").filter({ hasText: `Ben's camera ${stamp}` });
    await expect(notice).toContainText("New");
    await expect(notice.getByRole("link")).toHaveText(
      `Ben Walker offered their “Ben's camera ${stamp}” for your “Ana's speaker ${stamp}”`,
    );
    if (javaScriptEnabled) await axeAtBothWidths(ana.page, 900, "notifications");

    await notice.getByRole("link").click();
    await expect(ana.page).toHaveURL(/\/my-swaps$/);
    await expect(bell(ana.page)).toHaveAccessibleName("Notifications");
    await expect(ana.page).toHaveTitle("My Swaps | SwapShed");

    // Back on the list it is read: no "New", no "Mark as read", no "Mark all as read".
    await ana.page.goto("/notifications");
    const read = ana.page.getByRole("region", { name: "Today" }).getByRole("listitem").first();
    await expect(read).not.toContainText("New");
    await expect(ana.page.getByRole("button", { name: /Mark (all )?as read/ })).toHaveCount(0);
    await ana.close();
    await ben.close();
  });
}

test("mark one read, then all, with plain forms (JavaScript off), and the count follows", async ({ browser }) => {
  test.setTimeout(90_000);
  const ana = await member(browser, "Ana Costa", { javaScriptEnabled: false });
  const ben = await member(browser, "Ben Walker");
  const stamp = Date.now();
  const anaListing = await listItem(ana.page, `Ana's kettle ${stamp}`);
  for (const title of ["lamp", "rug", "clock"])
    await propose(ben.page, { offered: await listItem(ben.page, `Ben's ${title} ${stamp}`), target: anaListing });

  await ana.page.goto("/notifications");
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, 3 unread");
  const first = ana.page.getByRole("listitem").filter({ hasText: `Ben's clock ${stamp}` });
  await first.getByRole("button", { name: /^Mark as read/ }).click();
  await expect(ana.page.getByText("Marked as read.")).toBeVisible();
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications, 2 unread");
  await expect(ana.page).toHaveTitle("(2) Notifications | SwapShed");

  await ana.page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(ana.page.getByText("All notifications marked as read.")).toBeVisible();
  await expect(bell(ana.page)).toHaveAccessibleName("Notifications");
  await expect(ana.page).toHaveTitle("Notifications | SwapShed");
  await ana.close();
  await ben.close();
});

test("someone else's notice is not found; a visitor is asked to sign in; an empty list says so", async ({
  browser,
}) => {
  const ana = await member(browser, "Ana Costa");
  const response = await ana.page.goto(`/notifications/${crypto.randomUUID()}`);
  expect(response?.status()).toBe(404);
  await ana.page.goto("/notifications");
  await expect(ana.page.getByText("No notifications yet")).toBeVisible();
  await ana.close();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto("/notifications");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fnotifications/);
  await expect(page.getByRole("banner").getByRole("link", { name: /^Notifications/ })).toHaveCount(0);
  await visitor.close();
});
