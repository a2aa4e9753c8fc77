import { expect, expectNoAxeViolations, PASSWORD, signUpViaApi, test, uniqueEmail } from "./fixtures";
import { linkIn, readMail } from "./mailbox";

const WIDTHS = [1280, 375];

test.describe("e-mail address and signing in with a code", () => {
  test("a new member verifies their address from the mail on another device, after signing in there", async ({
    page,
    browser,
  }) => {
    const { email } = await signUpViaApi(page, { email: uniqueEmail("verify") });
    await page.goto("/account/email");
    await expect(page.getByText("Not verified yet.")).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }

    const mail = await readMail(page, email, /Confirm your e-mail address for SwapShed/);
    const link = new URL(linkIn(mail.text));
    expect(link.pathname).toBe("/auth/verify-email");

    // The member opens the link on their phone, where nobody is signed in: the link alone confirms nothing (a mail
    // scanner could open it, and only the person who holds the password keeps it: decision 067).
    const phone = await browser.newContext();
    const other = await phone.newPage();
    await other.goto(`${link.pathname}${link.search}`);
    await expect(other.getByRole("heading", { name: "Sign in to confirm your address" })).toBeVisible();
    await expect(other.getByText(email)).toBeVisible();
    await expect(other.getByRole("link", { name: "Forgot password?" })).toBeVisible();
    for (const width of WIDTHS) {
      await other.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(other);
    }
    await other.getByRole("link", { name: "Sign in to confirm" }).click();
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password").fill(PASSWORD);
    await other.getByRole("button", { name: "Sign In", exact: true }).click();
    // Back on the link, signed in: now it confirms the address.
    await expect(other.getByRole("heading", { name: "Your e-mail address is verified" })).toBeVisible();
    await expect(other.getByText(email)).toBeVisible();
    for (const width of WIDTHS) {
      await other.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(other);
    }
    await other.goto("/account/email");
    await expect(other.getByText("Verified. Members see a verified mark beside your name.")).toBeVisible();
    await expect(other.getByRole("button", { name: "Resend verification e-mail" })).toHaveCount(0);
    await phone.close();

    // Proving the mailbox ends every other session made before it (decision 067): the first device signs in again.
    await page.goto("/account/email");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount%2Femail$/);
  });

  test("an old or broken link says it is not valid", async ({ page }) => {
    await page.goto("/auth/verify-email?token=not-a-real-token");
    await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }
  });

  test("a member signs in with a code from their mailbox", async ({ page, browser }) => {
    // `page` is the member's mailbox (signed in elsewhere); the sign-in happens in a fresh browser.
    const { email } = await signUpViaApi(page, { email: uniqueEmail("code") });
    const laptop = await browser.newContext();
    const visitor = await laptop.newPage();
    await visitor.goto("/auth");
    await visitor.getByRole("link", { name: "Email me a sign-in code" }).click();
    await expect(visitor.getByRole("heading", { name: "Sign in with a code" })).toBeVisible();

    // No address: the spec's message, beside the field.
    await visitor.getByRole("button", { name: "Email me a code" }).click();
    await expect(visitor.getByText("You must provide either an email or phone number.")).toBeVisible();
    await expect(visitor.getByLabel("Email")).toBeFocused();
    for (const width of WIDTHS) {
      await visitor.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(visitor);
    }

    await visitor.getByLabel("Email").fill(email);
    await visitor.getByRole("button", { name: "Email me a code" }).click();
    await expect(
      visitor
        .getByRole("status")
        .filter({ hasText: "If an account uses this address, we've e-mailed a 6-digit code to it." }),
    ).toBeVisible();
    for (const width of WIDTHS) {
      await visitor.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(visitor);
    }

    const mail = await readMail(page, email, /is your SwapShed sign-in code/);
    const code = mail.subject.match(/(\d{6}) is your SwapShed sign-in code/)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code first: a clear message, and the member may try again.
    await visitor.getByLabel("Sign-in code").fill(code === "000000" ? "111111" : "000000");
    await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(
      visitor.getByText("That code is not right, or it has been used already.", { exact: false }),
    ).toBeVisible();
    await expect(visitor.getByLabel("Sign-in code")).toBeFocused();

    await visitor.getByLabel("Sign-in code").fill(code);
    await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(visitor).toHaveURL("/");
    await expect(visitor.getByText("Welcome back!")).toBeVisible();
    // Signed in as that member; the code proved the mailbox, so the address now counts as verified.
    await visitor.goto("/account/email");
    await expect(visitor.getByText(email, { exact: true })).toBeVisible();
    await expect(visitor.getByText("Verified. Members see a verified mark beside your name.")).toBeVisible();
    await laptop.close();
  });

  test("the code mail's link fills the form in but signs in only when the member presses Sign in", async ({
    page,
    browser,
  }) => {
    const { email } = await signUpViaApi(page, { email: uniqueEmail("link") });
    const laptop = await browser.newContext();
    const visitor = await laptop.newPage();
    await visitor.goto("/auth/code");
    await visitor.getByLabel("Email").fill(email);
    await visitor.getByRole("button", { name: "Email me a code" }).click();
    await expect(visitor.getByRole("status")).toContainText("6-digit code");

    const link = new URL(linkIn((await readMail(page, email, /is your SwapShed sign-in code/)).text));
    await visitor.goto(`${link.pathname}${link.search}`);
    await expect(visitor.getByLabel("Sign-in code")).toHaveValue(link.searchParams.get("code") as string);
    expect((await laptop.cookies()).filter((c) => /session_token/.test(c.name))).toEqual([]);
    await visitor.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(visitor).toHaveURL("/");
    await expect(visitor.getByText("Welcome back!")).toBeVisible();
    await laptop.close();
  });
});
