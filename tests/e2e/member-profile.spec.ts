// Issue 28 (decision 094): two members review each other after a completed swap. Before both have written, neither
// sees the other's stars or text; once the second review is in, both show together, with their text, on the member
// pages, and the reviewed member replies once. The member page at 375 px.
import { accept, expect, expectNoAxeViolations, listItem, member, payOnTestCheckout, propose, test } from "./fixtures";
import { staffSession } from "./staff";

const PHONE = { width: 375, height: 812 };
const shots = (name: string) => test.info().outputPath(`${name}.png`);

test("two members review each other: hidden until both wrote, then shown together with text on their pages", async ({
  browser,
}) => {
  // Two members, a full swap, both reviews, a reply and a moderator: long on a shared machine.
  test.setTimeout(360_000);
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker");
  const stamp = Date.now();
  const benListing = await listItem(ben.page, `Ben's kayak ${stamp}`);
  const anaListing = await listItem(ana.page, `Ana's tent ${stamp}`);
  // Ben's page is reached from his name on his listing.
  await ana.page.goto(`/listings/${benListing}`);
  await ana.page.getByRole("region", { name: "Listed by" }).getByRole("link", { name: "Ben W." }).click();
  await expect(ana.page.getByRole("heading", { level: 1, name: "Ben W." })).toBeVisible();
  const benPage = new URL(ana.page.url()).pathname;
  expect(benPage).toMatch(/^\/members\/[\w-]+$/);

  const swapId = await propose(ana.page, { offered: anaListing, target: benListing });
  await accept(ben.page, swapId);
  await payOnTestCheckout(ana.page, swapId);
  await payOnTestCheckout(ben.page, swapId);
  // Paid is Arranging (decision 096): both confirm "We've swapped", and then the swap is Completed.
  await ben.page.goto("/my-swaps");
  await ben.page.getByRole("button", { name: "We've swapped" }).click();
  await expect(ben.page.getByText("You've confirmed the swap. Waiting for Ana.")).toBeVisible();
  await ana.page.goto("/my-swaps?tab=sent");
  await ana.page.getByRole("button", { name: "We've swapped" }).click();
  await expect(ana.page.getByText("The swap is complete. You can now leave a review.")).toBeVisible();

  // Ana reviews first, with stars, tags and text.
  await ana.page.goto("/my-swaps?tab=sent");
  const anaCard = ana.page.getByRole("article").filter({ hasText: `Ben's kayak ${stamp}` });
  await anaCard.getByRole("radio", { name: "5 stars" }).check();
  await anaCard.getByRole("checkbox", { name: "On time" }).check();
  await anaCard.getByRole("checkbox", { name: "Friendly" }).check();
  await anaCard.getByLabel("Your review (optional)").fill("Ben was on time and the kayak was spotless.");
  await anaCard.getByRole("button", { name: "Leave review" }).click();
  await expect(ana.page.getByText("Thanks! Your review has been saved.")).toBeVisible();
  await expect(anaCard.getByText(/Shown to Ben Walker when they review you, or on /)).toBeVisible();

  // Ben sees only that a review is waiting: not its stars, not its text, not on his own page either.
  await ben.page.goto("/my-swaps");
  const benCard = ben.page.getByRole("article").filter({ hasText: `Ana's tent ${stamp}` });
  await expect(benCard.getByText("Ana Costa has reviewed you. Review them to see it.")).toBeVisible();
  await expect(ben.page.getByText("spotless")).toHaveCount(0);
  await ben.page.goto(benPage);
  await expect(ben.page.getByText("No reviews to show yet.")).toBeVisible();
  await expect(ben.page.getByText("spotless")).toHaveCount(0);

  // Ben reviews Ana: both reviews are shown at once.
  await ben.page.goto("/my-swaps");
  await benCard.getByRole("radio", { name: "4 stars" }).check();
  await benCard.getByRole("checkbox", { name: "As described", exact: true }).check();
  await benCard.getByLabel("Your review (optional)").fill("Tent as described, easy handover.");
  await benCard.getByRole("button", { name: "Leave review" }).click();
  await expect(ben.page.getByText("Thanks! Your review has been saved.")).toBeVisible();
  await expect(benCard.getByRole("region", { name: "Ana Costa's review of you" })).toContainText("spotless");

  // On Ben's page (seen by Ana), Ana's review with its text and tags; on Ana's page, Ben's.
  await ana.page.goto(benPage);
  const reviews = ana.page.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("Ben was on time and the kayak was spotless.")).toBeVisible();
  await expect(reviews.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(reviews.getByRole("list", { name: "Tags" }).getByText("On time", { exact: true })).toBeVisible();
  await reviews.getByRole("link", { name: "Ana C." }).click();
  await expect(ana.page.getByRole("heading", { level: 1, name: "Ana C." })).toBeVisible();
  const anaPage = new URL(ana.page.url()).pathname;
  await expect(ana.page.getByText("Tent as described, easy handover.")).toBeVisible();
  await expect(ana.page.getByText("1 swap completed.")).toBeVisible();
  await expect(ana.page.getByText("Completed 1 of 1 accepted swap (100%).")).toBeVisible();

  // Ben replies once, on his own page.
  await ben.page.goto(benPage);
  await ben.page.getByLabel("Reply publicly (once)").fill("Thanks Ana, enjoy the paddling!");
  await ben.page.getByRole("button", { name: "Post reply" }).click();
  await expect(ben.page.getByText("Your reply is posted")).toBeVisible();
  await expect(ben.page.getByText("Thanks Ana, enjoy the paddling!")).toBeVisible();
  await expect(ben.page.getByLabel("Reply publicly (once)")).toHaveCount(0);

  // The owner box on Ben's listings shows the latest review's text.
  const next = await listItem(ben.page, `Ben's paddle ${stamp}`);
  await ana.page.goto(`/listings/${next}`);
  await expect(ana.page.getByRole("region", { name: "Listed by" })).toContainText("spotless");

  // The member page on a phone: nothing wider than the screen, and no accessibility violations.
  await ana.page.setViewportSize(PHONE);
  await ana.page.goto(benPage);
  await expect(ana.page.getByRole("heading", { level: 1, name: "Ben W." })).toBeVisible();
  const overflow = await ana.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await ana.page.screenshot({ path: shots("member-page-375"), fullPage: true });
  await expectNoAxeViolations(ana.page);

  // Ana reports Ben's review of her; a moderator finds it in the Moderation Queue and removes it.
  await ana.page.setViewportSize({ width: 1280, height: 900 });
  await ana.page.goto(anaPage);
  await ana.page.getByText("Report review", { exact: true }).click();
  await ana.page.getByLabel("Reason").selectOption({ label: "Other" });
  await ana.page.getByLabel("What is wrong with it? (optional)").fill("Ben mixed me up with someone else.");
  await ana.page.getByRole("button", { name: "Send report" }).click();
  await expect(ana.page.getByText("Thanks. Our moderators will look at this review.")).toBeVisible();

  const staffContext = await browser.newContext({ viewport: PHONE });
  const moderator = await staffContext.newPage();
  await staffSession(moderator, "moderator");
  await moderator.goto("/admin/moderation?subject=review");
  await moderator.getByRole("link", { name: "Review of Ana Costa" }).first().click();
  await expect(moderator.getByRole("heading", { level: 1, name: "Reported review" })).toBeVisible();
  await expect(moderator.getByText("Tent as described, easy handover.")).toBeVisible();
  await expect(moderator.getByText("Ben mixed me up with someone else.")).toBeVisible();
  await moderator.screenshot({ path: shots("reported-review-375"), fullPage: true });
  await moderator.getByText("Remove review…").click();
  await moderator.getByRole("button", { name: "Remove review" }).click();
  await expect(moderator.getByText("Review removed")).toBeVisible();
  await ana.page.goto(anaPage);
  await expect(ana.page.getByText("Tent as described, easy handover.")).toHaveCount(0);
  await staffContext.close();
  await ana.close();
  await ben.close();
});

test("a suspended or unknown member's page is a 404", async ({ page }) => {
  expect((await page.goto("/members/no-such-member"))?.status()).toBe(404);
});
