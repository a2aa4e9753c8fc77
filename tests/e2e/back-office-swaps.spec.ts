import type { Browser, Page } from "@playwright/test";
import {
  accept,
  confirmSwapped,
  axeAtBothWidths,
  expect as baseExpect,
  expectNoAxeViolations,
  listItem,
  member,
  originHeader,
  propose,
  startCheckout,
  test,
} from "./fixtures";
import { enrolledStaff } from "./staff";

// Each step waits on a server round trip (an action, then the page again); a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Two members, each with a listing; the first proposes, the second accepts. */
async function acceptedSwap(browser: Browser, names: [string, string], tag: string) {
  const proposer = await member(browser, names[0]);
  const receiver = await member(browser, names[1]);
  const offered = await listItem(proposer.page, `${names[0].split(" ")[0]}'s drill ${tag}`);
  const target = await listItem(receiver.page, `${names[1].split(" ")[0]}'s mower ${tag}`);
  const id = await propose(proposer.page, { offered, target });
  await accept(receiver.page, id);
  return { id, proposer, receiver };
}

/** The member pays their fee with the test card through the local checkout (its webhook settles it). */
async function payWithTestCard(page: Page, swapId: string) {
  const checkout = await startCheckout(page, swapId);
  const res = await page.request.post(new URL(checkout).pathname, {
    form: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    headers: originHeader(),
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
  // One swap both paid for and confirmed (completed), and one only accepted.
  const done = await acceptedSwap(browser, ["Ana Costa", "Ben Walker"], tag);
  await payWithTestCard(done.proposer.page, done.id);
  await payWithTestCard(done.receiver.page, done.id);
  await confirmSwapped(done.proposer.page, done.id);
  await confirmSwapped(done.receiver.page, done.id);
  const open = await acceptedSwap(browser, ["Cleo Park", "Dev Singh"], tag);

  // The demo's second admin (back-office.spec.ts enrols admin@example.com); system-logs.spec.ts signs in as them later.
  await enrolledStaff(page, "admin", "support@example.com");
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
  for (const step of ["Proposed", "Accepted", "Proposer Paid", "Receiver Paid", "Arranging", "Completed"]) {
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
