import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { accept, expect, expectNoAxeViolations, listItem, member, originHeader, propose, test } from "./fixtures";

// My Swaps and the test checkout as a deal screen: both items linked, Accept/Decline/Withdraw asked first
// (dialog with JavaScript, the same step as a page without), who has paid in words, and a checkout that
// keeps a declined card's member on the page and checks the card on the server.

const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 375, height: 740 };

async function swapStatus(page: Page, swapId: string) {
  const res = await page.request.get(`/api/v1/swaps/${swapId}`);
  return (await res.json()).swap.status as string;
}

/** Two members, each with a listing, and a pending proposal from Liam (his drone) for Mia's bike. */
async function pendingDeal(browser: Browser, options: BrowserContextOptions = {}) {
  const stamp = Date.now();
  const liam = await member(browser, "Liam Nguyen", { viewport: WIDE, ...options });
  const mia = await member(browser, "Mia Rossi", { viewport: WIDE, ...options });
  const drone = { title: `Liam's drone ${stamp}`, id: "" };
  const bike = { title: `Mia's bike ${stamp}`, id: "" };
  drone.id = await listItem(liam.page, drone.title);
  bike.id = await listItem(mia.page, bike.title);
  const swapId = await propose(liam.page, { offered: drone.id, target: bike.id });
  return { liam, mia, drone, bike, swapId };
}

/** The dialog stays on screen at this width: nothing is cut off and nothing scrolls sideways. */
async function expectFitsViewport(page: Page, width: number) {
  const dialog = page.getByRole("dialog");
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  for (const button of await dialog.getByRole("button").all()) await expect(button).toBeInViewport();
  await expect(dialog.getByRole("link", { name: "Cancel" })).toBeInViewport();
}

test("both items of a proposal link to their listings, for both members, before and after acceptance", async ({
  browser,
}) => {
  const { liam, mia, drone, bike, swapId } = await pendingDeal(browser);
  await mia.page.goto("/my-swaps");
  const card = mia.page.getByRole("article").filter({ hasText: drone.title });
  await expect(card.getByRole("link", { name: drone.title })).toHaveAttribute("href", `/listings/${drone.id}`);
  await expect(card.getByRole("link", { name: bike.title })).toHaveAttribute("href", `/listings/${bike.id}`);
  await card.getByRole("link", { name: drone.title }).click();
  await expect(mia.page.getByRole("heading", { level: 1, name: drone.title })).toBeVisible();

  // Accepted (both listings reserved): each member still opens the other's listing from the card, which no
  // longer offers a swap of its own.
  await accept(mia.page, swapId);
  await liam.page.goto("/my-swaps?tab=sent");
  const sent = liam.page.getByRole("article").filter({ hasText: bike.title });
  await sent.getByRole("link", { name: bike.title }).click();
  await expect(liam.page).toHaveURL(`/listings/${bike.id}`);
  await expect(liam.page.getByRole("heading", { level: 1, name: bike.title })).toBeVisible();
  await expect(liam.page.getByText("reserved", { exact: true })).toBeVisible();
  await expect(liam.page.getByRole("link", { name: "Propose Swap" })).toHaveCount(0);
  await expectNoAxeViolations(liam.page);
  await liam.context.close();
  await mia.context.close();
});

