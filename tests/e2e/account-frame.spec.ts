// N20: every My Account section reachable at 375 px. (The titled 404 of /account/identities without a provider is
// tests/integration/identities-not-configured.test.ts: the browser runs always configure the test provider.)
import { expect, signUpViaApi, test, uniqueEmail } from "./fixtures";

test("every My Account section is on screen at 375 px", async ({ page }) => {
  await signUpViaApi(page, { email: uniqueEmail("tabs") });
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/account");
  const links = page.getByRole("navigation", { name: "My Account" }).getByRole("link");
  for (const name of [
    "Profile",
    "E-mail address",
    "Sign-in & security",
    "Passkeys",
    "Devices",
    "Notifications",
    "Saved searches",
    "Blocked members",
    "Your data",
  ]) {
    const link = links.filter({ hasText: name });
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath("account-nav-375.png") });
  await links.filter({ hasText: "Your data" }).click();
  await expect(page).toHaveURL("/account/data");
});
