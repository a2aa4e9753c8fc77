import { readFileSync } from "node:fs";
import path from "node:path";
import { expectNoAxeViolations, expect, PASSWORD, signUpViaApi, test } from "./fixtures";

const PHOTO = path.join(import.meta.dirname, "files", "listing-photo.jpg");

test("a member changes their name and puts up a picture on their profile", async ({ page }) => {
  const { email } = await signUpViaApi(page, { fullName: "Robin Leaving" });

  // Profile: a new name and a picture.
  await page.goto("/account");
  await page.getByLabel("Full Name", { exact: true }).fill("R2 D2");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Name contains invalid characters")).toBeVisible();
  await expect(page.getByLabel("Full Name", { exact: true })).toBeFocused();
  await page.getByLabel("Full Name", { exact: true }).fill("Robin O'Leary-Smith");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Your details have been saved")).toBeVisible();
  await expect(page.getByText(`Robin O'Leary-Smith · ${email}`)).toBeVisible();

  await page.getByLabel("Choose a picture").setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("Your profile picture has been updated")).toBeVisible();
  const avatar = page.getByRole("img", { name: "Robin O'Leary-Smith" });
  await expect(avatar).toBeVisible();
  // The picture is drawn once it has loaded (visible comes first: the box is there before the bytes are).
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(256);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByText("Your profile picture has been removed")).toBeVisible();
  await expect(page.getByRole("img", { name: "Robin O'Leary-Smith" })).toHaveCount(0);
});

test("a member downloads their data, deletes the account, and keeps it by signing in again", async ({ page }) => {
  const { email } = await signUpViaApi(page, { fullName: "Robin O'Leary-Smith" });
  await page.goto("/account");
  await page.getByLabel("Choose a picture").setInputFiles(PHOTO);
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByText("Your profile picture has been updated")).toBeVisible();

  // Your data: the download is the JSON document about this member.
  await page.getByRole("navigation", { name: "My Account" }).getByRole("link", { name: "Your data" }).click();
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^swapshed-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(readFileSync(await download.path(), "utf8"));
  expect(document.profile).toMatchObject({ fullName: "Robin O'Leary-Smith", email });
  expect(document.profile.avatarUrl).toMatch(/^\/uploads\/avatars\//);

  await page.getByText("I want to delete my account").click();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Delete: a wrong password changes nothing; the right one signs the member out with the date.
  await page.getByLabel("Your password").fill("Wrongpass1");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Incorrect password")).toBeVisible();
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText(/Your account is set to be deleted on \d{1,2} \w+ \d{4}\./)).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Faccount$/);

  // Signing in again offers to keep the account instead of a session.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Your account is set to be deleted" })).toBeFocused();
  await expect(page.getByText(/Your account is set to be deleted on \d{1,2} \w+ \d{4}\./)).toBeVisible();
  await expectNoAxeViolations(page);
  // Keeping it signs the member in once (no second sign-in, N21) and goes on to the page they asked for.
  await page.getByRole("button", { name: "Keep my account" }).click();
  await expect(page).toHaveURL("/account");
  await expect(page.getByText("Your account is kept. Welcome back!")).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText(`Robin O'Leary-Smith · ${email}`)).toBeVisible();
  await expect(page.getByRole("img", { name: "Robin O'Leary-Smith" })).toBeVisible();
});
