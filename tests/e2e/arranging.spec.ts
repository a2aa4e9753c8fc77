import type { Page } from "@playwright/test";
import { accept, expect, expectNoAxeViolations, listItem, member, payOnTestCheckout, propose, test } from "./fixtures";

// A real end to every swap (issue 28, decision 096), in two browsers: both pay, the swap is Arranging; one
// proposes a time and place in the thread, the other agrees (the calendar file is there); both press "We've
// swapped"; the swap shows Completed and the review form appears. The deal screen is looked at 375 px wide.

const NARROW = { width: 375, height: 800 };

/** A Sydney date and time two days ahead at 10:30, as the datetime-local field takes it. */
function inTwoDays(): string {
  const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(day);
  return `${date}T10:30`;
}

async function openThread(page: Page) {
  await page.goto("/my-swaps?tab=sent");
  const link = page.getByRole("link", { name: "Propose a time and place" });
  if ((await link.count()) > 0) await link.first().click();
  else {
    await page.goto("/my-swaps");
    await page.getByRole("link", { name: "Propose a time and place" }).first().click();
  }
  await expect(page.getByRole("heading", { name: "Arranging the swap" })).toBeVisible();
}

test("paid is Arranging: a time and place agreed, both confirm, then Completed and the review form", async ({
  browser,
}) => {
  // Two members, two checkouts, a meeting and both reviews: its retry ran out of 135 s on a CI machine at load 18.
  test.setTimeout(240_000);
  const stamp = Date.now();
  const ana = await member(browser, "Ana Silva", { viewport: NARROW });
  const ben = await member(browser, "Ben Carter", { viewport: NARROW });
  const boat = `Ana's tinny ${stamp}`;
  const ute = `Ben's ute ${stamp}`;
  const boatId = await listItem(ana.page, boat, { category: "boats_marine" });
  const uteId = await listItem(ben.page, ute, { category: "cars_vehicles", vehicleId: "6t1 bf3fk0cx123456" });
  const swapId = await propose(ana.page, { offered: boatId, target: uteId });
  await accept(ben.page, swapId);
  await payOnTestCheckout(ana.page, swapId);
  await payOnTestCheckout(ben.page, swapId);

  // Paid: Arranging, not Completed; no review yet.
  await ana.page.goto("/my-swaps?tab=sent");
  const card = ana.page.getByRole("article").filter({ hasText: ute });
  await expect(card.getByText("Arranging", { exact: true })).toBeVisible();
  await expect(card.getByText("Next Step: Arrange the swap")).toBeVisible();
  await expect(card.getByRole("button", { name: "Leave review" })).toHaveCount(0);
  await expectNoAxeViolations(ana.page);
  await ana.page.screenshot({ path: test.info().outputPath("my-swaps-arranging-375.png"), fullPage: true });

  // Ana proposes a time and place in the thread.
  await card.getByRole("link", { name: "Propose a time and place" }).click();
  await expect(ana.page.getByRole("heading", { name: "Arranging the swap" })).toBeVisible();
  // A boat and a car: the PPSR reminder, with the VIN Ben gave (normalised).
  const ppsr = ana.page.getByRole("complementary", { name: "PPSR check" });
  await expect(ppsr.getByText("Run a PPSR search on handover day")).toBeVisible();
  await expect(ppsr.getByRole("link", { name: "ppsr.gov.au" })).toHaveAttribute("href", "https://www.ppsr.gov.au/");
  await expect(ppsr.getByText("6T1BF3FK0CX123456")).toBeVisible();
  await ana.page.getByLabel("Date and time (Sydney time)").fill(inTwoDays());
  await ana.page.getByLabel("Place").fill("Bunnings car park, Alexandria");
  await ana.page.getByRole("button", { name: "Propose a time and place" }).click();
  await expect(ana.page.getByText("Time and place sent")).toBeVisible();
  await expect(ana.page.getByText("Waiting for Ben to agree.")).toBeVisible();

  // Ben agrees; the calendar file is offered to both.
  await openThread(ben.page);
  await expect(ben.page.getByText("Ana proposed this time and place.")).toBeVisible();
  await expectNoAxeViolations(ben.page);
  await ben.page.screenshot({ path: test.info().outputPath("arranging-375.png"), fullPage: true });
  await ben.page.getByRole("button", { name: "Agree" }).click();
  await expect(ben.page.getByText("You've both agreed. We'll remind you two hours before.")).toBeVisible();
  const ics = await ben.page.request.get(`/my-swaps/${swapId}/meeting.ics`);
  expect(ics.status()).toBe(200);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  expect(await ics.text()).toContain("LOCATION:Bunnings car park\\, Alexandria");
  await expect(ben.page.getByRole("link", { name: "Add to calendar (.ics)" })).toBeVisible();

  // Both press "We've swapped": the second completes it.
  await ben.page.getByRole("button", { name: "We've swapped" }).click();
  await expect(ben.page.getByText("Thanks: you've confirmed the swap")).toBeVisible();
  await expect(ben.page.getByText("You've confirmed. Waiting for Ana to confirm too.")).toBeVisible();
  await ana.page.reload();
  await expect(ana.page.getByText("Ben says you've swapped. Confirm it too, and the swap is complete.")).toBeVisible();
  await ana.page.getByRole("button", { name: "We've swapped" }).click();
  await expect(ana.page.getByText("The swap is complete. You can now leave a review.")).toBeVisible();
  await expect(ana.page.getByRole("heading", { name: "Swap completed" })).toBeVisible();
  await ana.page.screenshot({ path: test.info().outputPath("completed-375.png"), fullPage: true });

  // My Swaps: Completed, and the review form.
  await ana.page.goto("/my-swaps?tab=sent");
  const done = ana.page.getByRole("article").filter({ hasText: ute });
  await expect(done.getByText("Completed", { exact: true })).toBeVisible();
  await done.getByRole("radio", { name: /5 stars/ }).check();
  await done.getByRole("button", { name: "Leave review" }).click();
  // Double-blind (decision 094): Ana's review waits for Ben's.
  const mine = ana.page.getByRole("region", { name: "Your review" });
  await expect(mine.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(mine.getByText(/^Shown to Ben Carter when they review you, or on /)).toBeVisible();
  await expectNoAxeViolations(ana.page);
  await ana.context.close();
  await ben.context.close();
});
