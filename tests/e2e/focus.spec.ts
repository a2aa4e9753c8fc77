import type { Page } from "@playwright/test";
import { expect, listItem, signUpViaApi, someonesListing, test, uniqueEmail } from "./fixtures";

// N23: focus never falls to <body> when a dialog closes, and a client-side navigation puts focus on the new page's
// main heading, as a full page load would put a keyboard or screen-reader user at the top of the new content.

const focusedText = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName}:${document.activeElement?.textContent?.trim().slice(0, 60)}`);

test("after a proposal is sent from the listing page, focus is on the new 'You've proposed a swap' status", async ({
  browser,
  page,
}) => {
  const wanted = await someonesListing(browser, "Olivia Bennett", `Focus kayak ${Date.now()}`);
  await signUpViaApi(page, { email: uniqueEmail("jarrah"), fullName: "Jarrah Wilson" });
  const mine = `Jarrah's tent ${Date.now()}`;
  await listItem(page, mine);

  await page.goto(`/listings/${wanted}`);
  await page.getByRole("link", { name: "Propose Swap" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Propose a Swap" });
  await dialog.getByRole("radio", { name: new RegExp(mine) }).check();
  await dialog.getByRole("button", { name: "Send Proposal" }).click();
  const status = page.getByRole("status").filter({ hasText: "You've proposed a swap for this item" });
  await expect(status).toBeVisible();
  await expect(status).toBeFocused();
});

test("closing the propose dialog on a card gives focus back to its Propose Swap", async ({ page }) => {
  const title = `Focus card ${Date.now()}`;
  await signUpViaApi(page, { email: uniqueEmail("card"), fullName: "Mei Lin" });
  const owner = await page.context().browser()?.newContext();
  const ownerPage = await owner?.newPage();
  if (!ownerPage || !owner) throw new Error("no browser");
  await signUpViaApi(ownerPage, { email: uniqueEmail("owner"), fullName: "Lucas Murphy" });
  await listItem(ownerPage, title);
  await owner.close();
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  const propose = page.getByRole("article").filter({ hasText: title }).getByRole("link", { name: "Propose Swap" });
  await propose.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Propose a Swap" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(propose).toBeFocused();
});

test("after a client-side navigation, focus is on the new page's main heading", async ({ page }) => {
  const title = `Focus lamp ${Date.now()}`;
  await signUpViaApi(page, { email: uniqueEmail("nav"), fullName: "Priya Sharma" });
  await listItem(page, title);
  await page.goto("/my-listings");
  // A link inside the page: the listing's own page opens, focus on its title (not left on a vanished link or <body>).
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeFocused();
  // A link in the header: focus moves from the header to the new page's heading.
  await page.getByRole("banner").getByText("Account", { exact: true }).click();
  await page.getByRole("link", { name: "My Swaps" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Swaps" })).toBeFocused();
  // A query change on the same page (a tab) leaves focus where the member put it.
  await page.getByRole("link", { name: /^Sent/ }).click();
  await expect(page).toHaveURL("/my-swaps?tab=sent");
  expect(await focusedText(page)).toMatch(/^A:Sent/);
});
