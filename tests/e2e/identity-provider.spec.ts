import type { Page } from "@playwright/test";
import { axeAtBothWidths, expect, expectNoAxeViolations, hydrated, signUpViaApi, test, uniqueEmail } from "./fixtures";
import { confirmAddressFromMail } from "./mailbox";

// The local OpenID provider (tests/support/oidc-provider.ts) runs beside the app as "Test ID"
// (playwright.config.ts). Its login page takes whoever is typed in.

/** At the provider's login page: who the person is there. */
async function atProvider(
  page: Page,
  { email, name, verified = true }: { email: string; name: string; verified?: boolean },
) {
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("E-mail verified").setChecked(verified);
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("signing in with an identity provider", () => {
  test("a new person continues with Test ID from Sign In, gets an account and sees it linked in My Account", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/auth?redirectTo=%2Fmy-swaps");
    await expect(page.getByRole("button", { name: "Continue with Test ID" })).toBeVisible();
    await axeAtBothWidths(page, 800);
    await page.getByRole("button", { name: "Continue with Test ID" }).click();

    const email = uniqueEmail("idp");
    await atProvider(page, { email, name: "Sam O'Neil (Test)" });
    await expect(page).toHaveURL(/\/my-swaps$/);
    await hydrated(page);
    await expect(page.getByText("Account created! Redirecting...")).toBeVisible();

    await page.goto("/account");
    await page.getByRole("navigation", { name: "My Account" }).getByRole("link", { name: "Linked accounts" }).click();
    await expect(page).toHaveURL("/account/identities");
    await expect(page.getByRole("heading", { name: "Linked accounts", level: 2 })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await axeAtBothWidths(page, 800);

    // Its only way in: unlinking is refused, and says what to do.
    await page.getByText("Unlink Test ID", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, unlink Test ID" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Add a password or a passkey before you unlink your last way to sign in.",
    );
    await expect(page.getByText(email)).toBeVisible();
  });

  test("cancelling at the provider comes back to Sign In with a clear message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Test ID" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/auth\?provider=oidc&error=access_denied/);
    await expect(page.getByRole("alert")).toHaveText("Signing in with Test ID was cancelled.");
    await expectNoAxeViolations(page);
  });

  test("without JavaScript, Continue with Test ID still signs a person in", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Test ID" }).click();
    await atProvider(page, { email: uniqueEmail("idp-nojs"), name: "Robin Lee" });
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
    await context.close();
  });
});

test.describe("linked accounts in My Account", () => {
  test("a member links Test ID, is told by mail, signs in with it, then unlinks it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const { email } = await signUpViaApi(page, { email: uniqueEmail("linker"), fullName: "Casey Nguyen" });
    // Only a confirmed address may gain a linked identity (decision 067).
    await confirmAddressFromMail(page, email);
    await page.goto("/account/identities");
    await expect(page.getByText("Not linked")).toBeVisible();
    await page.getByRole("button", { name: "Link Test ID" }).click();
    await atProvider(page, { email, name: "Casey Nguyen" });

    await expect(page).toHaveURL("/account/identities?linked=oidc");
    await expect(
      page.getByRole("status").filter({ hasText: "Test ID is linked: you can now sign in with it." }),
    ).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await axeAtBothWidths(page, 800);
    // The outbox page is part of the demo, off on a production PostgreSQL (the integration tests read the mail there).
    if (!process.env.E2E_DATABASE_URL) {
      await page.goto("/dev/outbox");
      await expect(
        page.getByText("Security notice: Test ID was linked to your account: you can now sign in with it").first(),
      ).toBeVisible();
    }

    // Signed out, the member comes back through the provider (still signed in there).
    await page.context().clearCookies({ domain: "localhost" });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Test ID" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByText("Welcome back!")).toBeVisible();

    await page.goto("/account/identities");
    await page.getByText("Unlink Test ID", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, unlink Test ID" }).click();
    await expect(page.getByText("Test ID was unlinked")).toBeVisible();
    await expect(page.getByText("Not linked")).toBeVisible();
  });
});
