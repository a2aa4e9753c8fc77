import type { Browser, Page } from "@playwright/test";
import {
  accept,
  axeAtBothWidths,
  expect as baseExpect,
  LISTING_PHOTO,
  listItem,
  member,
  originHeader,
  propose,
  startCheckout,
  test,
} from "./fixtures";
import { enrolledStaff } from "./staff";

// "Report a problem" on a paid swap (issue 28, decision 097): a member reports it with a picture, staff see it on
// the back office's Swaps page (with the picture and the thread) and resolve it, and the member sees the
// resolution on the deal screen and in their notifications.

const expect = baseExpect.configure({ timeout: 20_000 });

async function payWithTestCard(page: Page, swapId: string) {
  const checkout = await startCheckout(page, swapId);
  const res = await page.request.post(new URL(checkout).pathname, {
    form: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    headers: originHeader(),
    maxRedirects: 0,
  });
  expect(res.status()).toBeLessThan(400);
}

async function paidSwap(browser: Browser, tag: string) {
  const proposer = await member(browser, "Ana Costa");
  const receiver = await member(browser, "Ben Walker");
  const offered = await listItem(proposer.page, `Ana's drill ${tag}`);
  const target = await listItem(receiver.page, `Ben's mower ${tag}`);
  const id = await propose(proposer.page, { offered, target });
  await accept(receiver.page, id);
  await payWithTestCard(proposer.page, id);
  await payWithTestCard(receiver.page, id);
  return { id, proposer, receiver };
}

test("a member reports a problem with a picture, staff resolve it, and the member sees the resolution", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = String(Date.now()).slice(-6);
  const { id, proposer, receiver } = await paidSwap(browser, tag);

  // The report, from the swap's own page, at a phone's width.
  const ana = proposer.page;
  await ana.setViewportSize({ width: 375, height: 800 });
  await ana.goto(`/my-swaps/${id}/problem`);
  await expect(ana.getByRole("heading", { name: "Report a problem" })).toBeVisible();
  await ana.screenshot({ path: test.info().outputPath("report-problem-375.png"), fullPage: true });
  await ana.getByLabel("Not as described").check();
  await ana.getByLabel("What happened?").fill("The mower has no blade and won't start.");
  await ana.getByLabel("Pictures (optional)").setInputFiles({
    name: "mower.jpg",
    mimeType: "image/jpeg",
    buffer: LISTING_PHOTO,
  });
  await ana.getByRole("button", { name: "Report problem" }).click();
  await expect(ana.getByText("Problem reported", { exact: true })).toBeVisible();
  await expect(ana.getByText("Problem reported: under review")).toBeVisible();
  await axeAtBothWidths(ana, 800, "problem-under-review");

  // The other member hears of it.
  await receiver.page.goto("/notifications");
  await expect(receiver.page.getByRole("link", { name: /Ana Costa reported a problem with your swap/ })).toBeVisible();

  // Staff: the swap is under dispute, the problem with its picture and the thread are there; they resolve it.
  await enrolledStaff(page, "admin", "support@example.com");
  await page.goto(`/admin/swaps/${id}`);
  const problems = page.getByRole("region", { name: "Problems reported" });
  await expect(problems.getByText("The mower has no blade and won't start.")).toBeVisible();
  const picture = problems.getByRole("img", { name: /Evidence 1 of 1 from Ana Costa/ });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("admin-swap-problem-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await problems.getByRole("link", { name: "Read the swap's conversation" }).click();
  await expect(page.getByRole("heading", { name: "Swap conversation" })).toBeVisible();
  await page.goBack();
  await page.getByRole("link", { name: "Resolve problem" }).click();
  const dialog = page.getByRole("dialog", { name: "Resolve problem" });
  await dialog.getByLabel("Resolution").fill("We refunded your fee. Ben's listing is under review.");
  await dialog.getByRole("button", { name: "Resolve problem" }).click();
  await expect(page.getByText("Problem resolved", { exact: true })).toBeVisible();
  await expect(problems.getByText("Resolved", { exact: true })).toBeVisible();

  // The member sees the resolution on the swap's page, on the deal screen and in their notifications.
  await ana.reload();
  await expect(ana.getByText("Resolved: We refunded your fee. Ben's listing is under review.")).toBeVisible();
  await ana.getByRole("link", { name: /Back to your conversation with Ben Walker/ }).click();
  await ana.waitForURL(/\/messages\//);
  await ana.setViewportSize({ width: 375, height: 800 });
  await expect(ana.getByRole("region", { name: "Problems with this swap" })).toContainText(
    "Resolved: We refunded your fee.",
  );
  await ana.screenshot({ path: test.info().outputPath("deal-screen-resolved-375.png"), fullPage: true });
  await ana.goto("/notifications");
  await expect(ana.getByRole("link", { name: /The problem you reported with your swap .* is resolved/ })).toBeVisible();
});
