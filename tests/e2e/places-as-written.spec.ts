import type { Page } from "@playwright/test";
import { axeAtBothWidths, expect, expectNoAxeViolations, listItem, signUpViaApi, test, uniqueEmail } from "./fixtures";

// Places as people write them (decision 090): home's suburb picker, "Use my location", a misspelt place, and
// an empty result that says where it looked and what lies just past it.

const tag = `pw${Date.now().toString(36)}`;
const PARRAMATTA = { latitude: -33.8136, longitude: 151.0034 };
const PHONE = { width: 375, height: 800 };
/** The first screen, to look at (decision 090). */
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpViaApi(page, { email: uniqueEmail("kayaker"), fullName: "Kai Yak" });
  // 25.3 km from Parramatta: past a 5 km (and a 25 km) search from there, within 50 km.
  await listItem(page, `Sea kayak ${tag}`, { category: "sports_outdoors", location: "Bondi NSW 2026" });
  await context.close();
});

test("home's location box suggests places as the search page's does, by keyboard", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const field = page
    .getByRole("search", { name: "Search listings" })
    .getByRole("combobox", { name: "Suburb or postcode" });
  await field.pressSequentially("parra");
  await expect(page.getByRole("option", { name: /Parramatta NSW 2150/ })).toBeVisible();
  await shot(page, "home-suggestions-375");
  await field.press("ArrowDown");
  await field.press("Enter");
  await expect(field).toHaveValue("Parramatta NSW 2150");
  await field.press("Enter"); // the form's submit, now the list is closed
  await expect(page).toHaveURL(/\/search\?.*location=Parramatta\+NSW\+2150/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await shot(page, "home-1280");
});

test.describe("Use my location", () => {
  test("with permission, the box is filled with the suburb the phone is in", async ({ browser }) => {
    const context = await browser.newContext({
      geolocation: PARRAMATTA,
      permissions: ["geolocation"],
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto("/");
    const hero = page.getByRole("search", { name: "Search listings" });
    await hero.getByRole("button", { name: "Use my location" }).click();
    await expect(hero.getByRole("combobox", { name: "Suburb or postcode" })).toHaveValue("Parramatta NSW 2150");
    await context.close();
  });

  test("refused, it says so and the box stays as it was", async ({ browser }) => {
    const context = await browser.newContext({ permissions: [], viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/search");
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(
      page.getByText("Location access is off for this site. Type your suburb or postcode instead."),
    ).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Suburb or postcode" })).toHaveValue("");
    await shot(page, "use-my-location-refused-375");
    await context.close();
  });

  test("without JavaScript there is no such button", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("combobox", { name: "Suburb or postcode" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Use my location" })).toHaveCount(0);
    await context.close();
  });
});

test("Paramatta offers Parramatta NSW 2150 first", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/search?location=Paramatta`);
  const choice = page.getByRole("region", { name: "Did you mean Parramatta NSW 2150?" });
  await expect(choice.getByRole("link")).toHaveText(["Parramatta NSW 2150", "Paramatta SA 5558"]);
  await shot(page, "paramatta-375");
  await choice.getByRole("link", { name: "Parramatta NSW 2150" }).click();
  await expect(page.getByRole("combobox", { name: "Suburb or postcode" })).toHaveValue("Parramatta NSW 2150");
});

test("an empty result says where it looked, shows what is just past it, and offers to tell", async ({ page }) => {
  await page.goto(`/search?${new URLSearchParams({ q: `kayak ${tag}`, location: "Parramatta", radius: "5" })}`);
  await expect(page.getByRole("status").filter({ hasText: /^No / })).toHaveText(
    `No “kayak ${tag}” listings within 5 km of Parramatta NSW 2150.`,
  );
  const beyond = page.getByRole("region", { name: "1 more within 50 km" });
  await expect(beyond.getByRole("article")).toContainText(`Sea kayak ${tag}`);
  await expect(beyond.getByRole("article")).toContainText("25 km from Parramatta");

  const tell = page.getByRole("button", { name: "Tell me when one is listed" });
  const form = page.locator("form", { has: tell });
  await expect(form).toHaveAttribute("method", "post");
  await expect(form).toHaveAttribute("action", "/account/saved-searches");
  const hidden = await form
    .locator("input[type=hidden]")
    .evaluateAll((inputs) => inputs.map((i) => `${(i as HTMLInputElement).name}=${(i as HTMLInputElement).value}`));
  expect(hidden).toEqual([`q=kayak ${tag}`, "location=Parramatta", "radius=5", "intent=save"]);
  await axeAtBothWidths(page, 900, "empty-result");

  // Keyboard: the wider search is a link in the tab order.
  await beyond.getByRole("link", { name: "Search within 50 km" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/radius=50/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expectNoAxeViolations(page);
});

test("with nothing at any distance, it says so and still offers to tell", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/search?${new URLSearchParams({ q: `hovercraft${tag}`, location: "Sydney CBD", radius: "25" })}`);
  await expect(page.getByRole("status").filter({ hasText: /^No / })).toHaveText(
    `No “hovercraft${tag}” listings within 25 km of Sydney NSW 2000.`,
  );
  await expect(page.getByText("Try other words, a wider distance or a different category.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Search within/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Tell me when one is listed" })).toBeVisible();
  await shot(page, "nothing-anywhere-375");
});
