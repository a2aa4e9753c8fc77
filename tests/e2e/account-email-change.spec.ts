// N10: a pending change of e-mail address is shown with Resend and Cancel; on the demo the outbox shows the
// confirmation mail sent to the new address (F4: and only the member's own account's mail).
import { expect, expectNoAxeViolations, signUpViaApi, test, uniqueEmail } from "./fixtures";
import { confirmAddressFromMail, linkIn, readMail } from "./mailbox";

test("a pending change of address is shown with Resend and Cancel, and its link confirms it", async ({ page }) => {
  test.setTimeout(120_000);
  const { email } = await signUpViaApi(page, { email: uniqueEmail("mover") });
  // Only a confirmed address may move (decision 067).
  await confirmAddressFromMail(page, email);
  const newEmail = uniqueEmail("moved");
  await page.goto("/account/email");
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByRole("button", { name: "Send confirmation link" }).click();

  const pending = page.getByRole("region", { name: "Change waiting for confirmation" });
  await expect(pending).toBeVisible();
  await expect(pending.getByText(newEmail)).toBeVisible();
  await expect(pending.getByText(email)).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.screenshot({ path: test.info().outputPath("email-pending-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The confirmation to the new address is in this member's mail (the demo outbox, or the mail relay's table).
  const first = await readMail(page, newEmail, /Confirm your new e-mail address for SwapShed/);
  const firstLink = new URL(linkIn(first.text));

  // Resend: a new link; the first one stops working.
  await page.goto("/account/email");
  await pending.getByRole("button", { name: "Resend link" }).click();
  await expect(page.getByText(`If ${newEmail} can be used for your account`)).toBeVisible();
  const second = await readMail(page, newEmail, /Confirm your new e-mail address for SwapShed/);
  const secondLink = new URL(linkIn(second.text));
  expect(secondLink.search).not.toBe(firstLink.search);
  await page.goto(`${firstLink.pathname}${firstLink.search}`);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();

  // Cancel: nothing pending, and the newest link is void too.
  await page.goto("/account/email");
  await page
    .getByRole("region", { name: "Change waiting for confirmation" })
    .getByRole("button", { name: "Cancel change" })
    .click();
  await expect(
    page.getByText("The change of e-mail address is cancelled: the link we sent no longer works."),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Change waiting for confirmation" })).toHaveCount(0);
  await page.goto(`${secondLink.pathname}${secondLink.search}`);
  await expect(page.getByRole("heading", { name: "This link is not valid" })).toBeVisible();

  // Asked again and confirmed: the account uses the new address, and nothing is pending.
  await page.goto("/account/email");
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByRole("region", { name: "Change waiting for confirmation" })).toBeVisible();
  const third = await readMail(page, newEmail, /Confirm your new e-mail address for SwapShed/);
  const thirdLink = new URL(linkIn(third.text));
  await page.goto(`${thirdLink.pathname}${thirdLink.search}`);
  await expect(page.getByRole("heading", { name: "Your new e-mail address is confirmed" })).toBeVisible();
  await page.goto("/account/email");
  await expect(page.getByText(newEmail).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Change waiting for confirmation" })).toHaveCount(0);
});

test("the demo outbox shows a newcomer none of the mail sent to their address before they registered", async ({
  page,
  browser,
}) => {
  test.skip(!!process.env.E2E_DATABASE_URL, "a production PostgreSQL has no outbox page");
  // Someone else asks to move to an address nobody has yet: its confirmation link goes there.
  const address = uniqueEmail("newcomer");
  const other = await signUpViaApi(page, { email: uniqueEmail("other") });
  await confirmAddressFromMail(page, other.email);
  await page.goto("/account/email");
  await page.getByLabel("New e-mail address").fill(address);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByRole("region", { name: "Change waiting for confirmation" })).toBeVisible();
  await page.goto("/dev/outbox");
  await expect(page.getByText("Confirm your new e-mail address for SwapShed")).toBeVisible();

  // The newcomer registers that address: their outbox has their own welcome only.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await signUpViaApi(newcomer, { email: address });
  await newcomer.goto("/dev/outbox");
  await expect(newcomer.getByText("Confirm your e-mail address for SwapShed")).toBeVisible();
  await expect(newcomer.getByText("Confirm your new e-mail address for SwapShed")).toHaveCount(0);
  await newcomer.setViewportSize({ width: 375, height: 900 });
  await newcomer.screenshot({ path: test.info().outputPath("outbox-newcomer-375.png"), fullPage: true });
  await context.close();
});
