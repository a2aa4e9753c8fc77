import { readFileSync } from "node:fs";
import { axeAtBothWidths, expect as baseExpect, test, uniqueEmail } from "./fixtures";
import { enrolledStaff } from "./staff";

// Each step waits on a server round trip; a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

const origin = () => test.info().project.use.baseURL as string;

test("an admin searches the logs, toggles a quick filter, exports the CSV and copies a target id", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Someone guesses a member's password until the sign-in limit stops them: five failed attempts, then rate_limited.
  const guesser = await browser.newContext();
  const guesserPage = await guesser.newPage();
  const target = uniqueEmail("target");
  for (let i = 0; i < 6; i++) {
    await guesserPage.request.post("/api/v1/auth/sign-in", {
      data: { email: target, password: `Wrong${i}pass` },
      headers: { origin: origin() },
    });
  }
  await guesser.close();

  // The demo's second admin, whom back-office-swaps.spec.ts enrolled (or enrolled now, if it has not run).
  await enrolledStaff(page, "admin", "support@example.com");
  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "System Logs" }).click();
  await expect(page.getByRole("heading", { name: "System Logs", exact: true })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Log types" });
  for (const name of ["Errors", "Webhooks", "Auth Events", "Security"])
    await expect(tabs.getByRole("link", { name: new RegExp(`^${name} \\d`) })).toBeVisible();
  await expect(tabs.getByRole("link", { name: /^Errors/ })).toHaveAttribute("aria-current", "page");

  // Auth Events: a tab is a link, so the back button returns to the previous one.
  await tabs.getByRole("link", { name: /^Auth Events/ }).click();
  await expect(page).toHaveURL(/tab=auth/);
  await expect(tabs.getByRole("link", { name: /^Auth Events/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("cell", { name: "rate_limited" }).first()).toBeVisible();
  await axeAtBothWidths(page, 900, "system-logs-auth");

  // Search by event type.
  // The search runs as it is typed (after a pause): no button to press once the page runs.
  await page.getByLabel("Search logs").fill("login_attempt");
  await expect(page).toHaveURL(/q=login_attempt/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.nth(1)).toContainText("login_attempt");
  await expect(page.getByRole("table").getByRole("cell", { name: "rate_limited", exact: true })).toHaveCount(0);
  await expect(page.getByText(/^Showing \d+ of \d+ events$/)).toBeVisible();

  // The Rate Limited quick filter, on with the search cleared, then off again.
  await page.getByLabel("Search logs").fill("");
  await page.waitForURL((url) => url.searchParams.get("q") === "");
  // The page has caught up with the cleared search (its tab links no longer carry it), as a person sees the list
  // refresh before reaching for the next filter.
  await expect(page.locator('a[href*="q=login_attempt"]')).toHaveCount(0);
  const rateLimited = page.getByRole("button", { name: "Rate Limited" });
  await rateLimited.click();
  await expect(page.getByRole("button", { name: "Rate Limited" })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/quick=rate_limited/);
  const eventTypes = page.getByRole("table").getByRole("row").locator("td:nth-child(2)");
  await expect(eventTypes.first()).toHaveText("rate_limited");
  expect(new Set(await eventTypes.allInnerTexts())).toEqual(new Set(["rate_limited"]));
  await expect(page.getByRole("button", { name: "Webhook Failed" })).toHaveAttribute("aria-pressed", "false");
  await axeAtBothWidths(page, 900, "system-logs-rate-limited");

  // Export CSV of what is shown: a file named {type}-logs-{timestamp}.csv with the spec's columns.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^auth-logs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  const [header, ...lines] = csv.trimEnd().split("\r\n");
  expect(header).toBe(`"ID","Timestamp","Event Type","Message","User ID","Status","Error"`);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toContain(`"rate_limited"`);
  await expect(page.getByText("CSV exported successfully")).toBeVisible();

  // View Record copies the event's target id.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: origin() });
  const firstId = lines[0].slice(1, lines[0].indexOf('"', 1));
  await page
    .getByRole("table")
    .getByRole("row")
    .nth(1)
    .getByRole("button", { name: /^View Record/ })
    .click();
  await expect(page.getByText("Target ID copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstId);

  // Off again: the filter is a toggle.
  await page.getByRole("button", { name: "Rate Limited" }).click();
  await expect(page.getByRole("button", { name: "Rate Limited" })).toHaveAttribute("aria-pressed", "false");
  await expect(page).not.toHaveURL(/quick=rate_limited/);

  // Global search finds the event by the id View Record copied.
  await page.goto(`/admin/search?q=${firstId}`);
  await expect(page.getByRole("region", { name: "Log events" }).getByText(firstId)).toBeVisible();

  // Back to the Errors tab with the browser's back button after switching tabs.
  await page.goto("/admin/logs?tab=errors");
  await tabs.getByRole("link", { name: /^Security/ }).click();
  await expect(page).toHaveURL(/tab=security/);
  await page.goBack();
  await expect(page).toHaveURL(/tab=errors/);
  await expect(tabs.getByRole("link", { name: /^Errors/ })).toHaveAttribute("aria-current", "page");
});
