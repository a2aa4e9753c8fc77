import { spawnSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { unusedTotpCode } from "../support/totp";
import {
  axeAtBothWidths,
  expect as baseExpect,
  expectNoAxeViolations,
  listItem,
  member,
  PASSWORD,
  signUpViaApi,
  test,
  uniqueEmail,
} from "./fixtures";
import { rememberStaffKey } from "./staff-keys";
import { E2E_STAFF_PASSWORD } from "./staff-password";

// Each step waits on a server round trip (an action, then the page again); a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

const postgres = process.env.E2E_DATABASE_URL;
const origin = () => test.info().project.use.baseURL as string;

/**
 * An admin who has not set up two-factor yet, of this journey's own: on the embedded database the demo seed's
 * second admin (support@example.com; back-office.spec.ts enrols admin@example.com), on PostgreSQL a member made
 * admin with the staff command, as an operator would.
 */
async function freshAdmin(page: Page) {
  if (postgres) {
    const email = uniqueEmail("admin");
    await signUpViaApi(page, { email, fullName: "Sasha Support" });
    const granted = spawnSync("npx", ["tsx", "server/cli/staff.ts", "grant", "admin", email], {
      encoding: "utf8",
      env: { ...process.env, LOG_LEVEL: "silent", DATABASE_URL: postgres },
    });
    expect(granted.status, granted.stderr).toBe(0);
    await page.context().clearCookies();
    return { email, password: PASSWORD };
  }
  return { email: "support@example.com", password: E2E_STAFF_PASSWORD };
}

/** Signs in, sets up two-factor through the enrolment page and lands in the back office. */
async function enrolAdmin(page: Page) {
  const admin = await freshAdmin(page);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
  await page.goto("/admin/two-factor");
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  const key = ((await page.getByTestId("totp-key").textContent()) ?? "").replace(/\s+/g, "");
  await page.getByLabel("Code from your app").fill(await unusedTotpCode(key));
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(page.getByRole("list", { name: "Backup codes" })).toBeVisible();
  // Later journeys (system-logs.spec.ts) sign in as this admin with the same key.
  rememberStaffKey(admin.email, key);
}

async function api(page: Page, url: string, data?: Record<string, unknown>) {
  const res = await page.request.post(url, { data: data ?? {}, headers: { origin: origin() } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** Two members, each with a listing; the first proposes, the second accepts. */
async function acceptedSwap(browser: Browser, names: [string, string], tag: string) {
  const proposer = await member(browser, names[0]);
  const receiver = await member(browser, names[1]);
  const offered = await listItem(proposer.page, `${names[0].split(" ")[0]}'s drill ${tag}`);
  const target = await listItem(receiver.page, `${names[1].split(" ")[0]}'s mower ${tag}`);
  const { id } = await api(proposer.page, "/api/v1/swaps", { targetListingId: target, offeredListingId: offered });
  await api(receiver.page, `/api/v1/swaps/${id}/accept`);
  return { id: id as string, proposer, receiver };
}

/** The member pays their fee with the test card through the local checkout (its webhook settles it). */
async function payWithTestCard(page: Page, swapId: string) {
  const started = await api(page, `/api/v1/swaps/${swapId}/pay`);
  expect(started.kind).toBe("redirect");
  const res = await page.request.post(new URL(started.url).pathname, {
    form: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    headers: { origin: origin() },
    maxRedirects: 0,
  });
  expect(res.status()).toBeLessThan(400);
}

test("an admin cancels a swap, marks and resolves a dispute, refunds a payment, applies credit and replays the payment webhooks", async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  const tag = String(Date.now()).slice(-6);
  // One swap both paid for (completed), and one only accepted.
  const done = await acceptedSwap(browser, ["Ana Costa", "Ben Walker"], tag);
  await payWithTestCard(done.proposer.page, done.id);
  await payWithTestCard(done.receiver.page, done.id);
  const open = await acceptedSwap(browser, ["Cleo Park", "Dev Singh"], tag);

  await enrolAdmin(page);
  await page.goto("/admin/swaps");
  await expect(page.getByRole("heading", { name: "Swaps", exact: true })).toBeVisible();
  await axeAtBothWidths(page, 800);

  // Cancel the accepted swap: behind a dialog that says what happens.
  // A filter applies as it is chosen (no Apply button once the page runs).
  await page.getByLabel("Status").selectOption("accepted");
  await page.waitForURL((url) => url.searchParams.get("status") === "accepted");
  await page.getByRole("link", { name: new RegExp(`Cleo's drill ${tag}`) }).click();
  await expect(page.getByRole("heading", { name: new RegExp(`Cleo's drill ${tag}`) })).toBeVisible();
  await expect(page.getByRole("region", { name: "Proposer" }).getByText("Cleo Park")).toBeVisible();
  await axeAtBothWidths(page, 800);
  await page.getByRole("link", { name: "Cancel swap" }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel swap" });
  await expect(cancel.getByText(/reserved listings are available again/)).toBeVisible();
  // Closing is not a second "Cancel" beside "Cancel swap" (decision 070): it says what it does, and does it.
  await expect(cancel.getByRole("link", { name: "Cancel", exact: true })).toHaveCount(0);
  await cancel.getByRole("link", { name: "Keep swap" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("link", { name: "Cancel swap" }).click();
  await axeAtBothWidths(page, 800);
  await cancel.getByLabel("Reason").fill("Listing details did not match");
  await cancel.getByRole("button", { name: "Cancel swap" }).click();
  await expect(page.getByText("Swap cancelled")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel swap" })).toBeDisabled();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText("Cancelled")).toBeVisible();
  await open.proposer.page.goto("/my-swaps?tab=sent");
  await expect(open.proposer.page.getByText("Reason: Cancelled by SwapShed")).toBeVisible();

  // The completed swap: its timeline has a time for every step, and its payments are listed oldest first.
  await page.goto(`/admin/swaps/${done.id}`);
  for (const step of ["Proposed", "Accepted", "Proposer Paid", "Receiver Paid", "Completed"]) {
    await expect(
      timeline
        .getByRole("listitem")
        .filter({ hasText: step })
        .getByText(/\d{4}, \d{1,2}:\d{2}/),
    ).toBeVisible();
  }
  const payments = page.getByRole("region", { name: "Payments" }).getByRole("row");
  await expect(payments.nth(1)).toContainText("Ana Costa");
  await expect(payments.nth(2)).toContainText("Ben Walker");

  // A dispute: marked, seen by the members as under review, resolved.
  await page.getByRole("link", { name: "Mark dispute" }).click();
  const mark = page.getByRole("dialog", { name: "Mark dispute" });
  await mark.getByLabel("Dispute notes").fill("Ben says the mower will not start");
  await mark.getByRole("button", { name: "Mark dispute" }).click();
  await expect(page.getByText("Dispute marked")).toBeVisible();
  await done.receiver.page.goto("/my-swaps");
  await expect(done.receiver.page.getByText("Under review: our team is looking into this swap.")).toBeVisible();
  await expectNoAxeViolations(done.receiver.page);
  await page.getByRole("link", { name: "Resolve dispute" }).click();
  const resolve = page.getByRole("dialog", { name: "Resolve dispute" });
  await axeAtBothWidths(page, 800);
  await resolve.getByLabel("Resolution notes").fill("Spark plug replaced; both happy");
  await resolve.getByRole("button", { name: "Resolve dispute" }).click();
  await expect(page.getByText("Dispute resolved")).toBeVisible();
  await done.receiver.page.reload();
  await expect(done.receiver.page.getByText("Under review: our team is looking into this swap.")).toHaveCount(0);

  // Refund Ana's fee through the provider.
  await page.getByRole("link", { name: /^Issue refund: \$9\.99 paid by Ana Costa/ }).click();
  const refund = page.getByRole("dialog", { name: "Issue refund" });
  await expect(refund.getByText(/goes back to Ana Costa's card/)).toBeVisible();
  await refund.getByLabel("Reason").fill("Charged in error");
  await refund.getByRole("button", { name: "Issue refund" }).click();
  await expect(page.getByText("Refund issued")).toBeVisible();
  await expect(payments.nth(1).getByText("refunded", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Issue refund: \$9\.99 paid by Ana Costa/ })).toHaveCount(0);

  // Credit for Ben, who sees it on My Account.
  await page.getByRole("link", { name: "Apply credit" }).click();
  const credit = page.getByRole("dialog", { name: "Apply credit" });
  await credit.getByRole("radio", { name: /Ben Walker/ }).check();
  await credit.getByLabel("Reason").fill("Sorry about the mower");
  await axeAtBothWidths(page, 800);
  await credit.getByRole("button", { name: "Apply $5.00 credit" }).click();
  await expect(page.getByText("Credit applied")).toBeVisible();
  await done.receiver.page.goto("/account");
  await expect(done.receiver.page.getByText("Account credit: $5.00.")).toBeVisible();

  // The refunded payment's page shows the provider's events, the refund among them.
  await payments.nth(1).getByRole("link", { name: "$9.99" }).click();
  await expect(page.getByRole("heading", { name: "Payment of $9.99 AUD" })).toBeVisible();
  await expect(page.getByText("charge.refunded")).toBeVisible();
  await expect(page.getByText(/^Refund re_local_/)).toBeVisible();
  await axeAtBothWidths(page, 800);
  const intent =
    (await page
      .getByText(/^pi_local_/)
      .first()
      .textContent()) ?? "";
  await page.getByLabel("Search members, listings and swaps").fill(intent);
  await page.getByLabel("Search members, listings and swaps").press("Enter");
  await expect(page.getByRole("region", { name: "Payments" }).getByRole("link", { name: "$9.99" })).toBeVisible();

  // Replay the last 24 hours of payment webhooks: reported, and nothing changes.
  await page.goto("/admin/payments");
  await expect(page.getByRole("heading", { name: "Payments", exact: true })).toBeVisible();
  await axeAtBothWidths(page, 800);
  await page.getByRole("link", { name: "Replay payment webhooks" }).click();
  const replay = page.getByRole("dialog", { name: "Replay payment webhooks" });
  await axeAtBothWidths(page, 800);
  await replay.getByRole("button", { name: "Replay webhooks" }).click();
  await expect(page.getByText(/^Replayed \d+ webhook events$/)).toBeVisible();
  await page.getByLabel("Status").selectOption("refunded");
  await page.waitForURL((url) => url.searchParams.get("status") === "refunded");
  await expect(page.getByRole("row").filter({ hasText: "Ana Costa" })).toHaveCount(1);

  // Every action is on the audit trail.
  await page.goto("/admin/audit-logs");
  for (const action of [
    "cancel_swap",
    "mark_dispute",
    "resolve_dispute",
    "issue_refund",
    "apply_credit",
    "replay_webhooks",
  ]) {
    await expect(page.getByRole("listitem").getByText(action, { exact: true }).first()).toBeVisible();
  }
  for (const m of [done.proposer, done.receiver, open.proposer, open.receiver]) await m.close();
});
