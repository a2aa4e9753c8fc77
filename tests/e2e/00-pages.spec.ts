// Runs first (files run in name order, one worker): its home checks need a database with no listings yet.
import { expect, expectNoAxeViolations, hydrated, signUpViaApi, test } from "./fixtures";

const pages = [
  { path: "/", heading: /Swap what you've got/ },
  { path: "/auth", heading: "Welcome Back" },
  { path: "/auth?mode=signup", heading: "Create Account" },
  { path: "/terms", heading: "Terms and Conditions" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/cookies", heading: "Cookie Policy" },
  { path: "/investors", heading: /marketplace for swapping/ },
  { path: "/search?q=ute", heading: /Results for/ },
  { path: "/no-such-page", heading: "Oops! Page not found" },
];

for (const { path, heading } of pages) {
  test(`${path} renders and axe finds no violations (1280 and 375 px)`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoAxeViolations(page);
  });
}

test("home shows every section the spec lists, with an empty Available Swaps", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Browse", "About Us", "How it Works", "Safety"])
    await expect(nav.getByRole("link", { name })).toBeVisible();
  for (const name of ["Login", "Sign Up", "List Item"])
    await expect(page.getByRole("banner").getByRole("link", { name })).toBeVisible();
  await expect(page.getByRole("search").getByPlaceholder("Sydney")).toBeVisible();
  for (const name of [
    "Cars & Vehicles",
    "Motorcycles",
    "Boats & Marine",
    "Tradie Tools",
    "Electronics",
    "Home & Garden",
    "Sports & Outdoors",
    "Fashion",
    "Collectibles",
    "Other",
  ]) {
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Services (Coming Soon)")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Available Swaps" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Seed Test Data" })).toHaveAttribute("href", "/seed");
  await expect(page.getByRole("link", { name: "Create Your First Listing" })).toHaveCount(0);
  await expect(page.locator("#faq details")).toHaveCount(8);
  const footer = page.getByRole("contentinfo");
  for (const href of ["/terms", "/privacy", "/cookies", "/investors"])
    await expect(footer.locator(`a[href="${href}"]`)).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]')).toBeVisible();
});

test("a signed-in member's empty home offers Create Your First Listing", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Create Your First Listing" })).toHaveAttribute(
    "href",
    "/create-listing",
  );
});

test("the terms have 16 numbered sections and a copyright line", async ({ page }) => {
  await page.goto("/terms");
  const sections = page.locator("main h2");
  await expect(sections).toHaveCount(16);
  for (let i = 1; i <= 16; i++) await expect(sections.nth(i - 1)).toHaveText(new RegExp(`^${i}\\.`));
  await expect(page.getByText(/©.*SwapShed/)).toBeVisible();
  await expect(page.getByText(/must be 18 or older/).first()).toBeVisible();
});

test("the investor page's contact button mails the investor address", async ({ page }) => {
  await page.goto("/investors");
  await expect(page.getByRole("link", { name: "Contact Investor Relations" })).toHaveAttribute("href", /^mailto:.+@.+/);
});

test("an unknown path answers 404 with a link home", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL("/");
});

test("the framework's JavaScript loads after the first paint, and the page then runs React", async ({ page }) => {
  const documents: string[] = [];
  page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
  const response = await page.goto("/search?q=ute");
  const html = await response!.text();
  // Nothing in the HTML asks for a module before the page can paint.
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toMatch(/<script[^>]*type="module"[^>]*>\s*;?\s*import /);
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    scripts: performance
      .getEntriesByType("resource")
      .filter((e) => e.name.endsWith(".js"))
      .map((e) => e.startTime),
  }));
  expect(timing.firstPaint).toBeGreaterThan(0);
  expect(timing.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.firstPaint as number);
  // Hydrated: a link now navigates without asking for a new document.
  await hydrated(page);
  await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
  expect(documents).toHaveLength(1);
});

test("pages carry a CSP (a visitor's shared page: its scripts' hashes; a member's: a nonce) and the other security headers", async ({
  page,
}) => {
  const response = await page.goto("/");
  const headers = response!.headers();
  // A visitor's page is sent from the shared copies (decision 062): no nonce can be sent twice.
  expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(headers["content-security-policy"]).not.toContain("unsafe-inline' ;");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["strict-transport-security"]).toContain("max-age=");

  await signUpViaApi(page);
  const own = (await page.goto("/"))!.headers();
  expect(own["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+';/);
  expect(own["cache-control"]).toBe("private, no-store");
  expect(own["strict-transport-security"]).toContain("max-age=");
});

test("session cookies are HttpOnly, SameSite=Lax and Secure in production", async ({ page }) => {
  await signUpViaApi(page);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.includes("session_token"));
  expect(session).toBeDefined();
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
});
