import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, listItem, member, originHeader, propose, test } from "./fixtures";

// Bundles (issue 29, decision 103): up to 3 of the proposer's listings for up to 2 of the other member's, in one
// proposal. Ana (on a phone) makes one in the propose dialog; Ben's card lists the whole deal and weighs the sums;
// accepting reserves all five listings and declines Cleo's pending proposal for one of Ben's extras. Then a bundle
// over the limit, posted without JavaScript and through the API, is refused and writes nothing.

const PHONE = { width: 375, height: 812 };

/** Whether the page scrolls sideways (something wider than the screen). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("a bundle of three for two: proposed in the dialog at 375 px, shown on the card, accepted, all five reserved", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = `zq${Date.now().toString(36)}`;
  const ana = await member(browser, "Ana Costa", { viewport: PHONE });
  const ben = await member(browser, "Ben Walker");
  const cleo = await member(browser, "Cleo Park");
  const titles = {
    drill: `Ana's drill ${stamp}`,
    sander: `Ana's sander ${stamp}`,
    saw: `Ana's saw ${stamp}`,
    // A fourth of hers: not in the bundle (its box is the one past the limit), so it stays listed.
    ladder: `Ana's ladder ${stamp}`,
    bike: `Ben's bike ${stamp}`,
    helmet: `Ben's helmet ${stamp}`,
  };
  // Ana's three sum to $600-$750, Ben's two to $650-$800: about even only as bundles (the two leads alone are not).
  const drill = await listItem(ana.page, titles.drill, { valueMin: "100", valueMax: "150" });
  const sander = await listItem(ana.page, titles.sander, { valueMin: "200", valueMax: "250" });
  const saw = await listItem(ana.page, titles.saw, { valueMin: "300", valueMax: "350" });
  const ladder = await listItem(ana.page, titles.ladder, { valueMin: "50", valueMax: "80" });
  const bike = await listItem(ben.page, titles.bike, { valueMin: "400", valueMax: "500" });
  const helmet = await listItem(ben.page, titles.helmet, { valueMin: "250", valueMax: "300" });
  // Cleo's offer for Ben's helmet, pending: it must close when the bundle holding the helmet is accepted.
  const tent = await listItem(cleo.page, `Cleo's tent ${Date.now().toString(36)}`, {
    valueMin: "250",
    valueMax: "300",
  });
  await propose(cleo.page, { offered: tent, target: helmet });

  // Ana proposes from Ben's bike, in the dialog, on her phone.
  await ana.page.goto(`/listings/${bike}`);
  await ana.page.getByRole("link", { name: "Propose Swap" }).click();
  const dialog = ana.page.getByRole("dialog", { name: "Propose a Swap" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: new RegExp(titles.drill) }).check();
  await expect(dialog.getByText("Theirs is worth about $325 more.")).toBeVisible();
  await dialog.getByText("Make it a bundle (optional)").click();
  const mine = dialog.getByRole("group", { name: "Add up to 2 more of yours" });
  const theirs = dialog.getByRole("group", { name: "Ask for 1 more of theirs" });
  // The chosen listing is not offered twice: the other three of hers, and Ben's other one.
  await expect(mine.getByRole("checkbox")).toHaveCount(3);
  await expect(mine.getByRole("checkbox", { name: new RegExp(titles.drill) })).toHaveCount(0);
  await expect(theirs.getByRole("checkbox")).toHaveCount(1);
  await mine.getByRole("checkbox", { name: new RegExp(titles.sander) }).check();
  await expect(mine.getByRole("checkbox", { name: new RegExp(titles.ladder) })).toBeEnabled();
  await mine.getByRole("checkbox", { name: new RegExp(titles.saw) }).check();
  // Two ticked: the third box of hers is past the limit.
  await expect(mine.getByRole("checkbox", { name: new RegExp(titles.ladder) })).toBeDisabled();
  await theirs.getByRole("checkbox", { name: new RegExp(titles.helmet) }).check();
  // The meter weighs the sums: $600-$750 against $650-$800.
  await expect(dialog.getByText("The two value ranges overlap by 50%.")).toBeVisible();
  await dialog.getByLabel("Message (optional)").fill("All three tools for the bike and the helmet?");
  expect(await overflowsSideways(ana.page), "the page scrolls sideways at 375 px").toBe(false);
  expect(await dialog.evaluate((d) => d.scrollWidth > d.clientWidth), "the dialog scrolls sideways at 375 px").toBe(
    false,
  );
  await expectNoAxeViolations(ana.page);
  await mine.scrollIntoViewIfNeeded();
  await ana.page.screenshot({ path: test.info().outputPath("bundle-dialog-375.png") });
  await dialog.screenshot({ path: test.info().outputPath("bundle-dialog-whole-375.png") });
  await dialog.getByRole("button", { name: "Send Proposal" }).click();
  await expect(ana.page.getByText("Swap proposal sent successfully!")).toBeVisible();

  // Ben's card: both leads, each side's "+" lines, and the meter from his side.
  await ben.page.goto("/my-swaps");
  const card = ben.page.getByRole("article").filter({ hasText: titles.drill });
  await expect(card.getByText("They offer")).toBeVisible();
  await expect(card.getByText("For your")).toBeVisible();
  await expect(card.getByText(titles.drill)).toBeVisible();
  await expect(card.getByText(titles.bike)).toBeVisible();
  const also = card.getByRole("list", { name: "Also in this swap" });
  await expect(also).toHaveCount(2);
  // Under "They offer", Ana's other two (in the order of her listings in the dialog, newest first); under "For
  // your", Ben's helmet. Each a line "+ title" that links to the listing.
  await expect(also.first().getByRole("listitem")).toHaveText([`+ ${titles.saw}`, `+ ${titles.sander}`]);
  await expect(also.nth(1).getByRole("listitem")).toHaveText([`+ ${titles.helmet}`]);
  await expect(also.nth(1).getByRole("link", { name: titles.helmet })).toHaveAttribute("href", `/listings/${helmet}`);
  await expect(card.getByText("About even")).toBeVisible();
  await expect(card.getByText("The two value ranges overlap by 50%.")).toBeVisible();
  await expectNoAxeViolations(ben.page);
  await card.screenshot({ path: test.info().outputPath("bundle-card-ben-1280.png") });
  await ben.page.setViewportSize(PHONE);
  expect(await overflowsSideways(ben.page), "My Swaps scrolls sideways at 375 px").toBe(false);
  await card.screenshot({ path: test.info().outputPath("bundle-card-ben-375.png") });
  await ben.page.setViewportSize({ width: 1280, height: 900 });

  // Ben accepts in the browser.
  await card.getByRole("button", { name: "Accept" }).click();
  const confirm = ben.page.getByRole("dialog", { name: "Accept this swap?" });
  await expect(confirm).toBeVisible();
  await confirm.screenshot({ path: test.info().outputPath("bundle-accept-dialog-1280.png") });
  await confirm.getByRole("button", { name: "Yes, accept swap" }).click();
  await expect(ben.page.getByText("Swap proposal accepted! Both parties need to pay $9.99 to proceed.")).toBeVisible();

  // All five are reserved: a visitor finds each one's address "no longer listed", and search shows only the ladder.
  const visitor = await browser.newContext();
  const look = await visitor.newPage();
  for (const id of [drill, sander, saw, bike, helmet]) {
    await look.goto(`/listings/${id}`);
    await expect(look.getByRole("heading", { level: 1, name: "This item is no longer listed" }), id).toBeVisible();
  }
  await look.goto(`/listings/${ladder}`);
  await expect(look.getByRole("heading", { level: 1, name: titles.ladder })).toBeVisible();
  await look.goto(`/search?q=${stamp}`);
  await expect(look.getByRole("article").getByRole("heading")).toHaveText([titles.ladder]);
  await visitor.close();

  // Cleo's pending offer for the helmet (one of Ben's extras) was declined, and she is told why.
  await cleo.page.goto("/my-swaps?tab=sent");
  const cleos = cleo.page.getByRole("article").filter({ hasText: titles.helmet });
  await expect(cleos.getByText("Rejected")).toBeVisible();
  await expect(cleos.getByText("Reason: Listing no longer available")).toBeVisible();

  // Ana's sent card is accepted, with the whole deal.
  await ana.page.goto("/my-swaps?tab=sent");
  const sent = ana.page.getByRole("article").filter({ hasText: titles.drill });
  await expect(sent.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(sent.getByRole("list", { name: "Also in this swap" }).getByRole("link")).toHaveText([
    titles.saw,
    titles.sander,
    titles.helmet,
  ]);
  expect(await overflowsSideways(ana.page), "My Swaps scrolls sideways at 375 px").toBe(false);
  await ana.page.screenshot({ path: test.info().outputPath("bundle-sent-ana-375.png"), fullPage: true });

  await ana.close();
  await ben.close();
  await cleo.close();
});

test("a bundle asking for three of theirs is refused, without JavaScript and through the API, and writes nothing", async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const ana = await member(browser, "Ana Costa", { viewport: PHONE, javaScriptEnabled: false });
  const ben = await member(browser, "Ben Walker");
  const drill = await listItem(ana.page, `Ana's drill ${stamp}`);
  const sander = await listItem(ana.page, `Ana's sander ${stamp}`);
  const bike = await listItem(ben.page, `Ben's bike ${stamp}`);
  const others = [
    await listItem(ben.page, `Ben's helmet ${stamp}`),
    await listItem(ben.page, `Ben's pump ${stamp}`),
    await listItem(ben.page, `Ben's lock ${stamp}`),
  ];
  await ben.close();

  // The page without JavaScript: the bundle's boxes are there (a <details> opens without scripts), none disabled.
  await ana.page.goto(`/listings/${bike}/propose`);
  await ana.page.getByText("Make it a bundle (optional)").click();
  const theirs = ana.page.getByRole("group", { name: "Ask for 1 more of theirs" });
  await expect(theirs.getByRole("checkbox")).toHaveCount(3);
  for (const box of await theirs.getByRole("checkbox").all()) await expect(box).toBeEnabled();

  // The form posted with three of Ben's others (a fourth of his in all): refused on the page, with the reason.
  const form = new URLSearchParams([
    ["offeredListingId", drill],
    ["moreOffered", sander],
    ...others.map((id): [string, string] => ["moreWanted", id]),
    ["message", "All of it?"],
  ]);
  const page = await ana.page.request.post(`/listings/${bike}/propose`, {
    headers: { ...originHeader(), "content-type": "application/x-www-form-urlencoded" },
    data: form.toString(),
    maxRedirects: 0,
  });
  expect(page.status()).toBe(400);
  expect(await page.text()).toContain("You can ask for up to 2 of their listings in one swap");

  // The same through the browser's own form: what the member sees is the message in the form.
  await ana.page.route(`**/listings/${bike}/propose`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const sent = new URLSearchParams(route.request().postData() ?? "");
    for (const id of others.slice(1)) sent.append("moreWanted", id);
    await route.continue({ postData: sent.toString() });
  });
  await ana.page.getByRole("radio", { name: /Ana's drill/ }).check();
  await theirs.getByRole("checkbox").first().check();
  await ana.page.getByRole("button", { name: "Send Proposal" }).click();
  await expect(ana.page.getByRole("alert")).toHaveText("You can ask for up to 2 of their listings in one swap");
  await ana.page.waitForLoadState();
  expect(await overflowsSideways(ana.page), "the refused page scrolls sideways at 375 px").toBe(false);
  await ana.page.screenshot({ path: test.info().outputPath("bundle-refused-no-js-375.png"), fullPage: true });
  await ana.page.unroute(`**/listings/${bike}/propose`);

  // The JSON API says the same, and too many of one's own is refused with its own message.
  const api = (body: Record<string, unknown>) =>
    ana.page.request.post("/api/v1/swaps", {
      headers: originHeader(),
      data: { targetListingId: bike, offeredListingId: drill, ...body },
    });
  const wanted = await api({ moreWanted: others });
  expect(wanted.status()).toBe(400);
  expect((await wanted.json()).error).toBe("You can ask for up to 2 of their listings in one swap");
  const extra = [
    sander,
    await listItem(ana.page, `Ana's saw ${stamp}`),
    await listItem(ana.page, `Ana's ladder ${stamp}`),
  ];
  const offered = await api({ moreOffered: extra });
  expect(offered.status()).toBe(400);
  expect((await offered.json()).error).toBe("You can offer up to 3 of your listings in one swap");

  // Nothing was proposed.
  const swaps = await ana.page.request.get("/api/v1/swaps");
  expect((await swaps.json()).sent).toEqual([]);
  await ana.close();
});
