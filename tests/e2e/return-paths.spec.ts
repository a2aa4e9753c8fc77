import fs from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { expect, PASSWORD, signUpViaApi, someonesListing, test, uniqueEmail } from "./fixtures";

// Old defect 12 and N3: a visitor or a newcomer is brought back to what they were doing (decision 069).
const photo = path.join(import.meta.dirname, "files/listing-photo.jpg");
// Password hashing on a busy two-core machine can take several seconds.
const SIGN_IN_TIME = 20_000;

/** Another member's motorbike, for the visitor to want. */
const oliviasMotorbike = (browser: Browser, title: string) =>
  someonesListing(browser, "Olivia Bennett", title, { category: "motorcycles" });

test("a visitor who presses Propose Swap and signs up lands on the proposal for that item", async ({
  browser,
  page,
}) => {
  const title = `Honda CB500X ${Date.now()}`;
  const id = await oliviasMotorbike(browser, title);
  await page.goto(`/listings/${id}`);
  await page.getByRole("link", { name: "Propose Swap" }).click();
  await expect(page.getByText("Please sign in to propose swaps")).toBeVisible();
  // The way back survives switching to Sign Up.
  await page.getByRole("main").getByRole("link", { name: "Sign Up" }).click();
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await page.getByLabel("Full Name", { exact: true }).fill("Mei Lin");
  await page.getByLabel("Email").fill(uniqueEmail("mei"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`/listings/${id}/propose`, { timeout: SIGN_IN_TIME });
  await expect(page.getByRole("heading", { name: "Propose a Swap" })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
});

test("a visitor who presses Propose Swap on a search card and signs in lands on the proposal for that item", async ({
  browser,
  page,
}) => {
  const title = `Vespa Primavera ${Date.now()}`;
  const id = await oliviasMotorbike(browser, title);
  const { email } = await signUpViaApi(page, { email: uniqueEmail("lucas"), fullName: "Lucas Murphy" });
  await page.context().clearCookies();
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await page.getByRole("article").filter({ hasText: title }).getByRole("link", { name: "Propose Swap" }).click();
  await expect(page.getByText("Please sign in to propose swaps")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`/listings/${id}/propose`, { timeout: SIGN_IN_TIME });
  await expect(page.getByRole("heading", { name: "Propose a Swap" })).toBeVisible();
});

for (const js of [true, false]) {
  test(`the header's Login and Sign Up come back to the page the visitor was on (${js ? "JavaScript" : "no JavaScript"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    const { email } = await signUpViaApi(page, { email: uniqueEmail("jack"), fullName: "Jack Thompson" });
    await context.clearCookies();
    await page.goto("/search?q=drill");
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/search?q=drill", { timeout: SIGN_IN_TIME });

    await context.clearCookies();
    await page.goto("/search?category=motorcycles&sort=newest");
    await page.getByRole("banner").getByRole("link", { name: "Sign Up" }).click();
    await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await page.getByLabel("Full Name", { exact: true }).fill("Jarrah Wilson");
    await page.getByLabel("Email").fill(uniqueEmail("jarrah"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL("/search?category=motorcycles&sort=newest", { timeout: SIGN_IN_TIME });
    await context.close();
  });
}

test("a newcomer with nothing listed lists an item from the propose dialog and is brought back to propose", async ({
  browser,
  page,
}) => {
  const wanted = `Honda CB500X ${Date.now()}`;
  const id = await oliviasMotorbike(browser, wanted);
  await signUpViaApi(page, { email: uniqueEmail("newbie"), fullName: "Mei Lin" });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/listings/${id}`);
  await page.getByRole("link", { name: "Propose Swap" }).click();
  const dialog = page.getByRole("dialog", { name: "Propose a Swap" });
  await expect(dialog.getByText("You have no active listings to offer yet")).toBeVisible();
  await dialog.getByRole("link", { name: "List Item" }).click();

  await expect(page.getByRole("heading", { name: "List an item" })).toBeVisible();
  await expect(page.getByText("Once it's listed, we'll take you straight back to propose your swap.")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("create-listing-return-375.png"), fullPage: true });
  const mine = `Mei's kayak ${Date.now()}`;
  await page.getByLabel("Item Title").fill(mine);
  await page.getByLabel("Description").fill("A sit-on-top kayak with paddle, ready to swap.");
  await page.getByLabel("Category").selectOption("boats_marine");
  await page.getByLabel("Condition").selectOption("good");
  await page.getByLabel("Min Value (AUD)").fill("300");
  await page.getByLabel("Max Value (AUD)").fill("500");
  await page.getByRole("combobox", { name: "Location" }).fill("bondi");
  await page.getByRole("option", { name: "Bondi NSW 2026" }).click();
  await page.locator("#images").setInputFiles(photo);
  await page.getByRole("button", { name: "Create Listing" }).click();

  await expect(page).toHaveURL(`/listings/${id}/propose`, { timeout: SIGN_IN_TIME });
  await expect(page.getByText("Listing created successfully!")).toBeVisible();
  await expect(page.getByText(wanted)).toBeVisible();
  await page.getByRole("radio", { name: new RegExp(mine) }).check();
  await page.getByRole("button", { name: "Send Proposal" }).click();
  await expect(page).toHaveURL("/my-swaps?tab=sent");
  await expect(page.getByText("Swap proposal sent successfully!")).toBeVisible();
});

test("without JavaScript, creating a listing returns to a same-site page only", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpViaApi(page, { email: uniqueEmail("nojs"), fullName: "Priya Sharma" });
  const create = async (returnTo: string, title: string) =>
    page.request.post(`/create-listing?${new URLSearchParams({ returnTo })}`, {
      headers: { origin: test.info().project.use.baseURL as string },
      maxRedirects: 0,
      multipart: {
        title,
        description: `${title}, listed to test where the member goes next.`,
        category: "electronics",
        condition: "good",
        valueMin: "10",
        valueMax: "20",
        location: "Bondi NSW 2026",
        images: { name: "photo.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(photo) },
      },
    });
  for (const foreign of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
    const res = await create(foreign, `Radio ${foreign.length} ${Date.now()}`);
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/my-listings");
  }
  const res = await create("/listings/00000000-0000-4000-8000-000000000000/propose", `Radio back ${Date.now()}`);
  expect(res.headers().location).toBe("/listings/00000000-0000-4000-8000-000000000000/propose");

  // The plain form keeps the way back in its own action.
  await page.goto(`/create-listing?${new URLSearchParams({ returnTo: "/terms" })}`);
  await expect(page.locator("form[enctype='multipart/form-data']")).toHaveAttribute("action", /returnTo=%2Fterms/);
  await context.close();
});
