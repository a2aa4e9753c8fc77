import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  accept,
  expect,
  expectNoAxeViolations,
  listItem,
  member,
  originHeader,
  payOnTestCheckout,
  confirmSwapped,
  propose,
  test,
} from "./fixtures";

const photoPath = path.join(import.meta.dirname, "files/listing-photo.jpg");
const photo = fs.readFileSync(photoPath);
const shots = (name: string) => test.info().outputPath(`${name}.png`);
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** A valid change sent straight to the API, as a script would: the server's rules, not the page's, decide. */
function putEdit(page: Page, id: string) {
  return page.request.put(`/api/v1/listings/${id}`, {
    headers: originHeader(),
    multipart: {
      title: "Changed behind the page's back",
      description: "A description long enough to pass.",
      category: "electronics",
      condition: "good",
      valueMin: "1",
      valueMax: "2",
      location: "Bondi NSW 2026",
      images: { name: "photo.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
}

/** The site's 404, inside its header and footer, with a title. */
async function expectSiteNotFound(page: Page, status: number | undefined) {
  expect(status).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page).toHaveTitle("Listing not found | SwapShed");
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
}

test("an owner edits their listing from its page: title, values, location, one picture removed and one added", async ({
  browser,
}) => {
  const owner = await member(browser, "Priya Sharma", { viewport: DESKTOP });
  const title = `Sony speaker ${Date.now()}`;
  const id = await listItem(owner.page, title, { pictures: [photo, photo] });

  await owner.page.goto(`/listings/${id}`);
  const panel = owner.page.getByRole("region", { name: "This is your listing" });
  await expect(panel.getByRole("link", { name: "Edit listing" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Delete listing" })).toBeVisible();
  await expect(owner.page.getByRole("link", { name: "Propose Swap" })).toHaveCount(0);
  await expectNoAxeViolations(owner.page);
  await owner.page.screenshot({ path: shots("owner-panel-1280"), fullPage: true });

  await panel.getByRole("link", { name: "Edit listing" }).click();
  await expect(owner.page.getByRole("heading", { name: "Edit listing" })).toBeVisible();
  await expect(owner.page).toHaveTitle(`Edit ${title} | SwapShed`);
  await expect(owner.page.getByLabel("Item Title")).toHaveValue(title);
  await expect(owner.page.getByLabel("Category")).toHaveValue("electronics");
  await expect(owner.page.getByLabel("Min Value (AUD)")).toHaveValue("400");
  await expect(owner.page.getByRole("combobox", { name: "Location" })).toHaveValue("Bondi NSW 2026");
  await expect(owner.page.getByRole("checkbox", { name: "Keep picture 1" })).toBeChecked();
  await expect(owner.page.getByRole("checkbox", { name: "Keep picture 2" })).toBeChecked();
  await expectNoAxeViolations(owner.page);

  const newTitle = `${title} with remote`;
  await owner.page.getByLabel("Item Title").fill(newTitle);
  await owner.page.getByLabel("Max Value (AUD)").fill("750");
  await owner.page.getByRole("combobox", { name: "Location" }).fill("fitzroy");
  await owner.page.getByRole("option", { name: "Fitzroy VIC 3065" }).click();
  await owner.page.getByRole("checkbox", { name: "Keep picture 2" }).uncheck();
  await owner.page.locator("#images").setInputFiles({ name: "remote.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(owner.page.getByAltText("Preview of remote.jpg")).toBeVisible();
  await owner.page.screenshot({ path: shots("edit-form-1280"), fullPage: true });
  await owner.page.getByRole("button", { name: "Save Changes" }).click();

  await expect(owner.page).toHaveURL(`/listings/${id}`);
  await expect(owner.page.getByText("Listing updated successfully!")).toBeVisible();
  await expect(owner.page.getByRole("heading", { level: 1, name: newTitle })).toBeVisible();
  await expect(owner.page.getByText("$400 – $750")).toBeVisible();
  await expect(owner.page.getByText("Fitzroy VIC 3065")).toBeVisible();
  // Picture 1 kept as the cover, picture 2 gone, the new one added after it.
  await expect(owner.page.getByRole("img", { name: `${newTitle} (1 of 2)` })).toBeVisible();
  await expect(owner.page.getByRole("link", { name: "Show picture 2" })).toBeVisible();
  await expect(owner.page.getByRole("link", { name: "Show picture 3" })).toHaveCount(0);
  await owner.context.close();
});

test("on a phone the owner's actions and the edit form fit, and a change is saved", async ({ browser }) => {
  const owner = await member(browser, "Priya Sharma", { viewport: PHONE });
  const title = `Phone-edited kayak ${Date.now()}`;
  const id = await listItem(owner.page, title);
  await owner.page.goto(`/listings/${id}`);
  const panel = owner.page.getByRole("region", { name: "This is your listing" });
  await panel.scrollIntoViewIfNeeded();
  await expect(panel.getByRole("link", { name: "Edit listing" })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Delete listing" })).toBeVisible();
  // Nothing wider than the screen.
  expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(owner.page);
  await owner.page.screenshot({ path: shots("owner-panel-375"), fullPage: true });

  await panel.getByRole("link", { name: "Edit listing" }).click();
  await expect(owner.page.getByRole("heading", { name: "Edit listing" })).toBeVisible();
  expect(await owner.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(owner.page);
  await owner.page.screenshot({ path: shots("edit-form-375"), fullPage: true });
  await owner.page.getByLabel("Description").fill("A sit-on-top kayak with paddle, edited on a phone.");
  await owner.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(owner.page).toHaveURL(`/listings/${id}`);
  await expect(owner.page.getByText("A sit-on-top kayak with paddle, edited on a phone.")).toBeVisible();
  await owner.context.close();
});

test("the edit form has create's messages, each clears once fixed, and the last picture cannot be removed", async ({
  browser,
}) => {
  const owner = await member(browser, "Priya Sharma", { viewport: DESKTOP });
  const id = await listItem(owner.page, `Checked drill ${Date.now()}`);
  await owner.page.goto(`/listings/${id}/edit`);
  const form = owner.page.locator("form").filter({ has: owner.page.getByRole("button", { name: "Save Changes" }) });
  await owner.page.getByLabel("Item Title").fill("ab");
  await owner.page.getByRole("checkbox", { name: "Keep picture 1" }).uncheck();
  await owner.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByText("Title must be at least 3 characters")).toBeVisible();
  await expect(form.getByText("Please select an image")).toBeVisible();
  await expect(owner.page.getByLabel("Item Title")).toHaveAttribute("aria-invalid", "true");

  await owner.page.getByLabel("Item Title").fill("Makita drill");
  await expect(form.getByText("Title must be at least 3 characters")).toHaveCount(0);
  await expect(owner.page.getByLabel("Item Title")).not.toHaveAttribute("aria-invalid", "true");
  await owner.page.getByRole("checkbox", { name: "Keep picture 1" }).check();
  await expect(form.getByText("Please select an image")).toHaveCount(0);
  await owner.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(owner.page.getByRole("heading", { level: 1, name: "Makita drill" })).toBeVisible();
  await owner.context.close();
});

test("without JavaScript an owner edits a listing; a refused save keeps what was typed and the pictures ticked", async ({
  browser,
}) => {
  const owner = await member(browser, "Priya Sharma", { viewport: DESKTOP, javaScriptEnabled: false });
  const title = `No-JS canoe ${Date.now()}`;
  const id = await listItem(owner.page, title, { pictures: [photo, photo] });
  await owner.page.goto(`/listings/${id}`);
  await owner.page.getByRole("link", { name: "Edit listing" }).click();
  await owner.page.getByLabel("Item Title").fill(`${title} and paddles`);
  await owner.page.getByLabel("Min Value (AUD)").fill("900");
  await owner.page.getByRole("checkbox", { name: "Keep picture 1" }).uncheck();
  await owner.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(owner.page.locator("form").getByText("Maximum value must be greater than minimum value")).toBeVisible();
  await expect(owner.page.getByLabel("Item Title")).toHaveValue(`${title} and paddles`);
  await expect(owner.page.getByRole("checkbox", { name: "Keep picture 1" })).not.toBeChecked();
  await expect(owner.page.getByRole("checkbox", { name: "Keep picture 2" })).toBeChecked();

  await owner.page.getByLabel("Min Value (AUD)").fill("300");
  await owner.page.locator("#images").setInputFiles(photoPath);
  await owner.page.getByRole("button", { name: "Save Changes" }).click();
  await expect(owner.page).toHaveURL(`/listings/${id}`);
  await expect(owner.page.getByRole("heading", { level: 1, name: `${title} and paddles` })).toBeVisible();
  await expect(owner.page.getByRole("img", { name: `${title} and paddles (1 of 2)` })).toBeVisible();
  await owner.context.close();
});

test("only the owner may edit: another member and a missing listing get the site's 404 in its layout", async ({
  browser,
}) => {
  const owner = await member(browser, "Priya Sharma", { viewport: DESKTOP });
  const id = await listItem(owner.page, `Private bike ${Date.now()}`);
  const other = await member(browser, "Tom Baker", { viewport: DESKTOP });
  await expectSiteNotFound(other.page, (await other.page.goto(`/listings/${id}/edit`))?.status());
  await expectNoAxeViolations(other.page);
  expect((await putEdit(other.page, id)).status()).toBe(404);

  // A listing that never existed, or an id that is not one, is the same page.
  await expectSiteNotFound(
    other.page,
    (await other.page.goto("/listings/00000000-0000-4000-8000-000000000000"))?.status(),
  );
  await expectSiteNotFound(other.page, (await other.page.goto("/listings/not-a-listing"))?.status());
  await other.page.setViewportSize(PHONE);
  await expectNoAxeViolations(other.page);
  await other.page.screenshot({ path: shots("listing-404-375"), fullPage: true });
  await owner.context.close();
  await other.context.close();
});

test("a reserved listing offers neither edit nor delete and says why; its edit page explains too", async ({
  browser,
}) => {
  const owner = await member(browser, "Priya Sharma", { viewport: DESKTOP });
  const proposer = await member(browser, "Tom Baker", { viewport: DESKTOP });
  const target = await listItem(owner.page, `Reserved camera ${Date.now()}`);
  const offered = await listItem(proposer.page, `Offered lens ${Date.now()}`);
  await accept(owner.page, await propose(proposer.page, { offered, target }));

  for (const viewport of [DESKTOP, PHONE]) {
    await owner.page.setViewportSize(viewport);
    await owner.page.goto(`/listings/${target}`);
    const panel = owner.page.getByRole("region", { name: "This is your listing" });
    await expect(panel.getByText(/This listing is reserved for an accepted swap, so it can't be edited/)).toBeVisible();
    await expect(panel.getByText(/It can't be deleted while the swap is open either\./)).toBeVisible();
    await expect(panel.getByRole("link", { name: "See the swap in My Swaps" })).toHaveAttribute("href", "/my-swaps");
    await expect(owner.page.getByRole("link", { name: "Edit listing" })).toHaveCount(0);
    await expect(owner.page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
    await expectNoAxeViolations(owner.page);
    await owner.page.screenshot({ path: shots(`reserved-owner-${viewport.width}`), fullPage: true });
  }

  await owner.page.goto(`/listings/${target}/edit`);
  await expect(
    owner.page.getByText(/This listing is reserved for an accepted swap, so it can't be edited/),
  ).toBeVisible();
  await expect(owner.page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await expectNoAxeViolations(owner.page);
  // The server refuses both anyway.
  const put = await putEdit(owner.page, target);
  expect(put.status()).toBe(409);
  expect((await put.json()).error).toMatch(/^This listing is reserved for an accepted swap/);
  const del = await owner.page.request.delete(`/api/v1/listings/${target}`, { headers: originHeader() });
  expect(del.status()).toBe(409);
  await owner.context.close();
  await proposer.context.close();
});

test("the owner deletes a listing from its page after the spec's question, with and without JavaScript", async ({
  browser,
}) => {
  const owner = await member(browser, "Priya Sharma", { viewport: DESKTOP });
  const title = `Deleted from its page ${Date.now()}`;
  const id = await listItem(owner.page, title);
  await owner.page.goto(`/listings/${id}`);
  await owner.page.getByRole("button", { name: "Delete listing" }).click();
  await owner.page
    .getByRole("dialog", { name: "Are you sure you want to delete this listing?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(owner.page).toHaveURL("/my-listings");
  await expect(owner.page.getByText("Listing deleted")).toBeVisible();
  await expect(owner.page.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
  // Its address says so now (decision 092), to its owner as to anyone.
  await owner.page.goto(`/listings/${id}`);
  await expect(owner.page.getByRole("heading", { level: 1, name: "This item is no longer listed" })).toBeVisible();

  const noJs = await member(browser, "Nina Park", { viewport: DESKTOP, javaScriptEnabled: false });
  const kept = `Asked first ${Date.now()}`;
  const second = await listItem(noJs.page, kept);
  await noJs.page.goto(`/listings/${second}`);
  await noJs.page.getByRole("button", { name: "Delete listing" }).click();
  await expect(noJs.page.getByRole("alert")).toHaveText("Are you sure you want to delete this listing?");
  await noJs.page.getByRole("link", { name: "Cancel" }).click();
  await expect(noJs.page.getByRole("alert")).toHaveCount(0);
  await noJs.page.getByRole("button", { name: "Delete listing" }).click();
  await noJs.page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(noJs.page).toHaveURL("/my-listings");
  await expect(noJs.page.getByRole("listitem").filter({ hasText: kept })).toHaveCount(0);
  await owner.context.close();
  await noJs.context.close();
});

test("a member who already proposed sees 'You've proposed a swap for this item' with a link to My Swaps", async ({
  browser,
}) => {
  const owner = await member(browser, "Priya Sharma", { viewport: DESKTOP });
  const proposer = await member(browser, "Tom Baker", { viewport: DESKTOP });
  const target = await listItem(owner.page, `Wanted guitar ${Date.now()}`);
  const offeredTitle = `Offered amp ${Date.now()}`;
  await listItem(proposer.page, offeredTitle);

  await proposer.page.goto(`/listings/${target}`);
  // The listing's own Propose Swap (the cards of "More like this" below have theirs).
  const propose = proposer.page.locator("#propose").getByRole("link", { name: "Propose Swap" });
  await propose.click();
  const dialog = proposer.page.getByRole("dialog", { name: "Propose a Swap" });
  await dialog.getByRole("radio", { name: new RegExp(offeredTitle) }).check();
  await dialog.getByRole("button", { name: "Send Proposal" }).click();
  await expect(proposer.page.getByText("Swap proposal sent successfully!")).toBeVisible();
  // The page now says so where the button was.
  const notice = proposer.page.getByRole("status").filter({ hasText: "You've proposed a swap for this item" });
  await expect(notice).toBeVisible();
  await expect(propose).toHaveCount(0);

  for (const viewport of [DESKTOP, PHONE]) {
    await proposer.page.setViewportSize(viewport);
    await proposer.page.reload();
    await expect(notice).toBeVisible();
    await expectNoAxeViolations(proposer.page);
    await proposer.page.screenshot({ path: shots(`already-proposed-${viewport.width}`), fullPage: true });
  }
  // The proposal page (the no-JavaScript way in) says the same instead of a form that would be refused.
  await proposer.page.goto(`/listings/${target}/propose`);
  await expect(notice).toBeVisible();
  await expect(proposer.page.getByRole("button", { name: "Send Proposal" })).toHaveCount(0);
  await notice.getByRole("link", { name: "See it in My Swaps" }).click();
  await expect(proposer.page).toHaveURL("/my-swaps?tab=sent");
  await expect(proposer.page.getByRole("article").filter({ hasText: offeredTitle })).toBeVisible();
  await owner.context.close();
  await proposer.context.close();
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`Create Listing at ${viewport.width} px: each field's error clears when it is fixed, and a bad picture is refused the moment it is picked`, async ({
    browser,
  }) => {
    const m = await member(browser, "Casey Nguyen", { viewport });
    const page = m.page;
    await page.goto("/create-listing");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create Listing" }) });
    await page.getByLabel("Item Title").fill("Weber kettle");
    await page.getByLabel("Description").fill("57 cm kettle barbecue with cover.");
    await page.getByLabel("Condition").selectOption("good");
    await page.getByLabel("Min Value (AUD)").fill("0");
    await page.getByLabel("Max Value (AUD)").fill("100");
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(form.getByText("Please select a category")).toBeVisible();
    await expect(form.getByText("Min value must be at least 1")).toBeVisible();

    await page.getByLabel("Category").selectOption("home_garden");
    await expect(form.getByText("Please select a category")).toHaveCount(0);
    await page.getByLabel("Min Value (AUD)").fill("300");
    await expect(form.getByText("Min value must be at least 1")).toHaveCount(0);
    // The range is checked on sending; fixing either end clears it.
    await page.getByRole("button", { name: "Create Listing" }).click();
    await expect(form.getByText("Maximum value must be greater than minimum value")).toBeVisible();
    await page.getByLabel("Min Value (AUD)").fill("50");
    await expect(form.getByText("Maximum value must be greater than minimum value")).toHaveCount(0);

    // A file that is not a picture, and one over 5MB, are refused at once, each named; nothing is added.
    await page
      .locator("#images")
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
    await expect(form.getByText("notes.pdf: Please select an image file")).toBeVisible();
    await page
      .locator("#images")
      .setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(form.getByText("huge.jpg: Image must be less than 5MB")).toBeVisible();
    await expect(form.getByText("notes.pdf: Please select an image file")).toHaveCount(0);
    await expect(page.getByRole("img", { name: /^Preview of/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: shots(`create-refused-picture-${viewport.width}`), fullPage: true });
    await page.locator("#images").setInputFiles(photoPath);
    await expect(form.getByText(/Image must be less than 5MB/)).toHaveCount(0);
    await expect(page.getByAltText("Preview of listing-photo.jpg")).toBeVisible();
    await m.context.close();
  });
}

test("cards tell a condition of New from an owner without reviews, and counts read '1 review'", async ({ browser }) => {
  test.slow();
  const ana = await member(browser, "Ana Costa", { viewport: DESKTOP });
  const ben = await member(browser, "Ben Walker", { viewport: DESKTOP });
  const stamp = Date.now();
  const benNew = `Brand new drone ${stamp}`;
  const benListing = await listItem(ben.page, benNew, { condition: "new" });
  const anaListing = await listItem(ana.page, `Ana's tent ${stamp}`);

  for (const viewport of [DESKTOP, PHONE]) {
    await ana.page.setViewportSize(viewport);
    await ana.page.goto("/");
    const card = ana.page.getByRole("article").filter({ hasText: benNew });
    await expect(card.getByText("New", { exact: true })).toBeVisible();
    await expect(card.getByText("No reviews yet")).toBeVisible();
    await card.screenshot({ path: shots(`card-no-reviews-${viewport.width}`) });
  }

  // Ana and Ben swap, both pay, both review; Ben's next listing shows "from 1 review".
  const swapId = await propose(ana.page, { offered: anaListing, target: benListing });
  await accept(ben.page, swapId);
  await payOnTestCheckout(ana.page, swapId);
  await payOnTestCheckout(ben.page, swapId);
  // Paid is Arranging until both confirm "We've swapped" (decision 096); reviews open then.
  await confirmSwapped(ana.page, swapId);
  await confirmSwapped(ben.page, swapId);
  const review = await ana.page.request.post(`/api/v1/swaps/${swapId}/review`, {
    headers: originHeader(),
    data: { rating: 4 },
  });
  expect(review.status(), await review.text()).toBe(201);
  // Double-blind (decision 094): Ana's review shows once Ben has reviewed her too.
  const back = await ben.page.request.post(`/api/v1/swaps/${swapId}/review`, {
    headers: originHeader(),
    data: { rating: 5 },
  });
  expect(back.status(), await back.text()).toBe(201);
  // The swapped listing is gone for everyone but the two parties of its swap: a visitor finds its address says
  // so, with nothing to propose on (decision 092).
  const visitor = await browser.newContext({ viewport: DESKTOP });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/listings/${benListing}`);
  await expect(visitorPage.getByRole("heading", { level: 1, name: "This item has been swapped" })).toBeVisible();
  await expect(visitorPage.getByRole("link", { name: "Propose Swap" })).toHaveCount(0);
  await visitor.close();
  expect((await ana.page.goto(`/listings/${benListing}`))?.status()).toBe(200);

  const next = `Ben's next drone ${stamp}`;
  const nextId = await listItem(ben.page, next);
  await ana.page.goto(`/listings/${nextId}`);
  await expect(ana.page.getByText("4.0 from 1 review", { exact: true })).toBeVisible();
  await ana.page.goto("/");
  const card = ana.page.getByRole("article").filter({ hasText: next });
  await expect(card.getByText("out of 5 from 1 review", { exact: false })).toBeAttached();
  await expect(card.getByText("No reviews yet")).toHaveCount(0);
  await ana.context.close();
  await ben.context.close();
});
