import { unusedTotpCode } from "../support/totp";
import {
  expect,
  expectNoAxeViolations,
  PASSWORD,
  signInWithPassword,
  signUpViaApi,
  test,
  uniqueEmail,
} from "./fixtures";
import { confirmAddressFromMail } from "./mailbox";

test("the key is shown whole with Copy and an app link; a backup code typed in lower case works, and the count goes down", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { email } = await signUpViaApi(page, { email: uniqueEmail("key") });
  // Only a confirmed address may gain an authenticator (decision 067).
  await confirmAddressFromMail(page, email);
  await page.goto("/account/security");
  const card = page.getByRole("region", { name: "Two-step sign-in" });
  await card.getByLabel("Password").fill(PASSWORD);
  await card.getByRole("button", { name: "Turn on" }).click();

  const keyBox = page.getByTestId("totp-key");
  await expect(keyBox).toBeVisible();
  const key = ((await keyBox.textContent()) ?? "").replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  // In groups of four, every group on screen at 375 px: nothing clipped or scrolled away.
  await page.setViewportSize({ width: 375, height: 900 });
  const groups = keyBox.locator("span");
  await expect(groups).toHaveCount(Math.ceil(key.length / 4));
  for (const group of await groups.all()) {
    const box = await group.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  }
  expect(await keyBox.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath("security-key-375.png"), fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });

  const appLink = page.getByRole("link", { name: "Open in authenticator app" });
  const href = (await appLink.getAttribute("href")) as string;
  expect(href.startsWith("otpauth://totp/")).toBe(true);
  expect(new URL(href).searchParams.get("secret")).toBe(key);

  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Key copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  await page.getByLabel("Code from your app").fill(await unusedTotpCode(key));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  const items = page.getByRole("list", { name: "Save your backup codes now" }).getByRole("listitem");
  await expect(items).toHaveCount(10);
  const codes = await items.allInnerTexts();
  for (const code of codes) expect(code).toMatch(/^[ACEFGHJKMNPQRTUVWXY34679]{5}-[ACEFGHJKMNPQRTUVWXY34679]{5}$/);
  await page.reload();
  await expect(page.getByText("You have 10 unused backup codes left.")).toBeVisible();

  // Signed out, then in with a backup code typed in lower case without its dash.
  await page.context().clearCookies();
  await signInWithPassword(page, email);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(codes[0].replace("-", "").toLowerCase());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/account/security");
  await expect(page.getByText("You have 9 unused backup codes left.")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: test.info().outputPath("security-count-375.png"), fullPage: true });
});
