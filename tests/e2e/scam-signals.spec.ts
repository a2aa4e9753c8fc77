import { makePhoto } from "../support/images";
import { expect as baseExpect, expectNoAxeViolations, hydrated, listItem, member, test } from "./fixtures";
import { staffSession } from "./staff";

// Each step waits on a server round trip; a busy machine can take seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

// Scam signals for staff (issue 28, decision 098): the same photo uploaded from two accounts is one signal item in
// the Moderation Queue, explaining itself; a moderator dismisses it, at a phone's width and at a desk's.
test("the same photo from two accounts raises one signal; a moderator sees it explained and dismisses it", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = String(Date.now()).slice(-6);
  // A photo of this run's own, so that no other journey's listings share it.
  const photo = await makePhoto(Number(tag));
  const jo = await member(browser, "Jo Original");
  const original = `Red kayak ${tag}`;
  await listItem(jo.page, original, { pictures: [photo] });
  const casey = await member(browser, "Casey Copier");
  const copy = `Kayak must go ${tag}`;
  await listItem(casey.page, copy, { pictures: [photo] });
  await Promise.all([jo.close(), casey.close()]);

  await staffSession(page, "moderator");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/moderation");
  await page.getByRole("link", { name: /Scam signals/ }).click();
  await expect(page).toHaveURL(/\/admin\/moderation\/signals$/);
  await expect(page.getByRole("heading", { level: 1, name: /Moderation Queue/ })).toBeVisible();

  // One signal about the copy, in its own words, with its score and links.
  const cards = page.locator("article").filter({ hasText: copy });
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole("heading", { name: "Same photo" })).toBeVisible();
  await expect(card.getByText(`Same photo as listing "${original}" by another account`)).toBeVisible();
  await expect(card.getByText(/^Score 75/)).toBeVisible();
  await expect(card.getByRole("link", { name: "Casey Copier" })).toBeVisible();
  await expect(card.getByRole("link", { name: original })).toBeVisible();
  const memberPage = (await card.getByRole("link", { name: "Casey Copier" }).getAttribute("href")) as string;
  await page.screenshot({ path: test.info().outputPath("signals-375.png"), fullPage: true });
  await hydrated(page);
  await expectNoAxeViolations(page);

  // Dismissed with a note: the toast, and the open list no longer has it.
  await card.getByText("Settle this signal").click();
  await card.getByLabel("Notes (optional)").fill("The same seller's second account, checked by phone.");
  await card.getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByText("Signal dismissed")).toBeVisible();
  await expect(page.locator("article").filter({ hasText: copy })).toHaveCount(0);

  // Under "dismissed" it says who dismissed it and why.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/moderation/signals?status=dismissed&kind=same_photo");
  const settled = page.locator("article").filter({ hasText: copy });
  await expect(
    settled.getByText(/Dismissed by .*: The same seller's second account, checked by phone\./),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("signals-desktop.png"), fullPage: true });

  // The member's page in the back office lists it too, settled.
  await page.goto(memberPage);
  await expect(page.getByRole("heading", { name: "Scam signals (0 open)" })).toBeVisible();
  await expect(page.getByText(`Same photo as listing "${original}" by another account`)).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("member-signals-375.png"), fullPage: true });
});
