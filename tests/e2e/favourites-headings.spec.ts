import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, signUpViaApi, test, uniqueEmail } from "./fixtures";

// axe's heading-order on the pages that show listing cards (decision 065): the cards' titles are h3s, so each page
// needs an h2 between its h1 and them. /favourites with saved items had none.

const photo = fs.readFileSync(path.join(import.meta.dirname, "files/listing-photo.jpg"));
// Two members, an upload and three pages with axe: slow on a busy 2-core machine.
test.describe.configure({ timeout: 90_000 });

const origin = () => ({ origin: test.info().project.use.baseURL as string });

async function headingOrder(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test("the pages with listing cards keep their headings in order: h1, h2, then the cards' h3s", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signUpViaApi(page, { email: uniqueEmail("owner"), fullName: "Olivia Bennett" });
  const title = `Heading order kayak ${Date.now()}`;
  const res = await page.request.post("/api/v1/listings", {
    headers: origin(),
    multipart: {
      title,
      description: "A sea kayak with paddle, ready to swap.",
      category: "sports_outdoors",
      condition: "good",
      valueMin: "300",
      valueMax: "500",
      location: "Bondi NSW 2026",
      images: { name: "kayak.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as string;
  await context.clearCookies();
  await signUpViaApi(page, { email: uniqueEmail("saver"), fullName: "Mei Lin" });
  expect((await page.request.put(`/api/v1/listings/${id}/favourite`, { headers: origin() })).status()).toBe(200);

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
