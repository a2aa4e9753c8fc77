// N15: sign-up says the password rules before the first try, keeps them beside an error, and has a working
// Show toggle (a button with aria-pressed, present only once it can work).
import { expect, expectNoAxeViolations, test } from "./fixtures";

test("sign-up shows the password rules up front and a Show toggle", async ({ page }) => {
  await page.goto("/auth?mode=signup");
  const rules = page.getByText("Your password needs:");
  await expect(rules).toBeVisible();
  for (const rule of ["8 to 72 characters", "an uppercase letter", "a lowercase letter", "a number"]) {
    await expect(page.getByRole("listitem").filter({ hasText: rule })).toBeVisible();
  }
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toHaveAttribute("aria-describedby", /field-password-rules/);

  // The toggle shows the typed password and hides it again.
  await password.fill("abc");
  const show = page.getByRole("button", { name: "Show" });
  await expect(show).toHaveAttribute("aria-pressed", "false");
  await show.click();
  await expect(show).toHaveAttribute("aria-pressed", "true");
  await expect(password).toHaveAttribute("type", "text");
  await show.click();
  await expect(password).toHaveAttribute("type", "password");

  // A refused password keeps the rules in sight beside its message.
  await page.getByLabel("Full Name", { exact: true }).fill("Casey Nguyen");
  await page.getByLabel("Email").fill("casey.rules@example.com");
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(rules).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.screenshot({ path: test.info().outputPath("signup-rules-375.png"), fullPage: true });
});

test("the Show toggle is not on the page before its script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/auth?mode=signup");
  await expect(page.getByText("Your password needs:")).toBeVisible();
  await expect(page.getByRole("button", { name: "Show" })).toHaveCount(0);
  await context.close();
});
