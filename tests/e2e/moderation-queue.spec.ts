import type { Browser, Page } from "@playwright/test";
import { expect as baseExpect, expectNoAxeViolations, hydrated, listItem, member, test } from "./fixtures";
import { staffSession } from "./staff";

// Each step waits on a server round trip; a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Reports from the listing's page with JavaScript: the inline form under 'Report listing'. */
async function reportInline(page: Page, listingId: string, reason: string, notes: string) {
  await page.goto(`/listings/${listingId}`);
  await hydrated(page);
  await page.getByText("Report listing", { exact: true }).click();
  await page.getByLabel("Reason").selectOption({ label: reason });
  await page.getByLabel("Notes (optional)").fill(notes);
  await page.getByLabel("Evidence links (optional)").fill("https://example.com/proof-1\nhttps://example.com/proof-2");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Thanks for your report. Our moderators will review it.")).toBeVisible();
  await expect(page.getByText("You reported this listing. Our moderators will review it.")).toBeVisible();
}

/** Reports without JavaScript: the form on its own page, a plain POST. */
async function reportWithoutJavaScript(page: Page, listingId: string, reason: string) {
  await page.goto(`/listings/${listingId}/report`);
  await page.getByLabel("Reason").selectOption({ label: reason });
  await page.getByRole("button", { name: "Send report" }).click();
}

/** The focused card in the queue (the queue's keys move focus between the cards' links). */
const focusedCard = (page: Page) => page.locator("[data-report-card]:focus");
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

/**
 * Presses j until the focused card is the one for `title` (other journeys may have left reports in the queue).
 * The filter bar is a plain GET form, so a filter loads a new document: the keys work once it has hydrated.
 */
async function focusCardByKeyboard(page: Page, title: string) {
  await hydrated(page);
  await page.keyboard.press("j");
  for (let step = 0; step < 20 && (await focusedText(page)) !== title; step++) {
    await page.keyboard.press("j");
  }
  await expect(focusedCard(page)).toHaveText(title);
}

test("members report a listing (with and without JavaScript); a moderator works the queue by keyboard", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = String(Date.now()).slice(-6);
  const owner = await member(browser, "Olga Owner");
  const amp = `Valve guitar amp ${tag}`;
  const watch = `Replica watch ${tag}`;
  const ampId = await listItem(owner.page, amp);
  const watchId = await listItem(owner.page, watch);

  // The owner is offered no report on their own listing.
  await owner.page.goto(`/listings/${ampId}`);
  await expect(owner.page.getByRole("heading", { level: 1, name: amp })).toBeVisible();
  await expect(owner.page.getByText("Report listing", { exact: true })).toHaveCount(0);

  const ruby = await member(browser, "Ruby Reporter");
  await reportInline(ruby.page, ampId, "Spam", "Same amp posted three times today.");
  // A second report of the same listing by the same member is refused with a clear message.
  await reportWithoutJavaScript(ruby.page, ampId, "Other");
  await expect(ruby.page.getByText("You've already reported this listing.", { exact: false })).toBeVisible();

  const noScript = await member(browser, "Nick Noscript", { javaScriptEnabled: false });
  await reportWithoutJavaScript(noScript.page, ampId, "Fraud or scam");
  await expect(noScript.page).toHaveURL(new RegExp(`/listings/${ampId}$`));
  await expect(noScript.page.getByText("Thanks for your report. Our moderators will review it.")).toBeVisible();

  const fern = await member(browser, "Fern Flagger");
  await reportInline(fern.page, ampId, "Duplicate listing", "Duplicate of another listing.");
  await reportInline(fern.page, watchId, "Prohibited item", "Counterfeit watch.");

  // The moderator opens the queue: pending by default, the amp's three reports each say the other two are open.
  await staffSession(page, "moderator");
  await page.goto("/admin/moderation");
  await expect(page.getByRole("heading", { level: 1, name: /Moderation Queue/ })).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("pending");
  const ampCards = page.getByRole("article").filter({ hasText: amp });
  await expect(ampCards).toHaveCount(3);
  await expect(ampCards.filter({ hasText: "2 other open reports on this listing" })).toHaveCount(3);
  await expect(ampCards.filter({ hasText: "by Ruby Reporter" })).toContainText("2 evidence links");
  await expectNoAxeViolations(page);

  // By keyboard: j to the amp's report, Enter opens the dialog on Report Info, → to Listing and Actions.
  await hydrated(page);
  await focusCardByKeyboard(page, amp);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Report Details" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("tab", { name: "Report Info" })).toBeFocused();
  await expect(ampCards).toHaveCount(3);
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("tab", { name: "Listing" })).toBeFocused();
  await expect(dialog.getByRole("img").first()).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("tab", { name: "Actions" })).toBeFocused();
  await expect(dialog.getByText("2 other open reports on this listing will be settled with this one.")).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Tab reaches the review notes of 'Reject Report & Restore Listing'; Enter on its button sends it.
  const notes = dialog.getByLabel("Review notes");
  for (let step = 0; step < 12 && !(await notes.evaluate((el) => el === document.activeElement)); step++) {
    await page.keyboard.press("Tab");
  }
  await expect(notes).toBeFocused();
  await page.keyboard.type("Checked: one amp, listed once.");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Reject Report & Restore Listing" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Report rejected - Listing restored")).toBeVisible();
  // The other two reports were settled with it: none of the amp's is pending, all three are rejected.
  await expect(ampCards).toHaveCount(0);
  await page.getByLabel("Status").selectOption("rejected");
  await page.waitForURL((url) => url.searchParams.get("status") === "rejected");
  await expect(page.getByRole("article").filter({ hasText: amp })).toHaveCount(3);

  // The watch: approve the report by keyboard too; the listing leaves the site.
  await page.getByLabel("Status").selectOption("pending");
  await page.waitForURL((url) => url.searchParams.get("status") === "pending");
  await expect(page.getByRole("article").filter({ hasText: watch })).toHaveCount(1);
  await page.locator("body").focus();
  await focusCardByKeyboard(page, watch);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("End");
  await expect(dialog.getByRole("tab", { name: "Actions" })).toBeFocused();
  const ownerNotes = dialog.getByLabel("Notes for the owner (optional)");
  for (let step = 0; step < 12 && !(await ownerNotes.evaluate((el) => el === document.activeElement)); step++) {
    await page.keyboard.press("Tab");
  }
  await page.keyboard.type("Replica goods cannot be listed.");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Approve Report & Remove Listing" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Report approved - Listing removed")).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: watch })).toHaveCount(0);

  // Settled: a visitor gets the site's 404 for the watch; the amp is still on show.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/listings/${watchId}`))?.status()).toBe(404);
  expect((await visitorPage.goto(`/listings/${ampId}`))?.status()).toBe(200);
  await visitor.close();

  for (const m of [owner, ruby, noScript, fern]) await m.close();
});

