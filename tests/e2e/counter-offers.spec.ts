import { axeAtBothWidths, expect, listItem, member, propose, test } from "./fixtures";

// Counter-offers (issue 29, decision 103): Ben answers Ana's offer with another set (he asks for her paddle too);
// the turn passes to Ana, who sees it on My Swaps and in their thread, and accepts; the deal's every listing is
// then reserved and Ben is told. At a phone's width.

const PHONE = { width: 375, height: 812 };

test("Ben counters Ana's offer, Ana sees whose turn it is and what changed, and accepts the counter-offer", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const ana = await member(browser, "Ana Costa", { viewport: PHONE });
  const ben = await member(browser, "Ben Walker", { viewport: PHONE });
  const kayakTitle = `Ana's kayak ${stamp}`;
  const paddleTitle = `Ana's paddle ${stamp}`;
  const boardTitle = `Ben's paddleboard ${stamp}`;
  const kayak = await listItem(ana.page, kayakTitle, { valueMin: "300", valueMax: "400" });
  await listItem(ana.page, paddleTitle, { valueMin: "50", valueMax: "80" });
  const board = await listItem(ben.page, boardTitle, { valueMin: "400", valueMax: "500" });
  await propose(ana.page, { offered: kayak, target: board });

  // Ben answers with a counter-offer: his board for her kayak and her paddle.
  await ben.page.goto("/my-swaps");
  const received = ben.page.getByRole("article").filter({ hasText: kayakTitle });
  await received.getByRole("link", { name: "Counter-offer" }).click();
  await expect(ben.page.getByRole("heading", { name: "Counter-offer" })).toBeVisible();
  // The listing the offer is about stays in it: its box is ticked and cannot be cleared.
  const give = ben.page.getByRole("group", { name: /You give/ });
  await expect(give.getByRole("checkbox", { name: new RegExp(boardTitle) })).toBeChecked();
  await expect(give.getByRole("checkbox", { name: new RegExp(boardTitle) })).toBeDisabled();
  const get = ben.page.getByRole("group", { name: /You get from Ana/ });
  await get.getByRole("checkbox", { name: new RegExp(paddleTitle) }).check();
  await ben.page.getByLabel("Message (optional)").fill("Throw in the paddle and it's a deal.");
  await ben.page.screenshot({ path: test.info().outputPath("counter-offer-375.png"), fullPage: true });
  await axeAtBothWidths(ben.page, 900, "counter-offer");
  await ben.page.getByRole("button", { name: "Send counter-offer" }).click();
  await expect(ben.page.getByText("Counter-offer sent")).toBeVisible();
  const bens = ben.page.getByRole("article").filter({ hasText: kayakTitle });
  await expect(bens.getByText("You sent a counter-offer: waiting for Ana to answer.")).toBeVisible();
  await expect(bens.getByRole("button", { name: "Accept" })).toHaveCount(0);

  // Ana's turn: the card says so, lists the paddle, and the thread keeps the round.
  await ana.page.goto("/my-swaps?tab=sent");
  const sent = ana.page.getByRole("article").filter({ hasText: kayakTitle });
  await expect(sent.getByText("Ben sent a counter-offer: your turn to answer.")).toBeVisible();
  await expect(sent.getByText("Counter-offer 1 of 5.")).toBeVisible();
  await expect(sent.getByRole("list", { name: "Also in this swap" }).getByText(paddleTitle)).toBeVisible();
  await expect(sent.getByText("Throw in the paddle and it's a deal.")).toBeVisible();
  await ana.page.screenshot({ path: test.info().outputPath("my-swaps-countered-375.png"), fullPage: true });
  await sent.getByRole("link", { name: /Messages with Ben/ }).click();
  await expect(
    ana.page.getByText(`Ben Walker sent a counter-offer: ${boardTitle} for ${kayakTitle} + ${paddleTitle}`),
  ).toBeVisible();

  // She accepts it: her kayak and paddle for his board.
  await ana.page.goto("/my-swaps?tab=sent");
  await sent.getByRole("button", { name: "Accept" }).click();
  const confirm = ana.page.getByRole("dialog", { name: "Accept this swap?" });
  await expect(
    confirm.getByText(`You swap your ${kayakTitle} + ${paddleTitle} for Ben Walker's ${boardTitle}.`, { exact: false }),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Yes, accept swap" }).click();
  await expect(ana.page.getByText("Next Step: Payment")).toBeVisible();

  // Ben is told his counter-offer was accepted.
  await ben.page.goto("/notifications");
  await expect(
    ben.page
      .getByRole("main")
      .getByText(/Ana Costa accepted your offer/)
      .first(),
  ).toBeVisible();
  await ana.close();
  await ben.close();
});

test("a box ticked on the counter-offer page before its scripts ran is still ticked, and sent", async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker", { viewport: PHONE, isMobile: true, hasTouch: true });
  const kayak = await listItem(ana.page, `Ana's kayak ${stamp}`);
  const paddleTitle = `Ana's paddle ${stamp}`;
  await listItem(ana.page, paddleTitle);
  const board = await listItem(ben.page, `Ben's paddleboard ${stamp}`);
  const swapId = await propose(ana.page, { offered: kayak, target: board });

  // The framework's modules wait until the box is ticked: the tick surely lands before hydration.
  let release = () => {};
  const ticked = new Promise<void>((resolve) => {
    release = resolve;
  });
  await ben.context.route(/\/assets\/.+\.js$/, async (route) => {
    await ticked;
    await route.continue();
  });
  await ben.page.goto(`/my-swaps/${swapId}/counter`, { waitUntil: "commit" });
  const paddle = ben.page.getByRole("checkbox", { name: new RegExp(paddleTitle) });
  await paddle.check();
  release();
  await expect(ben.page.locator("html[data-hydrated]")).toBeAttached({ timeout: 30_000 });
  await ben.page.waitForTimeout(1500);
  await expect(paddle).toBeChecked();
  await ben.page.getByRole("button", { name: "Send counter-offer" }).tap();
  await expect(ben.page.getByText("Counter-offer sent")).toBeVisible();
  await ana.page.goto("/my-swaps?tab=sent");
  await expect(
    ana.page.getByRole("article").getByRole("list", { name: "Also in this swap" }).getByText(paddleTitle),
  ).toBeVisible();
  await ana.close();
  await ben.close();
});
