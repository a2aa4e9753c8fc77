import { expect as baseExpect, expectNoAxeViolations, hydrated, test } from "./fixtures";
import { postgres, staffSession } from "./staff";

// Each tool waits on the server (a snapshot copies the database); a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

test("an admin takes a snapshot, downloads the logs bundle and seeds the demo data, each after a dialog", async ({ page }) => {
  test.setTimeout(180_000);
  await staffSession(page, "admin");
  await page.goto("/admin/tools");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Tools" })).toBeVisible();
  for (const card of ["Seed Demo Data", "Reset Staging Baseline", "Export Logs Bundle", "Snapshot Before Deploy"]) {
    await expect(page.getByRole("heading", { level: 2, name: card })).toBeVisible();
  }
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`tools-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await hydrated(page);

  // Snapshot Before Deploy: the dialog says what happens; the new snapshot is listed with its size.
  await page.getByRole("link", { name: "Snapshot Before Deploy" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Snapshot Before Deploy" })).toBeVisible();
  await expect(dialog).toContainText(postgres ? "PostgreSQL database" : "embedded database");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create snapshot" }).click();
  const created = page.getByText(/^Snapshot created: snap-\d{8}-\d{6}-[0-9a-f]{4}$/);
  await expect(created).toBeVisible();
  const id = ((await created.textContent()) ?? "").replace("Snapshot created: ", "");
  const row = page.getByRole("row").filter({ hasText: id });
  await expect(row).toBeVisible();
  await expect(row).toContainText(/\d+(\.\d)? (KB|MB)/);

  // Export Logs Bundle: a JSON download with the summary, and the toast with its total.
  await page.getByRole("link", { name: "Export Logs Bundle" }).click();
  await expect(dialog.getByRole("heading", { name: "Export Logs Bundle" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Export Logs Bundle" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^logs-bundle-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
  const bundle = JSON.parse(await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")));
  const total = bundle.summary.total_audit_logs + bundle.summary.total_payment_logs + bundle.summary.total_security_events;
  expect(bundle.audit_logs.some((e: { targetId: string }) => e.targetId === id)).toBe(true);
  await expect(page.getByText(`Logs exported: ${total} total entries`)).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Reset Staging Baseline asks for the word RESET: anything else is refused on the server and changes nothing.
  if (postgres) {
    // A production PostgreSQL deployment is not staging: the card says so and offers no button.
    await expect(page.getByText("Only on a staging deployment (APP_ENV=staging) or the embedded demo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Reset Staging Baseline" })).toHaveCount(0);
  } else {
    await page.getByRole("link", { name: "Reset Staging Baseline" }).click();
    await expect(dialog).toContainText("This cannot be undone");
    await dialog.getByLabel("Type RESET to confirm").fill("reset");
    await dialog.getByRole("button", { name: "Reset Staging Baseline" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Failed to reset staging baseline: Type RESET to confirm");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();
  }

  // Seed Demo Data: on the embedded demo it runs (a second time adds nothing); production PostgreSQL refuses.
  if (postgres) {
    await expect(page.getByText("Seeding is disabled on this deployment (production).", { exact: false })).toBeVisible();
  } else {
    await page.getByRole("link", { name: "Seed Demo Data" }).click();
    await expect(dialog).toContainText("Seeding is hard to undo");
    await dialog.getByRole("button", { name: "Seed Demo Data" }).click();
    await expect(page.getByText(/^Demo data seeded: \d+ profiles, \d+ listings$/)).toBeVisible();
  }
});

test("a moderator has no Tools in the sidebar and is sent home from the page", async ({ page }) => {
  await staffSession(page, "moderator");
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Back office pages" }).getByRole("link", { name: "Tools" })).toHaveCount(0);
  await page.goto("/admin/tools");
  await expect(page).toHaveURL(/\/$/);
});
