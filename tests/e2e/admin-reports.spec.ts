import { readFileSync } from "node:fs";
import { expect as baseExpect, expectNoAxeViolations, listItem, test } from "./fixtures";
import { staffSession } from "./staff";

// Each step waits on a server round trip; a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

test("an admin reads Reports: switches period and grouping, reads a chart's numbers, downloads its CSV", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await staffSession(page, "admin");
  // Something new today, so this week's row has at least one listing whatever else the run made.
  await listItem(page, `Reports drill ${Date.now()}`);

  await page.goto("/admin");
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/admin\/reports$/);
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  for (const title of [
    "Sign-ups",
    "New listings",
    "Proposals",
    "Acceptance rate",
    "Completed swaps",
    "Fee revenue and refunds",
    "Listings by category",
    "Top suburbs",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "30 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectNoAxeViolations(page);

  await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "90 days" }).click();
  await expect(page).toHaveURL(/period=90&by=day/);
  // The address changes as the navigation commits, a moment before React draws the page for it: the grouping links
  // still point at the old period until then. Wait for the page itself to say 90 days (a CI run clicked too soon).
  await expect(page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "90 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await page.getByRole("navigation", { name: "Grouping" }).getByRole("link", { name: "By week" }).click();
  await expect(page).toHaveURL(/period=90&by=week/);
  await expect(
    page.getByRole("navigation", { name: "Grouping" }).getByRole("link", { name: "By week" }),
  ).toHaveAttribute("aria-current", "page");

  // The numbers behind 'New listings', as a table: the last row is this week, with today's listing in it.
  const listings = page.getByRole("region", { name: "New listings", exact: true });
  await listings.getByText("Show the numbers").click();
  const table = listings.getByRole("table", { name: "New listings" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Week starting" })).toBeVisible();
  const rows = table.locator("tbody tr");
  expect(await rows.count()).toBeGreaterThanOrEqual(13);
  expect(Number((await rows.last().locator("td").first().textContent())?.replace(/,/g, ""))).toBeGreaterThanOrEqual(1);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    listings.getByRole("button", { name: "Download CSV: New listings" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^swapshed-new-listings-90-days-by-week-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8").split("\r\n");
  expect(csv[0]).toBe("Week starting,New listings");
  expect(csv.length).toBe((await rows.count()) + 2);
  // The page is still the one the admin was reading.
  await expect(page).toHaveURL(/period=90&by=week/);

  // Without JavaScript: the same links, the numbers in a native <details>, the CSV from a plain form.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/admin/reports?period=365&by=week");
  await noScript.getByRole("navigation", { name: "Grouping" }).getByRole("link", { name: "By day" }).click();
  await expect(noScript).toHaveURL(/period=365&by=day/);
  const signUps = noScript.getByRole("region", { name: "Sign-ups", exact: true });
  await signUps.getByText("Show the numbers").click();
  await expect(signUps.getByRole("table", { name: "Sign-ups" }).locator("tbody tr")).toHaveCount(365);
  const [plainDownload] = await Promise.all([
    noScript.waitForEvent("download"),
    signUps.getByRole("button", { name: "Download CSV: Sign-ups" }).click(),
  ]);
  expect(plainDownload.suggestedFilename()).toMatch(/^swapshed-sign-ups-365-days-by-day-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(readFileSync(await plainDownload.path(), "utf8").split("\r\n")[0]).toBe("Day,Sign-ups");
  await plain.close();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expectNoAxeViolations(page);
});
