import type { Locator, Page } from "@playwright/test";
import {
  accept,
  expect,
  expectNoAxeViolations,
  listItem,
  member,
  payOnTestCheckout,
  confirmSwapped,
  propose,
  test,
} from "./fixtures";

// What a newcomer tripped over on a phone: header menus that never closed or overlapped, boxes running out of
// their cards, buttons hidden in the menu, and links too small to tap.

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
// Long titles are what pushed the boxes out: a single word-break-free line is the worst case.
const LONG = "with its original box, charger, manual and carry case";

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator}`);
  return b;
}

/** `inner` lies wholly inside `outer`, left to right (a pixel's rounding allowed). */
async function expectInside(inner: Locator, outer: Locator) {
  const [i, o] = [await box(inner), await box(outer)];
  expect(i.x, "left edge inside").toBeGreaterThanOrEqual(o.x - 0.5);
  expect(i.x + i.width, "right edge inside").toBeLessThanOrEqual(o.x + o.width + 0.5);
}

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "page wider than the screen").toBeLessThanOrEqual(innerWidth);
}

/** At least 24 by 24 CSS pixels (WCAG 2.2 target size, minimum). */
async function expectTapTarget(target: Locator) {
  const b = await box(target);
  expect(b.width, `${target} width`).toBeGreaterThanOrEqual(24);
  expect(b.height, `${target} height`).toBeGreaterThanOrEqual(24);
}

/** The bar still fits, every button in it, on a 320 px phone (the smallest still in use). */
async function expectBarFitsSmallestPhone(page: Page, links: string[]) {
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSideScroll(page);
  for (const name of links) await expectInside(header(page).getByRole("link", { name, exact: true }), header(page));
  await expectInside(header(page).locator("summary").last(), header(page));
  await page.setViewportSize(PHONE);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

const header = (page: Page) => page.getByRole("banner");
const accountButton = (page: Page) => header(page).locator("summary", { hasText: "Account" });
const menuButton = (page: Page) => header(page).locator("summary", { hasText: "Menu" });
const accountMenu = (page: Page) =>
  header(page).locator("details", { has: page.locator("summary", { hasText: "Account" }) });
const mobileMenu = (page: Page) =>
  header(page).locator("details", { has: page.locator("summary", { hasText: "Menu" }) });

test.describe("the header on phones and desktops", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`signed-out visitors see Login, Sign Up and List Item in the bar at ${viewport.width} px`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto("/");
      const bar = await box(header(page));
      for (const name of ["Login", "Sign Up", "List Item"]) {
        const link = header(page).getByRole("link", { name, exact: true });
        await expect(link).toBeVisible();
        await expectInside(link, header(page));
        expect((await box(link)).y, `${name} in the bar, not in a menu`).toBeLessThan(bar.y + bar.height);
        await expectTapTarget(link);
      }
      await expect(header(page).getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/auth");
      await expect(header(page).getByRole("link", { name: "Sign Up", exact: true })).toHaveAttribute(
        "href",
        "/auth?mode=signup",
      );
      await expect(header(page).getByRole("link", { name: "List Item", exact: true })).toHaveAttribute(
        "href",
        "/create-listing",
      );
      await expectNoSideScroll(page);
      await expectNoAxeViolations(page);
      await shot(page, `header-visitor-${viewport.width}`);
      if (viewport === PHONE) await expectBarFitsSmallestPhone(page, ["Login", "Sign Up", "List Item"]);
      await context.close();
    });

    test(`signed-in members see Account and List Item in the bar at ${viewport.width} px`, async ({ browser }) => {
      const m = await member(browser, "Mia Rossi", { viewport });
      await m.page.goto("/");
      await expect(accountButton(m.page)).toBeVisible();
      await expect(header(m.page).getByRole("link", { name: "List Item", exact: true })).toBeVisible();
      await expectInside(header(m.page).getByRole("link", { name: "List Item", exact: true }), header(m.page));
      await expectNoSideScroll(m.page);
      if (viewport === PHONE) await expectBarFitsSmallestPhone(m.page, ["List Item"]);
      await accountButton(m.page).click();
      await expectInside(accountMenu(m.page).getByRole("list"), m.page.locator("body"));
      await expectNoAxeViolations(m.page);
      await shot(m.page, `header-member-account-open-${viewport.width}`);
      await m.context.close();
    });
  }

  test("on a phone only one header menu is open at a time", async ({ browser }) => {
    const m = await member(browser, "Noah Kim", { viewport: PHONE });
    await m.page.goto("/");
    await accountButton(m.page).click();
    await expect(m.page.getByRole("link", { name: "My Listings" })).toBeVisible();
    await menuButton(m.page).click();
    await expect(
      m.page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "About Us" }),
    ).toBeVisible();
    await expect(accountMenu(m.page)).not.toHaveAttribute("open");
    await expect(m.page.getByRole("link", { name: "My Listings" })).toBeHidden();
    await shot(m.page, "header-phone-menu-open");
    await accountButton(m.page).click();
    await expect(mobileMenu(m.page)).not.toHaveAttribute("open");
    await expect(m.page.getByRole("link", { name: "My Listings" })).toBeVisible();
    await m.context.close();
  });

  test("without JavaScript the menus still open, one at a time, and every header button is there", async ({
    browser,
  }) => {
    const m = await member(browser, "Olga Petrova", { viewport: PHONE, javaScriptEnabled: false });
    await m.page.goto("/");
    await accountButton(m.page).click();
    await expect(m.page.getByRole("link", { name: "My Swaps" })).toBeVisible();
    await menuButton(m.page).click();
    await expect(
      m.page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Safety" }),
    ).toBeVisible();
    await expect(m.page.getByRole("link", { name: "My Swaps" })).toBeHidden();
    await m.context.close();

    const visitor = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto("/");
    for (const name of ["Login", "Sign Up", "List Item"])
      await expect(header(page).getByRole("link", { name, exact: true })).toBeVisible();
    await visitor.close();
  });

  test("Escape closes the Account menu and gives focus back to its button; tabbing out closes it too", async ({
    browser,
  }) => {
    const m = await member(browser, "Priya Shah", { viewport: DESKTOP });
    const { page } = m;
    await page.goto("/");
    await accountButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: "My Listings" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "My Listings" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(accountMenu(page)).not.toHaveAttribute("open");
    await expect(accountButton(page)).toBeFocused();

    // Open again and tab past the last item (Sign Out): focus reaches List Item and the menu has closed. The items:
    // My Listings, My Swaps, Messages, My Favourites, My Account, Sign Out.
    await page.keyboard.press("Enter");
    await expect(accountMenu(page)).toHaveAttribute("open");
    for (let i = 0; i < 7; i++) await page.keyboard.press("Tab");
    await expect(header(page).getByRole("link", { name: "List Item", exact: true })).toBeFocused();
    await expect(accountMenu(page)).not.toHaveAttribute("open");

    // Shift+Tab from the button backwards out of the menu closes it as well.
    await accountButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(accountMenu(page)).toHaveAttribute("open");
    await page.keyboard.press("Shift+Tab");
    await expect(accountMenu(page)).not.toHaveAttribute("open");
    await m.context.close();
  });

  test("Escape closes the ☰ menu on a phone and gives focus back to its button", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Browse" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(mobileMenu(page)).not.toHaveAttribute("open");
    await expect(menuButton(page)).toBeFocused();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`the Account menu closes on a click outside and when an item is chosen (${viewport.width} px)`, async ({
      browser,
    }) => {
      const m = await member(browser, "Quinn Lee", { viewport });
      const { page } = m;
      await page.goto("/");
      await accountButton(page).click();
      await expect(page.getByRole("link", { name: "My Swaps" })).toBeVisible();
      // A click on the page well away from the menu (bottom left corner).
      await page.mouse.click(8, viewport.height - 8);
      await expect(accountMenu(page)).not.toHaveAttribute("open");

      await accountButton(page).click();
      await page.getByRole("link", { name: "My Swaps" }).click();
      await expect(page).toHaveURL("/my-swaps");
      await expect(page.getByRole("heading", { name: "My Swaps" })).toBeVisible();
      await expect(accountMenu(page)).not.toHaveAttribute("open");

      // Sign Out still works from the menu (it closes as the form is sent).
      await accountButton(page).click();
      await page.getByRole("button", { name: "Sign Out" }).click();
      await expect(page).toHaveURL("/auth");
      await expect(header(page).getByRole("link", { name: "Login", exact: true })).toBeVisible();
      await m.context.close();
    });
  }

  test("a ☰ link to a section closes the menu and leaves the heading in view below the bar", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await menuButton(page).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "About Us" }).click();
    await expect(page).toHaveURL(/#about$/);
    await expect(mobileMenu(page)).not.toHaveAttribute("open");
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    const heading = page.locator("#about-heading");
    const bar = await box(header(page));
    // Smooth scrolling: wait until the heading has come to rest under the bar.
    await expect
      .poll(async () => (await box(heading)).y, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(bar.y + bar.height);
    await expect(heading).toBeInViewport();
    await shot(page, "anchor-about-375");
  });
});

test.describe("nothing runs out of its box at 375 px", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`My Swaps cards hold their offered and target boxes at ${viewport.width} px`, async ({ browser }) => {
      const ana = await member(browser, "Ana Costa", { viewport });
      const ben = await member(browser, "Ben Walker", { viewport });
      const offered = await listItem(ana.page, `Ana's bluetooth speaker ${LONG}`);
      const target = await listItem(ben.page, `Ben's vintage film camera ${LONG}`);
      await propose(ana.page, { offered, target });

      for (const [m, tab, labels] of [
        [ana, "sent", ["You offered", "For their"]],
        [ben, "received", ["They offer", "For your"]],
      ] as const) {
        await m.page.goto(`/my-swaps?tab=${tab}`);
        const card = m.page.getByRole("article").filter({ hasText: "Ana's bluetooth speaker" });
        await expectInside(card, m.page.locator("main"));
        for (const label of labels) {
          // The bordered box around the picture, the label and the title.
          const thumb = card.getByText(label, { exact: true }).locator("xpath=../..");
          await expectInside(thumb, card);
        }
        await expectNoSideScroll(m.page);
        await expectNoAxeViolations(m.page);
        await shot(m.page, `my-swaps-${tab}-${viewport.width}`);
      }
      await ana.context.close();
      await ben.context.close();
    });

    test(`the Propose a Swap dialog keeps its listing rows inside at ${viewport.width} px`, async ({ browser }) => {
      const ana = await member(browser, "Ana Costa", { viewport });
      const ben = await member(browser, "Ben Walker", { viewport });
      await listItem(ana.page, `Ana's bluetooth speaker ${LONG}`);
      await listItem(ana.page, "Ana's kettle");
      const target = await listItem(ben.page, `Ben's vintage film camera ${LONG}`);
      await ana.page.goto(`/listings/${target}`);
      await ana.page.getByRole("link", { name: "Propose Swap" }).click();
      const dialog = ana.page.getByRole("dialog", { name: "Propose a Swap" });
      const rows = dialog.locator("label", { has: ana.page.getByRole("radio") });
      await expect(rows).toHaveCount(2);
      for (const row of await rows.all()) await expectInside(row, dialog);
      await expectInside(dialog, ana.page.locator("body"));
      await expectNoSideScroll(ana.page);
      await dialog.getByRole("radio", { name: /bluetooth speaker/ }).check();
      await expect(dialog.getByRole("button", { name: "Send Proposal" })).toBeEnabled();
      await expectNoAxeViolations(ana.page);
      await shot(ana.page, `propose-dialog-${viewport.width}`);
      await ana.context.close();
      await ben.context.close();
    });
  }
});