for (const viewport of [WIDE, NARROW]) {
  test(`Accept asks first in a dialog that works by keyboard (${viewport.width} px)`, async ({ browser }) => {
    const { liam, mia, drone, swapId } = await pendingDeal(browser, { viewport });
    await mia.page.goto("/my-swaps");
    const card = mia.page.getByRole("article").filter({ hasText: drone.title });
    const accept = card.getByRole("button", { name: "Accept" });

    await accept.focus();
    await mia.page.keyboard.press("Enter");
    const dialog = mia.page.getByRole("dialog", { name: "Accept this swap?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`for Liam Nguyen's ${drone.title}`);
    // Focus starts on Cancel; Escape closes the dialog, gives focus back to Accept and changes nothing.
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
    await expectFitsViewport(mia.page, viewport.width);
    await expectNoAxeViolations(mia.page);
    await mia.page.screenshot({ path: test.info().outputPath(`accept-dialog-${viewport.width}.png`) });
    await mia.page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(accept).toBeFocused();
    expect(await swapStatus(mia.page, swapId)).toBe("pending");

    // Tab stays inside the dialog (it wraps); Enter on the confirm button accepts.
    await mia.page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await mia.page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Yes, accept swap" })).toBeFocused();
    await mia.page.keyboard.press("Tab");
    await expect(dialog.getByRole("link", { name: "Cancel" })).toBeFocused();
    await mia.page.keyboard.press("Shift+Tab");
    await mia.page.keyboard.press("Enter");
    await expect(
      mia.page.getByText("Swap proposal accepted! Both parties need to pay $9.99 to proceed."),
    ).toBeVisible();
    await expect(card.getByText("Neither of you has paid yet")).toBeVisible();
    expect(await swapStatus(mia.page, swapId)).toBe("accepted");
    await mia.page.screenshot({ path: test.info().outputPath(`accepted-card-${viewport.width}.png`), fullPage: true });
    await liam.context.close();
    await mia.context.close();
  });
}

test("Decline and Withdraw ask first too; Cancel changes nothing", async ({ browser }) => {
  const { liam, mia, drone, bike, swapId } = await pendingDeal(browser);
  // Liam withdraws (after thinking twice).
  await liam.page.goto("/my-swaps?tab=sent");
  const sent = liam.page.getByRole("article").filter({ hasText: bike.title });
  await sent.getByRole("button", { name: "Withdraw" }).click();
  const withdraw = liam.page.getByRole("dialog", { name: "Withdraw your proposal?" });
  await expect(withdraw).toContainText(`Your offer of ${drone.title} for Mia Rossi's ${bike.title} is withdrawn`);
  await withdraw.getByRole("link", { name: "Cancel" }).click();
  await expect(withdraw).toHaveCount(0);
  expect(await swapStatus(liam.page, swapId)).toBe("pending");

  // Mia declines it first.
  await mia.page.goto("/my-swaps");
  await mia.page.getByRole("article").filter({ hasText: drone.title }).getByRole("button", { name: "Decline" }).click();
  const decline = mia.page.getByRole("dialog", { name: "Decline this swap?" });
  await expect(decline).toContainText("Liam Nguyen is told");
  await expectNoAxeViolations(mia.page);
  await decline.getByRole("button", { name: "Yes, decline" }).click();
  await expect(mia.page.getByText("Swap proposal rejected")).toBeVisible();
  expect(await swapStatus(mia.page, swapId)).toBe("rejected");
  await liam.context.close();
  await mia.context.close();
});

test("without JavaScript the same steps are pages, and the server acts only on a confirmed form", async ({
  browser,
}) => {
  const { liam, mia, drone, bike, swapId } = await pendingDeal(browser, { javaScriptEnabled: false });

  // A bare post (an old page, a replayed form) is sent to the confirmation step and changes nothing.
  const bare = await mia.page.request.post("/my-swaps", {
    headers: originHeader(),
    form: { intent: "accept", swapId, tab: "received" },
    maxRedirects: 0,
  });
  expect(bare.status()).toBe(302);
  expect(bare.headers().location).toBe(`/my-swaps?confirm=accept&swap=${swapId}`);
  expect(await swapStatus(mia.page, swapId)).toBe("pending");

  await liam.page.goto("/my-swaps?tab=sent");
  await liam.page
    .getByRole("article")
    .filter({ hasText: bike.title })
    .getByRole("button", { name: "Withdraw" })
    .click();
  await expect(liam.page).toHaveURL(`/my-swaps?tab=sent&confirm=withdraw&swap=${swapId}`);
  await liam.page
    .getByRole("dialog", { name: "Withdraw your proposal?" })
    .getByRole("link", { name: "Cancel" })
    .click();
  await expect(liam.page).toHaveURL("/my-swaps?tab=sent");
  expect(await swapStatus(liam.page, swapId)).toBe("pending");

  await mia.page.goto("/my-swaps");
  await mia.page.getByRole("article").filter({ hasText: drone.title }).getByRole("button", { name: "Accept" }).click();
  // The same dialog markup as with JavaScript (axe runs there: it needs JavaScript in the page).
  const dialog = mia.page.getByRole("dialog", { name: "Accept this swap?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, accept swap" }).click();
  await expect(mia.page).toHaveURL("/my-swaps");
  await expect(mia.page.getByText("Swap proposal accepted! Both parties need to pay $9.99 to proceed.")).toBeVisible();
  expect(await swapStatus(mia.page, swapId)).toBe("accepted");
  await liam.context.close();
  await mia.context.close();
});

/** From My Swaps' Pay button to the test checkout. */
async function openCheckout(page: Page, tab: "sent" | "received") {
  await page.goto(tab === "sent" ? "/my-swaps?tab=sent" : "/my-swaps");
  await page.getByRole("button", { name: "Pay $9.99" }).click();
  await expect(page.getByRole("heading", { name: "SwapShed test checkout" })).toBeVisible();
  return page.url();
}

async function fillCard(page: Page, card: { number: string; expiry: string; cvc: string }) {
  await page.getByLabel("Card number").fill(card.number);
  await page.getByLabel("Expiry date").fill(card.expiry);
  await page.getByLabel("CVC").fill(card.cvc);
}

test("each card says who has paid; a declined card stays on the checkout with the reason and pays on the retry", async ({
  browser,
}) => {
  test.slow();
  const { liam, mia, bike, drone, swapId } = await pendingDeal(browser);
  await accept(mia.page, swapId);

  const checkout = await openCheckout(liam.page, "sent");
  await fillCard(liam.page, { number: "4000 0000 0000 0002", expiry: "12 / 34", cvc: "123" });
  await liam.page.getByRole("button", { name: "Pay $9.99" }).click();
  const reason = liam.page.getByRole("alert").filter({ hasText: "Your card was declined." });
  await expect(reason).toBeVisible();
  await expect(reason).toContainText("Nothing was charged.");
  await expect(liam.page).toHaveURL(checkout);
  await expect(liam.page.getByLabel("Card number")).toBeFocused();
  await expectNoAxeViolations(liam.page);
  await liam.page.screenshot({ path: test.info().outputPath("checkout-declined.png"), fullPage: true });
  await liam.page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await liam.page.getByRole("button", { name: "Try again: pay $9.99" }).click();
  await expect(liam.page).toHaveURL("/my-swaps?tab=sent");
  await expect(liam.page.getByText("Payment received. Thank you!")).toBeVisible();
  const liamsCard = liam.page.getByRole("article").filter({ hasText: bike.title });
  await expect(liamsCard.getByText("You have paid; waiting for Mia")).toBeVisible();

  await mia.page.goto("/my-swaps");
  const miasCard = mia.page.getByRole("article").filter({ hasText: drone.title });
  await expect(miasCard.getByText("Liam has paid; your turn")).toBeVisible();
  await openCheckout(mia.page, "received");
  await fillCard(mia.page, { number: "4242424242424242", expiry: "1/40", cvc: "4321" });
  await mia.page.getByRole("button", { name: "Pay $9.99" }).click();
  await expect(mia.page.getByText("Payment received. Thank you!")).toBeVisible();
  await expect(miasCard.getByText("You have both paid")).toBeVisible();
  await expect(miasCard.getByRole("region", { name: "Contact details" })).toBeVisible();
  await liam.page.goto("/my-swaps?tab=sent");
  await expect(liamsCard.getByText("You have both paid")).toBeVisible();
  await liam.context.close();
  await mia.context.close();
});

for (const js of [true, false]) {
  test(`the checkout refuses a missing or past expiry and a missing CVC with field messages, on the server (${js ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    // With JavaScript at 375 px (the expiry and CVC messages side by side), without at 1280 px.
    const { liam, mia, swapId } = await pendingDeal(browser, { javaScriptEnabled: js, viewport: js ? NARROW : WIDE });
    await accept(mia.page, swapId);
    const checkout = await openCheckout(liam.page, "sent");

    await liam.page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await liam.page.getByRole("button", { name: "Pay $9.99" }).click();
    await expect(liam.page.getByLabel("Expiry date")).toHaveAccessibleDescription("Enter the card's expiry date");
    await expect(liam.page.getByLabel("CVC")).toHaveAccessibleDescription("Enter the CVC");
    await expect(liam.page.getByLabel("Expiry date")).toHaveAttribute("aria-invalid", "true");
    await expect(liam.page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    if (js) await expect(liam.page.getByLabel("Expiry date")).toBeFocused();
    await expect(liam.page).toHaveURL(checkout);

    await liam.page.getByLabel("Expiry date").fill("01/20");
    await liam.page.getByLabel("CVC").fill("12");
    await liam.page.getByRole("button", { name: "Pay $9.99" }).click();
    await expect(liam.page.getByLabel("Expiry date")).toHaveAccessibleDescription(
      "The expiry date must be in the future",
    );
    await expect(liam.page.getByLabel("CVC")).toHaveAccessibleDescription("The CVC is 3 or 4 digits");
    if (js) await expectNoAxeViolations(liam.page);
    await liam.page.screenshot({
      path: test.info().outputPath(`checkout-errors-${js ? "js" : "nojs"}.png`),
      fullPage: true,
    });
    // Nothing was recorded: the swap still waits for Liam's fee.
    const swap = (await (await liam.page.request.get(`/api/v1/swaps/${swapId}`)).json()).swap;
    expect(swap).toMatchObject({ status: "accepted", iPaid: false });

    await liam.page.getByLabel("Expiry date").fill("12/34");
    await liam.page.getByLabel("CVC").fill("123");
    await liam.page.getByRole("button", { name: "Pay $9.99" }).click();
    await expect(liam.page).toHaveURL("/my-swaps?tab=sent");
    await expect(liam.page.getByText("You have paid; waiting for Mia")).toBeVisible();
    await liam.context.close();
    await mia.context.close();
  });
}

test("a bogus checkout id is the site's 404 page, with header, footer and title", async ({ browser }) => {
  for (const viewport of [WIDE, NARROW]) {
    const { context, page } = await member(browser, "Ava Brown", { viewport });
    const response = await page.goto("/checkout/cs_local_000000000000000000000000");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | SwapShed");
    await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`checkout-404-${viewport.width}.png`), fullPage: true });
    await context.close();
  }
});
