// Visitor pages sent from the shared copies (decision 062), in a real browser: a copy runs under its hash-based
// Content-Security-Policy exactly as a fresh render runs under its nonce, and a member's change shows at once.
import { expect, hydrated, someonesListing, test } from "./fixtures";

const tag = `vc${Date.now().toString(36)}`;

test.describe("visitor pages from the shared copies", () => {
  test("a page sent again hydrates under its script hashes, and works as the first one did", async ({ page }) => {
    const first = await page.goto("/");
    const second = await page.goto("/");
    expect(second?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=30");
    expect(second?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(second?.headers()["content-security-policy"]).not.toContain("nonce");
    expect(second?.headers().etag).toBe(first?.headers().etag);
    // React runs the page (the fixture fails the test on any CSP violation in the console), and client-side
    // navigation works from it.
    await hydrated(page);
    await page.getByRole("search").getByPlaceholder("What are you looking for?").fill("drill");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=drill/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a member lists an item and a visitor who already had the home page sees it on the next load", async ({
    page,
    browser,
  }) => {
    await page.goto("/");
    await page.goto("/");
    await expect(page.getByText(`Pressure washer ${tag}`)).toHaveCount(0);

    const id = await someonesListing(browser, "Lee Lister", `Pressure washer ${tag}`, {
      description: "Petrol pressure washer, 3000 psi, barely used.",
      category: "tradie_tools",
      condition: "like_new",
      valueMin: "200",
      valueMax: "300",
    });

    await page.reload();
    await expect(page.getByRole("link", { name: new RegExp(`Pressure washer ${tag}`) }).first()).toBeVisible();
    await page.goto(`/listings/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Pressure washer ${tag}` })).toBeVisible();
  });
});