test.describe("tap targets are at least 24 by 24 px at 375 px", () => {
  test("the listing breadcrumb", async ({ browser }) => {
    const m = await member(browser, "Rosa Diaz", { viewport: PHONE });
    const id = await listItem(m.page, "Rosa's drill");
    await m.page.goto(`/listings/${id}`);
    const crumbs = m.page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link");
    await expect(crumbs).toHaveCount(2);
    for (const link of await crumbs.all()) await expectTapTarget(link);
    await expectNoAxeViolations(m.page);
    await m.context.close();
  });

  test("the sign in / sign up switch and the Terms and Privacy links on /auth", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/auth");
    const main = page.getByRole("main");
    await expectTapTarget(main.getByRole("link", { name: "Sign Up", exact: true }));
    await expectTapTarget(main.getByRole("link", { name: "Terms", exact: true }));
    await expectTapTarget(main.getByRole("link", { name: "Privacy Policy", exact: true }));
    await main.getByRole("link", { name: "Sign Up", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await expectTapTarget(main.getByRole("link", { name: "Sign In", exact: true }));
    await expectNoSideScroll(page);
    await expectNoAxeViolations(page);
    await shot(page, "auth-signup-375");
  });

  test("the star rating radios of a finished swap", async ({ browser }) => {
    test.setTimeout(120_000);
    const ana = await member(browser, "Ana Costa", { viewport: PHONE });
    const ben = await member(browser, "Ben Walker", { viewport: PHONE });
    const offered = await listItem(ana.page, "Ana's speaker");
    const target = await listItem(ben.page, "Ben's camera");
    const swapId = await propose(ana.page, { offered, target });
    await accept(ben.page, swapId);
    await payOnTestCheckout(ana.page, swapId);
    await payOnTestCheckout(ben.page, swapId);
    await confirmSwapped(ana.page, swapId);
    await confirmSwapped(ben.page, swapId);

    await ana.page.goto("/my-swaps?tab=sent");
    const stars = ana.page.getByRole("group", { name: /Rate your swap/ }).getByRole("radio");
    await expect(stars).toHaveCount(5);
    const card = ana.page.getByRole("article").filter({ hasText: "Ana's speaker" });
    for (const star of await stars.all()) {
      // The whole label is the target: a tap anywhere on it picks that rating.
      const target = star.locator("xpath=ancestor::label");
      await expectTapTarget(target);
      await expectInside(target, card);
    }
    const four = ana.page.getByRole("radio", { name: "4 stars" });
    await four.scrollIntoViewIfNeeded();
    const label = await box(four.locator("xpath=ancestor::label"));
    await ana.page.mouse.click(label.x + label.width - 3, label.y + 3);
    await expect(four).toBeChecked();
    await expectNoSideScroll(ana.page);
    await expectNoAxeViolations(ana.page);
    await shot(ana.page, "review-stars-375");
    await ana.context.close();
    await ben.context.close();
  });
});
