import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueEmail } from "./fixtures";

const photo = fs.readFileSync(path.join(import.meta.dirname, "files/listing-photo.jpg"));
const tag = `zq${Date.now().toString(36)}`;

async function list(page: Page, title: string, location: string, category = "tradie_tools") {
  const res = await page.request.post("/api/v1/listings", {
    headers: { origin: test.info().project.use.baseURL as string },
    multipart: {
      title,
      description: `${title} in good working order, ${tag}.`,
      category,
      condition: "good",
      valueMin: "100",
      valueMax: "200",
      location,
      images: { name: "photo.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe("search", () => {
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpViaApi(page, { email: uniqueEmail("searcher"), fullName: "Sam Searcher" });
    await list(page, `Chainsaw near Bondi ${tag}`, "Bondi NSW 2026");
    await list(page, `Chainsaw in Parramatta ${tag}`, "Parramatta NSW 2150");
    await list(page, `Chainsaw in Newcastle ${tag}`, "Newcastle NSW 2300");
    await list(page, `Kayak in Bondi ${tag}`, "Bondi NSW 2026", "boats_marine");
    await context.close();
  });

  test("the hero search leads to results, filters live in the URL and the back button works", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("search").getByPlaceholder("What are you looking for?").fill(`chainsaw ${tag}`);
    await page.getByRole("search").getByPlaceholder("Sydney").fill("Bondi NSW 2026");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=chainsaw/);
    await expect(page.getByRole("article")).toHaveCount(3);

    // A filter applies as soon as it changes, in place: the focus stays on it (no Search press).
    await page.getByLabel("Distance").focus();
    await page.getByLabel("Distance").selectOption("50");
    await expect(page).toHaveURL(/radius=50/);
    await expect(page.getByLabel("Distance")).toBeFocused();
    await page.getByLabel("Sort by").focus();
    await page.getByLabel("Sort by").selectOption("nearest");
    await expect(page).toHaveURL(/sort=nearest/);
    await expect(page.getByLabel("Sort by")).toBeFocused();
    const titles = page.getByRole("article").getByRole("heading");
    await expect(titles).toHaveCount(2);
    await expect(titles.first()).toContainText("Bondi");
    await expect(titles.nth(1)).toContainText("Parramatta");
    await expectNoAxeViolations(page);

    // New words are a new search, and Back returns to the filtered one (filters replaced it in history).
    await page.getByLabel("What are you looking for?").fill(`kayak ${tag}`);
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("article")).toHaveCount(1);
    await page.goBack();
    await expect(titles).toHaveCount(2);
  });

  test("a typo still finds the listing, and a category badge on home opens its category", async ({ page }) => {
    await page.goto("/search?q=chainsw");
    await expect(page.getByRole("article").filter({ hasText: `Chainsaw near Bondi ${tag}` })).toBeVisible();
    await page.getByRole("link", { name: "chainsaw", exact: true }).click();
    await expect(page).toHaveURL(/q=chainsaw(&|$)/);
    await page.goto("/");
    await page.getByRole("link", { name: "Boats & Marine", exact: true }).click();
    // The badge opens the category's own page (decision 092).
    await expect(page).toHaveURL(/\/categories\/boats-marine$/);
    await expect(page.getByRole("heading", { level: 1, name: "Boats & Marine" })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: `Kayak in Bondi ${tag}` })).toBeVisible();
  });

  test("search works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/search");
    await page.getByLabel("What are you looking for?").fill(`chainsaw ${tag}`);
    await page.getByLabel("Suburb or postcode", { exact: true }).fill("Bondi NSW 2026");
    await page.getByLabel("Distance").selectOption("5");
    await page.getByRole("main").getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(page.getByRole("article")).toContainText("Bondi");
    // Without JavaScript a filter waits for Apply.
    await page.getByLabel("Distance").selectOption("50");
    await expect(page).not.toHaveURL(/radius=50/);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/radius=50/);
    await expect(page.getByRole("article")).toHaveCount(2);
    await context.close();
  });
});
