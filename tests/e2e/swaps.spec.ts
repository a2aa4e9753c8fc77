import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, listItem, member, test } from "./fixtures";

async function pay(page: Page, card: string) {
  await page.goto("/my-swaps?tab=sent");
  // The local test checkout is on in these journeys: the Pay step and the checkout both say no money moves.
  await expect(page.getByText("Test payments: no real money moves on this site.").first()).toBeVisible();
  // Accepted swaps show their payment deadline (48 hours after acceptance, Sydney time).
  await expect(
    page.getByText(/^Pay by \w{3},? \d{1,2} \w{3},? \d{1,2}:\d{2}\s?(am|pm), or the swap lapses/i).first(),
  ).toBeVisible();
  await page.getByRole("button", { name: "Pay $9.99" }).first().click();
  await expect(page.getByRole("heading", { name: /test checkout/i })).toBeVisible();
  await expect(page.getByText(/Test payments: no real money moves\./)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel(/expiry/i).fill("12/34");
  await page.getByLabel(/cvc/i).fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

test("two members propose, accept, pay (one card declined first), see each other's contact details and leave a review", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker");
  const anaTitle = `Ana's speaker ${Date.now()}`;
  const benTitle = `Ben's camera ${Date.now()}`;
  // Ana gives the phone and suburb her swap partner will see once both have paid.
  await ana.page.goto("/account");
  await ana.page.getByLabel("Phone (optional)").fill("0412 345 678");
  await ana.page.getByRole("combobox", { name: "Suburb" }).fill("manly");
  await ana.page.getByRole("option", { name: "Manly NSW 2095" }).click();
  await ana.page.getByRole("button", { name: "Save details" }).click();
  await expect(ana.page.getByText("Your details have been saved")).toBeVisible();
  await expectNoAxeViolations(ana.page);
  await listItem(ana.page, anaTitle);
  const benListing = await listItem(ben.page, benTitle);

  // Ana proposes from Ben's listing page, in the dialog.
  await ana.page.goto(`/listings/${benListing}`);
  await ana.page.getByRole("link", { name: "Propose Swap" }).click();
  const dialog = ana.page.getByRole("dialog", { name: "Propose a Swap" });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole("button", { name: "Send Proposal" });
  await expect(send).toBeDisabled();
  await dialog.getByRole("radio", { name: new RegExp(anaTitle) }).check();
  await dialog.getByLabel("Message (optional)").fill("Keen to swap this weekend!");
  await expect(send).toBeEnabled();
  await expectNoAxeViolations(ana.page);
  await send.click();
  await expect(ana.page.getByText("Swap proposal sent successfully!")).toBeVisible();

  // Ben sees it under Received (the default tab), and accepts.
  await ben.page.goto("/my-swaps");
  await expect(ben.page.getByRole("link", { name: /Received/ })).toHaveAttribute("aria-current", "page");
  const card = ben.page.getByRole("article").filter({ hasText: anaTitle });
  await expect(card.getByText("They offer")).toBeVisible();
  await expect(card.getByText("For your")).toBeVisible();
  await expect(card.getByText("Keen to swap this weekend!")).toBeVisible();
  await expect(card.getByText(/Expires in \d+ h/)).toBeVisible();
  await expect(card.getByText(ana.email)).toHaveCount(0);
  await expect(ben.page.getByText("0412 345 678")).toHaveCount(0);
  await expectNoAxeViolations(ben.page);
  await card.getByRole("button", { name: "Accept" }).click();
  // Accepting asks first (tests/e2e/deal-screen.spec.ts covers the dialog in full).
  await ben.page
    .getByRole("dialog", { name: "Accept this swap?" })
    .getByRole("button", { name: "Yes, accept swap" })
    .click();
  await expect(ben.page.getByText("Swap proposal accepted! Both parties need to pay $9.99 to proceed.")).toBeVisible();
  await expect(ben.page.getByText("Next Step: Payment")).toBeVisible();

  // Ana's first card is declined, then she pays.
  await pay(ana.page, "4000 0000 0000 0002");
  await expect(ana.page.getByText("Your card was declined.")).toBeVisible();
  await pay(ana.page, "4242 4242 4242 4242");
  await expect(ana.page.getByText("Payment received. Thank you!")).toBeVisible();
  await expect(ana.page.getByText("You have paid; waiting for Ben")).toBeVisible();
  await expect(ana.page.getByText(ben.email)).toHaveCount(0);

  // Ben pays; both now see each other's contact details.
  await ben.page.goto("/my-swaps");
  await ben.page.getByRole("button", { name: "Pay $9.99" }).click();
  await ben.page.getByLabel("Card number").fill("4242424242424242");
  await ben.page.getByLabel(/expiry/i).fill("12/34");
  await ben.page.getByLabel(/cvc/i).fill("123");
  await ben.page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(ben.page.getByText("Payment received. Thank you!")).toBeVisible();
  const anaContact = ben.page.getByRole("region", { name: "Contact details" });
  await expect(anaContact.getByText(ana.email)).toBeVisible();
  await expect(anaContact.getByText("0412 345 678")).toBeVisible();
  await expect(anaContact.getByText("Manly NSW 2095")).toBeVisible();
  await ana.page.goto("/my-swaps?tab=sent");
  await expect(ana.page.getByRole("region", { name: "Contact details" }).getByText(ben.email)).toBeVisible();

  // Paid is Arranging (decision 096): both confirm "We've swapped", then Ana can review.
  await ben.page.getByRole("button", { name: "We've swapped" }).click();
  await expect(ben.page.getByText("You've confirmed the swap. Waiting for Ana.")).toBeVisible();
  await ana.page.getByRole("button", { name: "We've swapped" }).click();
  await expect(ana.page.getByText("The swap is complete. You can now leave a review.")).toBeVisible();

  // Ana leaves a review; it stays hidden from Ben until he reviews her too (double-blind, decision 094).
  await ana.page.getByRole("radio", { name: /5 stars/ }).check();
  await ana.page.getByLabel("Your review (optional)").fill("Smooth swap, great communicator.");
  await ana.page.getByRole("button", { name: "Leave review" }).click();
  const mine = ana.page.getByRole("region", { name: "Your review" });
  await expect(mine.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(mine.getByText(/^Shown to Ben Walker when they review you, or on /)).toBeVisible();
  await expectNoAxeViolations(ana.page);
  await ana.context.close();
  await ben.context.close();
});

test("My Swaps shows the empty texts and sends visitors to /auth", async ({ browser, page }) => {
  await page.goto("/my-swaps");
  await expect(page).toHaveURL("/auth?redirectTo=%2Fmy-swaps");
  const m = await member(browser, "Cleo Park");
  await m.page.goto("/my-swaps");
  await expect(m.page.getByText("No swap proposals received yet")).toBeVisible();
  await m.page.getByRole("link", { name: /Sent/ }).click();
  await expect(m.page.getByText("No swap proposals sent yet")).toBeVisible();
  await expectNoAxeViolations(m.page);
  await m.context.close();
});
