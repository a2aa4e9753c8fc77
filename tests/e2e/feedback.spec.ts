import type { Locator, Page } from "@playwright/test";
import {
  accept,
  expect as baseExpect,
  expectNoAxeViolations,
  listItem,
  member,
  PASSWORD,
  propose,
  signUpViaApi,
  startCheckout,
  test,
  uniqueEmail,
} from "./fixtures";

// Pages here wait on uploads, seeding and a busy two-core machine: each check may wait a little longer.
const expect = baseExpect.configure({ timeout: 20_000 });

const tag = `fb${Date.now().toString(36)}`;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found as Box;
}

// axe and hydration are slow on a busy two-core machine; the journeys themselves wait for what they need.
test.describe.configure({ timeout: 300_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });

test("a form's errors are said once, beside their field or in the form, never as a toast; focus goes to what to fix", async ({
  page,
  browser,
}) => {
  const notifications = page.getByRole("region", { name: "Notifications" });
  await page.goto("/auth?mode=signup");
  // Keyboard only: into Email, a bad address, on to Password, submit with Enter.
  await page.getByLabel("Email").focus();
  await page.keyboard.type("not-an-email");
  await page.keyboard.press("Tab");
  await page.keyboard.type("short");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Name is required")).toHaveCount(1);
  await expect(page.getByText("Invalid email address")).toHaveCount(1);
  await expect(page.getByLabel("Full Name", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Full Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(notifications.getByRole("listitem")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The server's answer that no field is to blame for: one alert in the form, focused, and no toast.
  await page.goto("/auth");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Invalid email or password" });
  await expect(alert).toBeVisible();
  await expect(alert).toBeFocused();
  await expect(page.getByText("Invalid email or password")).toHaveCount(1);
  await expect(notifications.getByRole("listitem")).toHaveCount(0);

  // A field the server blames: beside the field only (no second copy in a box above the form).
  const other = await browser.newContext();
  const { email } = await signUpViaApi(await other.newPage());
  await other.close();
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name", { exact: true }).fill("Sam Taken");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toBeFocused();
  await expect(page.getByText("This email is already registered. Please sign in instead.")).toHaveCount(1);
  await expect(notifications.getByRole("listitem")).toHaveCount(0);
});

for (const width of [375, 1280]) {
  test(`a confirmation is one toast at the bottom, clear of the header and the page's heading (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUpViaApi(page);
    await page.goto("/account");
    await page.getByLabel("Phone (optional)").fill("0412 345 678");
    await page.getByRole("button", { name: "Save details" }).click();
    const toast = page.getByRole("region", { name: "Notifications" }).getByRole("listitem");
    await expect(toast).toContainText("Your details have been saved");
    // Reading it (the pointer over it) holds it, as long as the checks take.
    await toast.hover();
    await expect(toast).toHaveCount(1);
    await expect(page.getByText("Your details have been saved")).toHaveCount(1);
    const toastBox = await box(toast);
    expect(overlaps(toastBox, await box(page.getByRole("banner")))).toBe(false);
    expect(overlaps(toastBox, await box(page.getByRole("heading", { level: 1, name: "My Account" })))).toBe(false);
    // Bottom of the window: centred on a phone, at the right on a desktop.
    expect(toastBox.y + toastBox.height).toBeGreaterThan(800 - 40);
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(800);
    if (width >= 640) expect(toastBox.x + toastBox.width).toBeGreaterThan(width - 40);
    else expect(Math.abs(toastBox.x + toastBox.width / 2 - width / 2)).toBeLessThan(4);
    await shot(page, `toast-${width}`);
    await expectNoAxeViolations(page);
  });
}

test("a page change that takes a while shows a progress bar after 300 ms, and a still one with reduced motion", async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The next page's data (React Router's single fetch) waits until the test lets it go.
  await page.route(/\/auth\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/auth");
  const bar = page.getByRole("progressbar", { name: "Loading page" });
  await expect(bar).toHaveCount(0);
  const started = Date.now();
  await page.getByRole("main").getByRole("link", { name: "Sign Up" }).click();
  await expect(bar).toBeVisible();
  expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  // The bar sits above the header, at the very top, and slides.
  const barBox = await box(bar);
  expect(barBox.y).toBe(0);
  expect(await bar.locator("div").evaluate((el) => getComputedStyle(el).animationName)).toBe("nav-progress-slide");
  await expectNoAxeViolations(page);
  await shot(page, "progress-bar");

  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await bar.locator("div").evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  expect((await box(bar.locator("div"))).width).toBeCloseTo(barBox.width, 0);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expect(bar).toHaveCount(0);
});

test.describe("with the demo data", () => {
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/seed");
    await page.getByRole("button", { name: "Seed Database" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Done: 8 test users and 19 active listings." }),
    ).toBeVisible({ timeout: 150_000 });
    await context.close();
  });

  test("the seed page's sentences read cleanly, and seeding again confirms it once, as a toast", async ({ page }) => {
    await page.goto("/seed");
    // No padded password box with punctuation after it (it read as "SwapShed2026 , for example").
    await expect(page.locator("p").filter({ has: page.locator("code") })).toHaveText(
      /^Sign in as any test user, for example \S+@example\.com, with the password SwapShed2026$/,
    );
    await page.getByRole("button", { name: "Seed Database" }).click();
    const toast = page.getByRole("region", { name: "Notifications" }).getByRole("listitem");
    await expect(toast).toContainText("Database seeded successfully!", { timeout: 60_000 });
    await toast.hover();
    await expect(page.getByText("Database seeded successfully!")).toHaveCount(1);
    await expectNoAxeViolations(page);
  });

  test("the ute, hatch, motorbike, scooter and kayak have real pictures, not 'Photo coming soon' cards", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const title of [
      "2014 Toyota HiLux SR5 dual cab",
      "Mazda 3 hatch, one owner",
      "Honda CB500X adventure bike",
      "Vintage Vespa scooter",
      "Sea kayak with paddles",
    ]) {
      await page.goto(`/search?q=${encodeURIComponent(title)}`);
      const card = page.getByRole("article").filter({ hasText: title }).first();
      const image = card.getByRole("img", { name: title });
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveJSProperty("complete", true);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(300);
      await card.screenshot({ path: test.info().outputPath(`seed-${title.split(" ")[1]}.png`) });
    }
  });

  for (const width of [375, 1280]) {
    test(`home shows the spec's 6 skeleton cards while its listings load on a client navigation, then a See all listings link (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.goto("/terms");
      // Only home's listings wait (its own data request); the root's revalidation goes through.
      await page.route(/\/_(root)?\.data\?.*_routes=[^&]*routes(%2F|\/)home/, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("link", { name: "SwapShed home" }).click();
      // The page is there at once; its grid waits, as six placeholder cards, marked busy.
      // (The first visit loads home's script first: on a loaded machine that alone can take a while.)
      await expect(page.getByRole("heading", { level: 2, name: "Available Swaps" })).toBeVisible({ timeout: 90_000 });
      const busy = page.locator('#browse [aria-busy="true"]');
      await expect(busy.locator("li")).toHaveCount(6);
      await busy.scrollIntoViewIfNeeded();
      await shot(page, `home-skeletons-${width}`);
      release();
      await expect(page.locator('#browse [aria-busy="true"]')).toHaveCount(0);
      await expect(page.locator("#browse").getByRole("article")).toHaveCount(12);
      const seeAll = page.locator("#browse").getByRole("link", { name: "See all listings" });
      await expect(seeAll).toHaveAttribute("href", "/search");
      await expectNoAxeViolations(page);
      await seeAll.click();
      await expect(page.getByRole("heading", { level: 1, name: "All swaps" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Showing \d+ (of \d+ )?listings$/ })).toBeVisible();
    });
  }
});

test.describe("search results", () => {
  const titles: string[] = [];

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(180_000);
    // 27 matches, three members' worth (a member may list 10 an hour).
    for (const name of ["Pat Lister", "Robin Lister", "Sasha Lister"]) {
      const { context, page } = await member(browser, name);
      for (let i = 0; i < 9; i++) {
        const title = `Lamp ${tag} ${name.split(" ")[0]} ${i}`;
        await listItem(page, title);
        titles.push(title);
      }
      await context.close();
    }
  });

  test("say how many match; Load more keeps focus on the first new card, and Back brings back every card and the place (keyboard)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/search?q=${tag}`);
    const status = page.getByRole("status").filter({ hasText: /^Showing/ });
    await expect(status).toHaveText("Showing 24 of 27 listings");
    const cards = page.getByRole("article");
    await expect(cards).toHaveCount(24);

    await page.getByRole("link", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await expect(cards).toHaveCount(27);
    await expect(status).toHaveText("Showing 27 listings");
    const firstNew = cards.nth(24).getByRole("heading").getByRole("link");
    await expect(firstNew).toBeFocused();
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // On with the keyboard: the next card's title, opened with Enter.
    const secondNew = cards.nth(25).getByRole("heading").getByRole("link");
    const title = (await secondNew.textContent()) ?? "";
    await secondNew.focus();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(500);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await page.goBack();
    await expect(cards).toHaveCount(27);
    await expect(status).toHaveText("Showing 27 listings");
    await expect(cards.nth(25)).toContainText(title);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 50);
    await expect(cards.nth(25)).toBeInViewport();
  });

  test("the count is there without JavaScript too, and a search with one page says just how many", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/search?q=${tag}`);
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 24 of 27 listings");
    await page.goto(`/search?q=${encodeURIComponent(`${tag} Pat`)}`);
    await expect(page.getByRole("status").filter({ hasText: /^Showing/ })).toHaveText("Showing 9 listings");
    await context.close();
  });
});

test("the checkout's 'You receive' label stays on one line on a phone", async ({ browser }) => {
  const ana = await member(browser, "Ana Checkout");
  const ben = await member(browser, "Ben Checkout");
  const mine = await listItem(ana.page, `A very long listing title that wraps on a phone ${tag}`);
  const theirs = await listItem(ben.page, `Another quite long listing title for the other side ${tag}`);
  const id = await propose(ana.page, { offered: mine, target: theirs });
  await accept(ben.page, id);
  const checkoutUrl = await startCheckout(ana.page, id);

  await ana.page.setViewportSize({ width: 375, height: 800 });
  await ana.page.goto(checkoutUrl);
  // Lines of text the label takes (its box stretches with the row, so count the text's own line boxes).
  const lines = (label: string) =>
    ana.page.getByText(label, { exact: true }).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
  expect(await lines("You give")).toBe(1);
  expect(await lines("You receive")).toBe(1);
  // The long titles beside them wrap instead.
  expect(
    await ana.page
      .getByText(/^Another quite long listing title/)
      .evaluate((el) => el.getClientRects().length && el.getBoundingClientRect().height),
  ).toBeGreaterThan(30);
  await shot(ana.page, "checkout-375");
  await ana.context.close();
  await ben.context.close();
});
