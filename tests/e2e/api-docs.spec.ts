import { expect, test } from "./fixtures";

// The API reference is a third-party renderer (Swagger UI, served from our own origin): it must draw every
// operation of the document under the site's Content-Security-Policy (the fixture fails on any console error,
// a refused script or eval included), and "Try it out" must reach the API.
test("/api/docs draws every operation of the OpenAPI document, and Try it out calls the API", async ({ page }) => {
  const doc = (await (await page.request.get("/api/v1/openapi.json")).json()) as { paths: Record<string, object> };
  const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  // Not a React page: nothing hydrates.
  await page.goto("/api/docs", { waitUntil: "load" });
  await expect(page.getByRole("heading", { name: /SwapShed API/ })).toBeVisible();
  await expect(page.locator(".opblock")).toHaveCount(operations);

  await page.locator("#operations-Listings-searchListings .opblock-summary").click();
  await page.getByRole("button", { name: "Try it out" }).click();
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/listings");
  await page.getByRole("button", { name: "Execute" }).click();
  expect((await answer).status()).toBe(200);
  await expect(
    page.locator("#operations-Listings-searchListings .live-responses-table tbody .response-col_status").first(),
  ).toHaveText("200");
});
