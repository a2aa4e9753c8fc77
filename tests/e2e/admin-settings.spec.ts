import crypto from "node:crypto";
import type { Browser } from "@playwright/test";
import {
  axeAtBothWidths,
  expect as baseExpect,
  member,
  originHeader,
  PASSWORD,
  someonesListing,
  test,
} from "./fixtures";
import { postgres, staffSession } from "./staff";

// Each step waits on a server round trip; a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

async function memberViewing(browser: Browser, listingId: string) {
  const viewer = await member(browser, "Vera Viewer");
  await viewer.page.goto(`/listings/${listingId}`);
  return viewer;
}

test("an admin turns moderation off and the 'Report listing' control leaves the listing page, then turns it back on without JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const listingId = await someonesListing(browser, "Olive Owner", `Settings journey drill ${Date.now()}`);
  const viewer = await memberViewing(browser, listingId);
  await expect(viewer.page.getByText("Report listing", { exact: true })).toBeVisible();

  await staffSession(page, "admin");
  await page.goto("/admin");
  await page.getByRole("link", { name: "Settings" }).first().click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const moderation = page.getByRole("switch", { name: "Moderation" });
  await expect(moderation).toBeChecked();
  await axeAtBothWidths(page);

  // The secrets: configured or not, and the reveal shows the last 4 characters only.
  const secrets = page.getByRole("region", { name: "Secrets" });
  const authSecret = secrets.getByRole("listitem").filter({ hasText: "BETTER_AUTH_SECRET" });
  await expect(authSecret.getByText("Configured", { exact: true })).toBeVisible();
  await expect(
    secrets.getByRole("listitem").filter({ hasText: "STRIPE_SECRET_KEY" }).getByText("Not configured"),
  ).toBeVisible();
  await authSecret.getByText("Reveal").click();
  await expect(authSecret.getByText("6789")).toBeVisible();
  await expect(page.locator("body")).not.toContainText("0123456789-0123456789");
  // The checklist, checked on this server: plain HTTP here, the route permissions read from the running build.
  const checklist = page.getByRole("region", { name: "Security checklist" });
  await expect(checklist.getByRole("listitem").filter({ hasText: "APP_URL is https" })).toContainText("Fail");
  await expect(checklist.getByRole("listitem").filter({ hasText: "Role-based access" })).toContainText("Pass");
  const system = page.getByRole("region", { name: "System information" });
  await expect(system).toContainText("production");
  await expect(system).toContainText(postgres ? /PostgreSQL \d+/ : /PGlite \d+\.\d+\.\d+ \(embedded PostgreSQL/);

  await moderation.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Feature flags updated")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Moderation" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Swap payments" })).toBeChecked();

  await viewer.page.reload();
  await expect(viewer.page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(viewer.page.getByText("Report listing", { exact: true })).toHaveCount(0);

  // The same form without JavaScript: a plain POST, the toast from the server.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/admin/settings");
  await noScript.getByRole("switch", { name: "Moderation" }).check();
  await noScript.getByRole("button", { name: "Save" }).click();
  await expect(noScript.getByText("Feature flags updated")).toBeVisible();
  await expect(noScript.getByRole("switch", { name: "Moderation" })).toBeChecked();
  await plain.close();

  await viewer.page.reload();
  await expect(viewer.page.getByText("Report listing", { exact: true })).toBeVisible();
  await viewer.close();
});

test("an admin rotates the session-signing key: no one is signed out, and new sessions carry the new key's signature", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stella = await member(browser, "Stella Stays");
  const { email } = stella;

  await staffSession(page, "admin");
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "Session signing key" });
  await section.getByRole("link", { name: "Initiate Key Rotation" }).click();
  const dialog = page.getByRole("dialog", { name: "Initiate Key Rotation" });
  await expect(dialog).toBeVisible();
  await axeAtBothWidths(page);
  await dialog.getByRole("button", { name: "Rotate the key" }).click();
  await expect(page.getByText("Key rotation initiated")).toBeVisible();
  const message = section.getByRole("status");
  await expect(message).toContainText(
    /^New sessions are signed with key ssk_[0-9a-f-]+\. Sessions signed with the previous key stay valid until /,
  );
  await expect(section).toContainText("Still accepted");
  // The message stays 10 seconds.
  await page.waitForTimeout(8_000);
  await expect(message).toBeVisible();
  await expect(message).toBeHidden({ timeout: 5_000 });

  // Both sessions signed before the rotation still work.
  await page.goto("/admin/audit-logs?action=rotate_keys");
  await expect(page.getByRole("heading", { name: "Audit Logs" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "rotate_keys" }).first()).toBeVisible();
  const me = await stella.page.request.get("/api/v1/me");
  expect(me.status()).toBe(200);
  expect((await me.json()).user.email).toBe(email);

  // A new sign-in's cookie is not signed with BETTER_AUTH_SECRET any more (the e2e server's, playwright.config.ts).
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  const signIn = await again.request.post("/api/v1/auth/sign-in", {
    data: { email, password: PASSWORD },
    headers: originHeader(),
  });
  expect(signIn.status()).toBe(200);
  const cookie = (await fresh.cookies()).find((c) => c.name.endsWith("better-auth.session_token"));
  const value = decodeURIComponent(cookie?.value ?? "");
  const token = value.slice(0, value.lastIndexOf("."));
  const signature = value.slice(value.lastIndexOf(".") + 1);
  expect(signature).toHaveLength(44);
  expect(signature).not.toBe(
    crypto.createHmac("sha256", "e2e-secret-0123456789-0123456789-0123456789").update(token).digest("base64"),
  );
  expect((await (await again.request.get("/api/v1/me")).json()).user.email).toBe(email);
  await fresh.close();
  await stella.close();
});
