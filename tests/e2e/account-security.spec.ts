import fs from "node:fs";
import type { Page } from "@playwright/test";
import { unusedTotpCode } from "../support/totp";
import { axeAtBothWidths, expect, PASSWORD, signInWithPassword, signUpViaApi, test, uniqueEmail } from "./fixtures";
import { confirmAddressFromMail } from "./mailbox";

async function signOutFromHeader(page: Page) {
  await page.getByText("Account", { exact: true }).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/auth");
}

test("a member turns on two-step sign-in from My Account, then signs in with a code and with a backup code", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email } = await signUpViaApi(page, { email: uniqueEmail("totp") });
  await confirmAddressFromMail(page, email);
  await page.goto("/account");
  await page.getByRole("navigation", { name: "My Account" }).getByRole("link", { name: "Sign-in & security" }).click();
  await expect(page).toHaveURL("/account/security");
  await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  await axeAtBothWidths(page);

  const card = page.getByRole("region", { name: "Two-step sign-in" });
  await card.getByLabel("Password").fill("Wrongpass1");
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(card.getByText("Incorrect password")).toBeVisible();
  await card.getByLabel("Password").fill(PASSWORD);
  await card.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = ((await page.getByTestId("totp-key").textContent()) ?? "").replace(/\s+/g, "");
  await axeAtBothWidths(page);
  await page.getByLabel("Code from your app").fill(await unusedTotpCode(key));
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();

  await expect(page.getByRole("heading", { name: "Save your backup codes now" })).toBeVisible();
  const items = page.getByRole("list", { name: "Save your backup codes now" }).getByRole("listitem");
  await expect(items).toHaveCount(10);
  const codes = await items.allInnerTexts();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as .txt" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("swapshed-backup-codes.txt");
  const saved = fs.readFileSync(await download.path(), "utf8");
  for (const code of codes) expect(saved).toContain(code);
  await axeAtBothWidths(page);

  await page.reload();
  await expect(page.getByText("Status: On")).toBeVisible();
  await expect(page.getByText(codes[0])).toHaveCount(0);

  await signOutFromHeader(page);
  await signInWithPassword(page, email);
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await page.getByLabel("Authentication code").fill(await unusedTotpCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Welcome back!")).toBeVisible();

  await signOutFromHeader(page);
  await signInWithPassword(page, email);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(codes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/");
});

test("signing out all other devices from one browser signs the other browser out", async ({ browser }) => {
  test.setTimeout(90_000);
  const laptop = await browser.newContext();
  const phone = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  const here = await laptop.newPage();
  const there = await phone.newPage();
  const { email } = await signUpViaApi(here, { email: uniqueEmail("devices") });
  await signInWithPassword(there, email);
  await expect(there).toHaveURL("/");

  await here.goto("/account/sessions");
  const devices = here.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.first().getByText("This device")).toBeVisible();
  await expect(devices.nth(1)).toContainText("Safari on iOS");
  await axeAtBothWidths(here);

  await here.getByText("Sign out all other devices").click();
  await here.getByRole("button", { name: "Yes, sign out other devices" }).click();
  await expect(here.getByText("You've been signed out on your other devices.")).toBeVisible();
  await expect(devices).toHaveCount(1);

  await there.goto("/account/sessions");
  await expect(there).toHaveURL(/\/auth\?redirectTo=%2Faccount%2Fsessions$/);
  await here.goto("/account");
  await expect(here.getByRole("heading", { name: "My Account" })).toBeVisible();
  await laptop.close();
  await phone.close();
});

test("a member changes their password: the old one stops working, the new one signs in", async ({ page }) => {
  const { email } = await signUpViaApi(page, { email: uniqueEmail("password") });
  await page.goto("/account/security");
  const card = page.getByRole("region", { name: "Password" });
  await card.getByLabel("Current password").fill(PASSWORD);
  await card.getByLabel("New password", { exact: true }).fill("Better-Pass7");
  await card.getByLabel("New password again").fill("Better-Pass8");
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(card.getByText("The passwords don't match")).toBeVisible();
  await expect(card.getByLabel("New password again")).toBeFocused();
  await axeAtBothWidths(page);

  await card.getByLabel("Current password").fill(PASSWORD);
  await card.getByLabel("New password", { exact: true }).fill("Better-Pass7");
  await card.getByLabel("New password again").fill("Better-Pass7");
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(
    page.getByText("Your password has been changed. You've been signed out on your other devices."),
  ).toBeVisible();
  await expect(page).toHaveURL("/account/security");

  await signOutFromHeader(page);
  await signInWithPassword(page, email);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
  await signInWithPassword(page, email, "Better-Pass7");
  await expect(page).toHaveURL("/");
});
