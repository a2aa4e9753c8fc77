import { accept, expect, expectNoAxeViolations, listItem, member, propose, test } from "./fixtures";
import { readTextCode } from "./phone-code";

// Issue 28, decision 095: a member confirms their phone with the 6-digit code texted to it. On the demo no text is
// sent: the member reads it in their own outbox (/dev/outbox). Without JavaScript, as a slow phone first sees it.

test("a member confirms their phone with the code from the text message, without JavaScript", async ({ browser }) => {
  const kim = await member(browser, "Kim Tran", { javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
  const { page } = kim;
  // Axe runs scripts in the page: it looks at the same pages in a second window of the same session with JavaScript.
  const seen = await browser.newContext({
    storageState: await kim.context.storageState(),
    viewport: { width: 375, height: 900 },
  });
  const withScripts = await seen.newPage();
  const checkAccessible = async () => {
    await withScripts.goto("/account");
    await expectNoAxeViolations(withScripts);
  };
  // A distinct number for each run (the per-number limit counts across members).
  const local = `04${String(Date.now()).slice(-8)}`;
  const stored = `+61${local.slice(1)}`;
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Confirm your phone" });
  await expect(section).toBeVisible();

  // A landline cannot receive a text: refused with the reason, next to the number.
  await section.getByLabel("Mobile number").fill("02 9876 5432");
  await section.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/we need an Australian mobile number \(it starts with 04\)/)).toBeVisible();

  await page.getByLabel("Mobile number").fill(`${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(/We've sent a 6-digit code to \+61 4/).first()).toBeVisible();
  await expect(page.getByLabel("Code from the text message")).toBeVisible();
  await expect(page.getByRole("link", { name: "outbox" })).toBeVisible();
  await page
    .getByRole("region", { name: "Confirm your phone" })
    .screenshot({ path: test.info().outputPath("phone-code-375.png") });
  await checkAccessible();

  const code = await readTextCode(page, stored);
  await page.goto("/account");
  const wrong = code === "000000" ? "111111" : "000000";
  await page.getByLabel("Code from the text message").fill(wrong);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("That code is not right. Check the text message and try again.")).toBeVisible();

  await page.getByLabel("Code from the text message").fill(code);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Your phone is confirmed")).toBeVisible();
  const confirmed = page.getByRole("region", { name: "Your phone" });
  await expect(confirmed.getByText("Phone confirmed", { exact: true })).toBeVisible();
  await expect(confirmed.getByText(`+61 ${local.slice(1, 4)} ${local.slice(4, 7)} ${local.slice(7)}`)).toBeVisible();
  await expect(page.getByLabel("Code from the text message")).toHaveCount(0);
  await confirmed.screenshot({ path: test.info().outputPath("phone-confirmed-375.png") });
  await checkAccessible();

  // Saving the profile with another number takes the confirmation away.
  await page.getByLabel("Phone (optional)").fill("0499 000 111");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Your details have been saved")).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your phone" })).toBeVisible();
  await seen.close();
  await kim.close();
});

test("before paying, a member whose phone is not confirmed is asked to confirm it, and may pay anyway", async ({
  browser,
}) => {
  const narrow = { viewport: { width: 375, height: 900 } };
  const ana = await member(browser, "Ana Silva", narrow);
  const ben = await member(browser, "Ben Okafor", narrow);
  const stamp = Date.now();
  const mine = await listItem(ana.page, `Ana's kayak ${stamp}`);
  const theirs = await listItem(ben.page, `Ben's tent ${stamp}`);
  // Ana gives a phone on her profile but never confirms it; Ben gives none.
  await ana.page.goto("/account");
  await ana.page.getByLabel("Phone (optional)").fill("0412 345 678");
  await ana.page.getByRole("button", { name: "Save details" }).click();
  await expect(ana.page.getByText("Your details have been saved")).toBeVisible();
  const swapId = await propose(ana.page, { offered: mine, target: theirs });
  await accept(ben.page, swapId);

  await ana.page.goto("/my-swaps?tab=sent");
  const card = ana.page.getByRole("article").filter({ hasText: `Ben's tent ${stamp}` });
  await expect(card.getByText("Ben has no confirmed phone: you will get their e-mail address only.")).toBeVisible();
  await expect(card.getByText(/Your phone number is not confirmed, so Ben will see it without/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Pay $9.99" })).toBeEnabled();
  await card.screenshot({ path: test.info().outputPath("pay-confirm-prompt-375.png") });
  await expectNoAxeViolations(ana.page);

  // Ben is told Ana's phone is not confirmed; the link takes Ana to confirming it.
  await ben.page.goto("/my-swaps");
  await expect(
    ben.page.getByText("Ana has not confirmed their phone number yet: you will get it with their e-mail address."),
  ).toBeVisible();
  await card.getByRole("link", { name: "Confirm your phone" }).click();
  await expect(ana.page).toHaveURL(/\/account#phone-heading$/);
  await expect(ana.page.getByRole("region", { name: "Confirm your phone" }).getByLabel("Mobile number")).toHaveValue(
    "0412 345 678",
  );
  await ana.close();
  await ben.close();
});
