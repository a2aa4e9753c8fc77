import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueEmail } from "./fixtures";

// What a newcomer types in the search's "Suburb or postcode", where cards measure their distance from, and
// how the filters sit on a phone.

const photo = fs.readFileSync(path.join(import.meta.dirname, "files/listing-photo.jpg"));
const tag = `lq${Date.now().toString(36)}`;
const origin = () => test.info().project.use.baseURL as string;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

const PLACES = {
  newtownNsw: "Newtown NSW 2042",
  newtownVic: "Newtown VIC 3220",
  sydney: "Sydney NSW 2000",
  melbourne: "Melbourne VIC 3000",
  brisbane: "Brisbane QLD 4000",
} as const;
const title = (where: keyof typeof PLACES) => `Mower ${where} ${tag}`;

async function list(page: Page, where: keyof typeof PLACES) {
  const res = await page.request.post("/api/v1/listings", {
    headers: { origin: origin() },
    multipart: {
      title: title(where),
      description: `A push mower in good working order, ${tag}.`,
      category: "home_garden",
      condition: "good",
      valueMin: "100",
      valueMax: "200",
      location: PLACES[where],
      images: { name: "photo.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const search = (query: Record<string, string>) => `/search?${new URLSearchParams({ q: tag, ...query })}`;
const card = (page: Page, where: keyof typeof PLACES) => page.getByRole("article").filter({ hasText: title(where) });
// The result count line (the combobox and the swap dialogs have live regions of their own).
const results = (page: Page) => page.getByRole("status").filter({ hasText: /^(Showing|No listings)/ });

async function noScriptPage(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  return { context, page: await context.newPage() };
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpViaApi(page, { email: uniqueEmail("places"), fullName: "Pat Places" });
  for (const where of Object.keys(PLACES) as (keyof typeof PLACES)[]) await list(page, where);
  await context.close();
});

test.describe("what people type in Suburb or postcode", () => {
  test.use({ viewport: DESKTOP });

  test("the field suggests places as you type, like the other location fields, and a picked one is searched from", async ({
    page,
  }) => {
    await page.goto(search({}));
    const field = page.getByRole("combobox", { name: "Suburb or postcode" });
    await field.pressSequentially("Newtown");
    const suggestions = page.getByRole("listbox", { name: "Suburb or postcode suggestions" });
    await expect(suggestions.getByRole("option", { name: "Newtown VIC 3220" })).toBeVisible();
    await expectNoAxeViolations(page);
    // The five Newtowns, the best known first (decision 090): down to the fourth (VIC 3220, Geelong's); Enter
    // picks it rather than submits.
    await expect(suggestions.getByRole("option")).toHaveText([
      /Newtown\s*NSW 2042/,
      /Newtown\s*QLD 4305/,
      /Newtown\s*QLD 4350/,
      /Newtown\s*VIC 3220/,
      /Newtown\s*VIC 3351/,
    ]);
    await field.press("ArrowDown");
    await expect(suggestions.getByRole("option", { name: "Newtown NSW 2042" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    for (let i = 0; i < 3; i++) await field.press("ArrowDown");
    await expect(suggestions.getByRole("option", { name: "Newtown VIC 3220" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await field.press("Enter");
    await expect(field).toHaveValue("Newtown VIC 3220");
    await expect(page).toHaveURL(/\/search\?q=/); // not submitted yet
    await page.getByLabel("Distance").selectOption("10");
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/location=Newtown\+VIC\+3220/);
    await expect(page).not.toHaveURL(/locationSuburb/); // the search's URL carries the text alone
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(page, "newtownVic")).toContainText("< 1 km from Newtown");
    await expect(results(page)).toHaveText("Showing 1 listing within 10 km of Newtown VIC 3220");
  });

  test("a postcode alone, a suburb alone and big cities by name each search from that place, without JavaScript", async ({
    browser,
  }) => {
    const { context, page } = await noScriptPage(browser);
    await page.goto("/search");
    await page.getByLabel("What are you looking for?").fill(tag);
    await page.getByRole("combobox", { name: "Suburb or postcode" }).fill("2042");
    await page.getByLabel("Distance").selectOption("5");
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(results(page)).toHaveText("Showing 2 listings within 5 km of postcode 2042");
    await expect(card(page, "newtownNsw")).toContainText("< 1 km from postcode 2042");
    await expect(card(page, "sydney")).toBeVisible(); // 3.5 km from Newtown
    await expect(page.getByRole("alert")).toHaveCount(0);

    const cases: [string, string, (keyof typeof PLACES)[]][] = [
      ["Melbourne", "Melbourne VIC", ["melbourne"]],
      ["Sydney", "Sydney NSW", ["sydney", "newtownNsw"]],
      ["brisbane", "Brisbane QLD", ["brisbane"]],
      ["Newtown NSW", "Newtown NSW 2042", ["newtownNsw", "sydney"]],
    ];
    for (const [typed, label, found] of cases) {
      await page.goto(search({ location: typed, radius: "25", sort: "nearest" }));
      await expect(results(page), typed).toHaveText(
        `Showing ${found.length} listing${found.length > 1 ? "s" : ""} within 25 km of ${label}`,
      );
      await expect(page.getByRole("article").first().getByRole("heading"), typed).toHaveText(title(found[0]));
      await expect(page.getByRole("alert"), typed).toHaveCount(0);
    }
    await context.close();
  });

  test("an ambiguous name asks which place is meant, and the one picked is searched from", async ({ page }) => {
    await page.goto(search({ location: "Newtown", radius: "10" }));
    const choice = page.getByRole("region", { name: "There's more than one “Newtown”. Which one do you mean?" });
    await expect(choice).toBeVisible();
    // The best-known first (decision 090): inner Sydney, Ipswich, Toowoomba, Geelong, a hamlet near Ballarat.
    await expect(choice.getByRole("link")).toHaveText([
      "Newtown NSW 2042",
      "Newtown QLD 4305",
      "Newtown QLD 4350",
      "Newtown VIC 3220",
      "Newtown VIC 3351",
    ]);
    // Until then no distance applies: both Newtowns' listings (and the rest) are shown.
    await expect(card(page, "newtownVic")).toBeVisible();
    await expect(card(page, "brisbane")).toBeVisible();
    await expectNoAxeViolations(page);

    await choice.getByRole("link", { name: "Newtown VIC 3220" }).click();
    await expect(page).toHaveURL(/location=Newtown\+VIC\+3220/);
    await expect(page).toHaveURL(/radius=10/);
    await expect(page.getByRole("combobox", { name: "Suburb or postcode" })).toHaveValue("Newtown VIC 3220");
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card(page, "newtownVic")).toBeVisible();
    await expect(page.getByRole("region", { name: /Which one do you mean/ })).toHaveCount(0);
  });

  test("the start of a name offers the places it starts, and nonsense says so", async ({ page }) => {
    await page.goto(search({ location: "Newtow" }));
    const choice = page.getByRole("region", { name: "We couldn't find “Newtow”. Did you mean one of these?" });
    await expect(choice.getByRole("link", { name: "Newtown NSW 2042" })).toBeVisible();
    await page.goto(search({ location: "Zzqx" }));
    await expect(page.getByRole("alert")).toContainText("We couldn't find “Zzqx”.");
  });
});

test.describe("card distances", () => {
  test.use({ viewport: DESKTOP });

  test("signed out, a search within 100 km of Sydney shows each card's distance from Sydney", async ({ page }) => {
    await page.goto(search({ location: "Sydney NSW 2000", radius: "100" }));
    await expect(results(page)).toHaveText("Showing 2 listings within 100 km of Sydney NSW 2000");
    await expect(card(page, "sydney")).toContainText("< 1 km from Sydney");
    await expect(card(page, "newtownNsw")).toContainText("4 km from Sydney");
  });

  test("a member whose suburb is Sydney sees distances from Melbourne when searching there, and from Sydney elsewhere", async ({
    page,
  }) => {
    await signUpViaApi(page, { email: uniqueEmail("sydneysider"), fullName: "Sid Ney" });
    const saved = await page.request.post("/location", {
      headers: { origin: origin() },
      form: { location: "Sydney NSW 2000", redirectTo: "/" },
    });
    expect(saved.ok()).toBe(true);

    await page.goto(search({ location: "Melbourne", sort: "nearest" }));
    const first = page.getByRole("article").first();
    await expect(first.getByRole("heading")).toHaveText(title("melbourne"));
    await expect(first).toContainText("< 1 km from Melbourne");
    await expect(page.getByText(/710 km/)).toHaveCount(0);
    await expect(results(page)).toContainText("distances from Melbourne VIC");

    // No place searched: distances from the member's own suburb, as on every other page.
    await page.goto(search({}));
    await expect(card(page, "sydney")).toContainText("< 1 km away");
    await expect(card(page, "melbourne")).toContainText(/71\d km away/);
    await page.goto("/");
    await expect(card(page, "melbourne")).toContainText(/71\d km away/);
  });
});

test.describe("the filters on a phone and on a desktop", () => {
  async function expectCollapsed(page: Page) {
    const toggle = page.locator("summary", { hasText: "Filters and sort" });
    await expect(toggle).toBeVisible();
    await expect(page.getByLabel("Category")).toBeHidden();
    await expect(page.getByRole("article").first()).toBeInViewport();
    return toggle;
  }

  test.describe("375 px", () => {
    test.use({ viewport: PHONE });

    test("start collapsed behind a labelled toggle, results in view; the keyboard opens it", async ({ page }) => {
      await page.goto(search({ category: "home_garden", radius: "100", location: "Sydney" }));
      const toggle = await expectCollapsed(page);
      await expect(toggle).toHaveText("Filters and sort (2 on)");
      await page.screenshot({ path: test.info().outputPath("search-375-collapsed.png") });
      await expectNoAxeViolations(page);

      await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).focus();
      await page.keyboard.press("Tab");
      await expect(toggle).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByLabel("Category")).toBeVisible();
      await expect(page.getByLabel("Category")).toHaveValue("home_garden");
      await page.screenshot({ path: test.info().outputPath("search-375-open.png") });
      await expectNoAxeViolations(page);
      await page.keyboard.press("Space");
      await expect(page.getByLabel("Category")).toBeHidden();
    });

    test("without JavaScript too", async ({ browser }) => {
      const { context, page } = await noScriptPage(browser, PHONE);
      await page.goto(search({}));
      const toggle = await expectCollapsed(page);
      await toggle.click();
      await page.getByLabel("Sort by").selectOption("value_asc");
      await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/sort=value_asc/);
      await expectCollapsed(page);
      await context.close();
    });
  });

  test.describe("1280 px", () => {
    test.use({ viewport: DESKTOP });

    test("start open, with no toggle to hunt for", async ({ page }) => {
      await page.goto(search({ location: "Newtown" }));
      await expect(page.getByLabel("Category")).toBeVisible();
      await expect(page.getByLabel("Sort by")).toBeVisible();
      await expect(page.locator("summary", { hasText: "Filters and sort" })).toBeHidden();
      await expect(page.locator("details:has(#search-category)")).toHaveAttribute("open", "");
      await page.screenshot({ path: test.info().outputPath("search-1280.png"), fullPage: true });
      await expectNoAxeViolations(page);
    });

    test("without JavaScript too", async ({ browser }) => {
      const { context, page } = await noScriptPage(browser, DESKTOP);
      await page.goto(search({}));
      await expect(page.getByLabel("Category")).toBeVisible();
      await expect(page.locator("summary", { hasText: "Filters and sort" })).toBeHidden();
      await page.getByLabel("Category").selectOption("home_garden");
      await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/category=home_garden/);
      await context.close();
    });
  });
});
