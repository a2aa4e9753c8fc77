import { axeAtBothWidths, expect, listItem, member, test } from "./fixtures";

// The fair-value meter (issue 29) where two sides of a swap are shown: each of the member's listings in the
// propose dialog weighed against the one they ask for (the closest in value marked), the chosen one's sentence,
// and both members' My Swaps cards, each from their own side. At a phone's width.

const PHONE = { width: 375, height: 800 };

test("the propose dialog weighs each of my listings against theirs, and My Swaps shows the meter to both sides", async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const ana = await member(browser, "Ana Costa", { viewport: PHONE });
  const ben = await member(browser, "Ben Walker", { viewport: PHONE });
  const drill = `Ana's drill ${stamp}`;
  const kayak = `Ana's kayak ${stamp}`;
  await listItem(ana.page, drill, { valueMin: "100", valueMax: "150" });
  await listItem(ana.page, kayak, { valueMin: "450", valueMax: "650", category: "sports_outdoors" });
  const bike = await listItem(ben.page, `Ben's bike ${stamp}`, {
    valueMin: "500",
    valueMax: "600",
    category: "sports_outdoors",
  });

  await ana.page.goto(`/listings/${bike}`);
  await ana.page.getByRole("link", { name: "Propose Swap" }).click();
  const dialog = ana.page.getByRole("dialog", { name: "Propose a Swap" });
  const kayakOption = dialog.getByRole("listitem").filter({ hasText: kayak });
  const drillOption = dialog.getByRole("listitem").filter({ hasText: drill });
  await expect(kayakOption.getByText("About even")).toBeVisible();
  await expect(kayakOption.getByText("Closest in value")).toBeVisible();
  await expect(drillOption.getByText("They offer more")).toBeVisible();
  await expect(drillOption.getByText("Closest in value")).toHaveCount(0);
  // The chosen listing's sentence.
  await dialog.getByRole("radio", { name: new RegExp(drill) }).check();
  await expect(dialog.getByText("Theirs is worth about $425 more.")).toBeVisible();
  await dialog.getByRole("radio", { name: new RegExp(kayak) }).check();
  await expect(dialog.getByText("The two value ranges overlap by 50%.")).toBeVisible();
  await ana.page.screenshot({ path: test.info().outputPath("propose-fair-value-375.png") });
  // Ana offers the drill all the same: it is a guide, not a rule.
  await dialog.getByRole("radio", { name: new RegExp(drill) }).check();
  await dialog.getByRole("button", { name: "Send Proposal" }).click();
  await expect(ana.page.getByText("Swap proposal sent successfully!")).toBeVisible();

  // Each side reads it from their own side.
  await ben.page.goto("/my-swaps");
  const received = ben.page.getByRole("article").filter({ hasText: drill });
  await expect(received.getByText("You offer more")).toBeVisible();
  await expect(received.getByText("Yours is worth about $425 more.")).toBeVisible();
  await axeAtBothWidths(ben.page, 900, "my-swaps-fair-value");
  await ana.page.goto("/my-swaps?tab=sent");
  const sent = ana.page.getByRole("article").filter({ hasText: drill });
  await expect(sent.getByText("They offer more")).toBeVisible();
  await ana.page.screenshot({ path: test.info().outputPath("my-swaps-sent-fair-value-375.png"), fullPage: true });
});
