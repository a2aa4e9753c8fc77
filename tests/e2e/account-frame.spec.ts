// N20: every My Account section reachable at 375 px; axe: /account/identities without a provider is a titled 404.
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueEmail } from "./fixtures";

test("every My Account section is on screen at 375 px", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("tabs") });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/account");
  const links = page.getByRole("navigation", { name: "My Account" }).getByRole("link");
  for (const name of ["Profile", "E-mail address", "Sign-in & security", "Passkeys", "Devices", "Your data"]) {
    const link = links.filter({ hasText: name });
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: "/tmp/shots/account-nav-375.png" });
  await links.filter({ hasText: "Your data" }).click();
  await expect(page).toHaveURL("/account/data");
});

test("Linked accounts without an identity provider is a 404 with a title, inside My Account", async ({ page }) => {
  test.skip(!!process.env.E2E_IDENTITY_PROVIDERS, "this run has an identity provider configured");
  await signUpViaApi(page, { email: uniqueEmail("identities") });
  const response = await page.goto("/account/identities");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found | SwapShed");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "My Account" })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.screenshot({ path: "/tmp/shots/identities-404-375.png" });
});
