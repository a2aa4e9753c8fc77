import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, signUpViaApi, test } from "./fixtures";
import { confirmAddressFromMail } from "./mailbox";

/** Chromium's virtual authenticator: a platform passkey store that checks the person (as a fingerprint would). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test.describe("passkeys", () => {
  test("a member adds and names a passkey, signs out, signs in with it, renames it and removes it", async ({
    page,
  }) => {
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    const { email } = await signUpViaApi(page);
    await confirmAddressFromMail(page, email);

    await page.goto("/account");
    await page.getByRole("navigation", { name: "My Account" }).getByRole("link", { name: "Passkeys" }).click();
    await expect(page).toHaveURL("/account/passkeys");
    await expect(page.getByRole("heading", { name: "Passkeys", level: 2 })).toBeVisible();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);

    // The name starts as the browser and system it is made on; the member names it.
    await expect(page.getByLabel("Passkey name")).toHaveValue(/^Chrome/);
    await page.getByLabel("Passkey name").fill("   ");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("Give your passkey a name")).toBeVisible();
    await page.getByLabel("Passkey name").fill("Kitchen laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("Passkey added")).toBeVisible();
    const item = page.getByRole("listitem", { name: "Kitchen laptop" });
    await expect(item).toContainText("This device only");
    await expect(item).toContainText(/Added \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m/);
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);
    const signCount = async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials[0].signCount;
    const madeAt = await signCount();

    // Signed out, a page that needs an account sends the member to sign in, and back there after the passkey.
    await page.getByText("Account", { exact: true }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/auth");
    await page.goto("/account/passkeys");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount%2Fpasskeys$/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL("/account/passkeys");
    await expect(page.getByText("Welcome back!")).toBeVisible();
    expect(await signCount()).toBe(madeAt + 1);

    // Before a sensitive change, the passkey can confirm it's the member too (no new session, the counter moves on).
    await page.goto("/auth/reauthenticate?redirectTo=%2Faccount%2Fpasskeys");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL("/account/passkeys");
    expect(await signCount()).toBe(madeAt + 2);

    await item.locator("summary", { hasText: "Rename" }).click();
    await item.getByLabel("New name").fill("Work laptop");
    await item.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByText("Passkey renamed")).toBeVisible();
    const renamed = page.getByRole("listitem", { name: "Work laptop" });
    await expect(renamed).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(renamed.getByLabel("New name")).toBeHidden();
    await renamed.locator("summary", { hasText: "Remove" }).click();
    await expect(renamed.getByText('Remove "Work laptop"?')).toBeVisible();
    await expectNoAxeViolations(page);
    await renamed.getByRole("button", { name: "Remove passkey" }).click();
    await expect(page.getByText("Passkey removed")).toBeVisible();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();

    // The passkey stays on the device, but SwapShed no longer knows it.
    await page.getByText("Account", { exact: true }).click();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toContainText("That passkey isn't set up for a SwapShed account.");
    await expect(page).toHaveURL("/auth");
  });

  test("without JavaScript the page says passkeys need it, and offers no button that cannot work", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signUpViaApi(page);
    await page.goto("/account/passkeys");
    await expect(page.getByText("Passkeys need JavaScript")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
    await context.clearCookies();
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await context.close();
  });
});