/** An admin sets one feature flag on the Settings page and saves. */
async function setFlag(browser: Browser, label: string, on: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await staffSession(page, "admin");
  await page.goto("/admin/settings");
  const flag = page.getByRole("switch", { name: label });
  if (on) await flag.check();
  else await flag.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Feature flags updated")).toBeVisible();
  await context.close();
}

test("with auto takedown on, three members' reports hide a listing at once; the reporter stays on its page, the owner sees it under review, and a rejected report restores it", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await setFlag(browser, "Auto takedown", true);
  try {
    const owner = await member(browser, "Hana Holder");
    const title = `Signed cricket bat ${String(Date.now()).slice(-6)}`;
    const listingId = await listItem(owner.page, title);
    const reporters = [
      await member(browser, "Ari Alert"),
      await member(browser, "Bo Bell"),
      await member(browser, "Cy Caution"),
    ];
    for (const [i, reporter] of reporters.entries()) {
      await reportInline(reporter.page, listingId, "Fraud or scam", `Report ${i + 1}: the signature is printed.`);
    }
    // The third report hid it, and the reporter's page stayed as it was (no reload into a 404).
    const last = reporters[2].page;
    await expect(last.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(last.getByText("You reported this listing. Our moderators will review it.")).toBeVisible();

    // Hidden from everyone but its owner.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    expect((await visitorPage.goto(`/listings/${listingId}`))?.status()).toBe(404);
    await owner.page.goto("/my-listings");
    const card = owner.page.getByRole("listitem").filter({ hasText: title });
    await expect(card.getByText("Under review")).toBeVisible();

    // The moderator rejects one report: all three are settled, and the listing is public again.
    await staffSession(page, "moderator");
    await page.goto("/admin/moderation");
    const cards = page.getByRole("article").filter({ hasText: title });
    await expect(cards).toHaveCount(3);
    await cards.first().getByRole("link", { name: title }).click();
    const dialog = page.getByRole("dialog", { name: "Report Details" });
    await dialog.getByRole("tab", { name: "Actions" }).click();
    await dialog.getByLabel("Review notes").fill("Signature checked against the club's records.");
    await dialog.getByRole("button", { name: "Reject Report & Restore Listing" }).click();
    await expect(page.getByText("Report rejected - Listing restored")).toBeVisible();
    await expect(cards).toHaveCount(0);
    expect((await visitorPage.goto(`/listings/${listingId}`))?.status()).toBe(200);
    await visitor.close();
    for (const m of [owner, ...reporters]) await m.close();
  } finally {
    await setFlag(browser, "Auto takedown", false);
  }
});
