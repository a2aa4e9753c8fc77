// Live updates (issue 26, decision 084): two members' browsers, each on a page of its own, and every step of a
// deal the other takes appears in this one's bell, tab title and thread without a reload: B asks about A's
// listing, A answers, B proposes, A accepts, both pay. A phone number B typed before both paid reaches A masked,
// and shows unmasked in A's open thread the moment the second fee is paid.
import type { BrowserContext, Page } from "@playwright/test";
import { accept, expect, hydrated, listItem, member, propose, startCheckout, test } from "./fixtures";

const ASK = "Is it still available? Call me on 0412 345 678";
const MASKED_ASK = "Is it still available? Call me on [contact details hidden until you both pay]";

/** The bell's unread count as its link's name says it ("Notifications, 3 unread"; none: 0). */
async function bellCount(page: Page): Promise<number> {
  const name = await page
    .getByRole("link", { name: /^Notifications/ })
    .first()
    .getAttribute("aria-label");
  return Number(/(\d+) unread/.exec(name ?? "")?.[1] ?? 0);
}

/**
 * Pays the member's fee in a tab of its own (the thread's tab stays open): the test checkout with the test card, back
 * on My Swaps. (Its toast is the checkout journeys' to check: on a loaded machine it can be gone before it is seen.)
 */
async function payInAnotherTab(payer: { context: BrowserContext }, swapId: string) {
  const page = await payer.context.newPage();
  await page.goto(await startCheckout(page, swapId));
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel(/expiry/i).fill("12/34");
  await page.getByLabel(/cvc/i).fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/my-swaps/, { timeout: 30_000 });
}

/** Marks the page's window: the mark is still there at the end only if the page was never loaded again. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { __stayedOpen: true }));
const stillOpen = (page: Page) => page.evaluate(() => (window as { __stayedOpen?: boolean }).__stayedOpen === true);

test("every step of a deal appears live in the other member's bell and thread, masked until both pay", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ana = await member(browser, "Ana Costa");
  const ben = await member(browser, "Ben Walker");
  const title = `Ana's trailer ${Date.now()}`;
  const listing = await listItem(ana.page, title);
  const offered = await listItem(ben.page, `Ben's kayak ${Date.now()}`);

  // A is elsewhere on the site, with nothing unread.
  await ana.page.goto("/my-listings");
  await markWindow(ana.page);
  expect(await bellCount(ana.page)).toBe(0);

  // B asks about A's listing, with a phone number.
  await ben.page.goto(`/listings/${listing}`);
  await ben.page.getByRole("button", { name: "Message" }).click();
  await expect(ben.page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await hydrated(ben.page);
  const thread = new URL(ben.page.url()).pathname;
  await markWindow(ben.page);
  await ben.page.getByLabel("Message to Ana Costa").fill(ASK);
  await ben.page.getByRole("button", { name: "Send" }).click();
  await expect(ben.page.getByRole("region", { name: "Messages" }).getByText(ASK, { exact: true })).toBeVisible();

  // A's bell and tab title count it, live.
  await expect.poll(() => bellCount(ana.page)).toBe(1);
  await expect(ana.page).toHaveTitle(/^\(1\) /);
  expect(await stillOpen(ana.page)).toBe(true);

  // A opens the thread: the number is masked for her. She answers; B's open thread shows it, and says it aloud.
  await ana.page.goto(thread);
  await markWindow(ana.page);
  await expect(ana.page.getByText(MASKED_ASK, { exact: true })).toBeVisible();
  await expect(ana.page.getByText("0412 345 678")).toHaveCount(0);
  const benBell = await bellCount(ben.page);
  await ana.page.getByLabel("Message to Ben Walker").fill("Yes, it is. Come and see it on Saturday?");
  await ana.page.getByRole("button", { name: "Send" }).click();
  await expect(
    ben.page
      .getByRole("region", { name: "Messages" })
      .getByText("Yes, it is. Come and see it on Saturday?", { exact: true }),
  ).toBeVisible();
  await expect(
    ben.page.getByText("New message from Ana Costa: Yes, it is. Come and see it on Saturday?"),
  ).toBeAttached();
  await expect.poll(() => bellCount(ben.page)).toBe(benBell + 1);
  // B's open page read it: A's thread says Seen under her line, live.
  await expect(ana.page.getByText("Seen")).toBeVisible();

  // B proposes: A's open thread shows it, and her bell counts it.
  let anaBell = await bellCount(ana.page);
  const swapId = await propose(ben.page, { offered, target: listing });
  await expect(ana.page.getByText("Ben Walker proposed a swap")).toBeVisible();
  await expect.poll(() => bellCount(ana.page)).toBe(anaBell + 1);

  // A accepts: B's open thread and bell.
  let benBellNow = await bellCount(ben.page);
  await accept(ana.page, swapId);
  await expect(ben.page.getByText("Ana Costa accepted the swap")).toBeVisible();
  await expect.poll(() => bellCount(ben.page)).toBe(benBellNow + 1);

  // B pays in another tab: A's open thread and bell; the number is still masked for her.
  anaBell = await bellCount(ana.page);
  await payInAnotherTab(ben, swapId);
  await expect(ana.page.getByText("Ben Walker paid the handshake fee")).toBeVisible();
  await expect.poll(() => bellCount(ana.page)).toBe(anaBell + 1);
  await expect(ana.page.getByText(MASKED_ASK, { exact: true })).toBeVisible();

  // A pays in another tab: the handshake shows in B's open thread (decision 096: paid is arranging), and in A's
  // open thread the number shows.
  benBellNow = await bellCount(ben.page);
  await payInAnotherTab(ana, swapId);
  await expect(
    ben.page.getByText("Ana Costa paid the handshake fee. Contact details are shared: arrange a time and place"),
  ).toBeVisible();
  await expect.poll(() => bellCount(ben.page)).toBe(benBellNow + 1);
  await expect(ana.page.getByText(ASK, { exact: true })).toBeVisible();
  await expect(ana.page.getByText(MASKED_ASK, { exact: true })).toHaveCount(0);

  // Neither page was loaded again: all of it came over the live stream.
  expect(await stillOpen(ana.page)).toBe(true);
  expect(await stillOpen(ben.page)).toBe(true);
  await ana.close();
  await ben.close();
});

test("a visitor's page opens no live stream, and /live refuses them", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const streams: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/live") streams.push(request.url());
  });
  await page.goto("/");
  await page.waitForTimeout(500);
  expect(streams).toEqual([]);
  expect((await page.request.get("/live")).status()).toBe(401);
  await context.close();
});
