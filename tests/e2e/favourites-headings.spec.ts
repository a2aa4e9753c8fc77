import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, listItem, originHeader, signUpViaApi, test, uniqueEmail } from "./fixtures";

// axe's heading-order on the pages that show listing cards (decision 065): the cards' titles are h3s, so each page
// needs an h2 between its h1 and them. /favourites with saved items had none.

// Two members, an upload and three pages with axe: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

async function headingOrder(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the pages with listing cards keep their headings in order: h1, h2, then the cards' h3s", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signUpViaApi(page, { email: uniqueEmail("owner"), fullName: "Olivia Bennett" });
  const title = `Heading order kayak ${Date.now()}`;
  const id = await listItem(page, title, {
    description: "A sea kayak with paddle, ready to swap.",
    category: "sports_outdoors",
    valueMin: "300",
    valueMax: "500",
  });
  await context.clearCookies();
  await signUpViaApi(page, { email: uniqueEmail("saver"), fullName: "Mei Lin" });
  expect((await page.request.put(`/api/v1/listings/${id}/favourite`, { headers: originHeader() })).status()).toBe(200);

  for (const url of ["/favourites", "/", "/search"]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 3, name: title }).first()).toBeVisible();
    expect(await headingOrder(page), url).toEqual([]);
  }
  await expect(page.getByRole("heading", { level: 2, name: "Search results" })).toBeAttached();
  await page.goto("/favourites");
  await expect(page.getByRole("heading", { level: 2, name: "Saved listings" })).toBeAttached();
  await context.close();
});
