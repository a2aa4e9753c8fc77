// What a visitor following a shared link or a search result meets (decision 092): Share on a listing, its
// category's landing page, the page a deleted listing keeps and the favourite that keeps it, each checked with axe
// at both widths; and home at 375 px with listings in the first screen.
import { axeAtBothWidths, expect, hydrated, listItem, member, originHeader, someonesListing, test } from "./fixtures";

const stamp = Date.now().toString(36);

test("a visitor shares a listing, browses its category, and a member's favourite that was deleted keeps its badge", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const kayakTitle = `Share kayak ${stamp}`;
  const kayak = await someonesListing(browser, "Kim Sharer", kayakTitle, { category: "boats_marine" });
  const owner = await member(browser, "Dee Leter");
  const gone = await listItem(owner.page, `Gone kayak ${stamp}`, { category: "boats_marine" });

  // Share copies the link where the browser has no share sheet, and says so where a screen reader hears it.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await page.goto(`/listings/${kayak}`);
  await hydrated(page);
  await page.getByRole("main").getByRole("button", { name: "Share", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/listings/${kayak}$`));
  await expect(page.getByRole("heading", { name: "More like this" })).toBeVisible();
  await axeAtBothWidths(page, 900, "listing");

  // The breadcrumb leads to the category's landing page, which lists it.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Boats & Marine" }).click();
  await expect(page).toHaveURL(/\/categories\/boats-marine$/);
  await expect(page.getByRole("heading", { level: 1, name: "Boats & Marine" })).toBeVisible();
  await expect(page.getByRole("link", { name: kayakTitle, exact: true })).toBeVisible();
  await axeAtBothWidths(page, 900, "category");
  await context.close();

  // A member saves the other kayak; its owner deletes it. Its address says so, with its like; the favourite stays.
  const fan = await member(browser, "Fay Vourite");
  const saved = await fan.page.request.put(`/api/v1/listings/${gone}/favourite`, { headers: originHeader() });
  expect(saved.status(), await saved.text()).toBe(200);
  const deleted = await owner.page.request.delete(`/api/v1/listings/${gone}`, { headers: originHeader() });
  expect(deleted.status(), await deleted.text()).toBe(200);
  await owner.close();
  await fan.page.goto(`/listings/${gone}`);
  await expect(fan.page.getByRole("heading", { level: 1, name: "This item is no longer listed" })).toBeVisible();
  await expect(fan.page.getByRole("link", { name: kayakTitle, exact: true })).toBeVisible();
  await axeAtBothWidths(fan.page, 900, "gone");
  await fan.page.goto("/favourites");
  const card = fan.page.getByRole("article").filter({ hasText: `Gone kayak ${stamp}` });
  await expect(card.getByText("No longer listed", { exact: true })).toBeVisible();
  await axeAtBothWidths(fan.page, 900, "favourites");
  await fan.close();
});

test("on a 375 px phone the home page shows listings in its first screen, two to a row", async ({ browser }) => {
  await someonesListing(browser, "Phil Screen", `First screen lamp ${stamp}`);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto("/");
  const cards = page.locator("#browse article");
  await expect(cards.first()).toBeVisible();
  const first = await cards.first().boundingBox();
  expect(first!.y, "the first card starts in the first screen").toBeLessThan(812);
  if ((await cards.count()) > 1) {
    const second = await cards.nth(1).boundingBox();
    expect(second!.y, "two cards to a row").toBe(first!.y);
  }
  // The categories are one row that scrolls sideways, not a block of chips above the listings.
  const chips = page.getByRole("region", { name: "Browse by category" }).getByRole("link");
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await chips.nth(i).boundingBox())!.y));
  expect(new Set(boxes).size).toBe(1);
  await page.screenshot({ path: test.info().outputPath("home-375.png") });
  await context.close();
});
