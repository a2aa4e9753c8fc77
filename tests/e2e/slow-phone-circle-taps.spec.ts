// A swap circle's own controls (issue 29, decisions 104, 105, 110, 111) tapped early on a slow phone (decision 064;
// how a try works is in slow-phone.ts): accepting the circle, "We've swapped", "Report a problem" (decision 112),
// and the review form with its tags. Accept and "We've swapped" are the same one-button native forms as a swap's
// (slow-phone-deal-taps.spec.ts): one try each here; the two forms get two. Each try gets a circle of two of its
// own, made unthrottled: two members who each favourited the other's listing, so the app itself offers them the
// circle, taken as far as the control needs by native form posts (as a tap before hydration sends them) and the
// test checkout. What each control promises is checked where it stays on the page, not in its toast (decision 106).
import type { Browser, Page } from "@playwright/test";
import { expect, expectFeePaid, listItem, member, originHeader } from "./fixtures";
import { control, RESULT_MS, type Signed, tapsOnASlowPhone } from "./slow-phone";

type Stage = "offered" | "arranging" | "completed";
type MadeCircle = { circleId: string; first: Signed; second: Signed; secondName: string };

let made = 0;

/** Two new members, a listing each, each favouriting the other's: the finder offers them a circle of two. */
async function circleOfTwo(browser: Browser, stage: Stage): Promise<MadeCircle> {
  const n = ++made;
  const run = Date.now().toString(36);
  const first = await member(browser, "Fay First");
  const second = await member(browser, "Sid Second");
  try {
    const mine = await listItem(first.page, `Fay's tent ${n} ${run}`);
    const theirs = await listItem(second.page, `Sid's canoe ${n} ${run}`, { category: "sports_outdoors" });
    for (const [someone, listing] of [
      [first, theirs],
      [second, mine],
    ] as const) {
      const res = await someone.page.request.post(`/listings/${listing}/favourite`, {
        form: { favourite: "true", redirectTo: `/listings/${listing}` },
        headers: originHeader(),
        maxRedirects: 0,
      });
      expect(res.status(), await res.text()).toBe(302);
    }
    // The finder runs after the favourite's commit, through the events path: the circle shows on My Swaps.
    let circleId = "";
    await expect
      .poll(
        async () => {
          const html = await (await first.page.request.get("/my-swaps")).text();
          circleId = /\/my-swaps\/circles\/([0-9a-f-]{36})/.exec(html)?.[1] ?? "";
          return circleId;
        },
        { timeout: 45_000 },
      )
      .not.toBe("");
    if (stage !== "offered") {
      for (const someone of [first, second]) await post(someone.page, circleId, { intent: "accept" });
      for (const someone of [first, second]) await payForCircle(someone.page, circleId);
    }
    if (stage === "completed")
      for (const someone of [first, second]) await post(someone.page, circleId, { intent: "swapped" });
    return {
      circleId,
      first: await first.context.storageState(),
      second: await second.context.storageState(),
      secondName: second.name,
    };
  } finally {
    await first.close();
    await second.close();
  }
}

/** A circle's step posted as its form does without JavaScript: a redirect back to the circle with its toast. */
async function post(page: Page, circleId: string, form: Record<string, string>) {
  const res = await page.request.post(`/my-swaps/circles/${circleId}`, {
    form,
    headers: originHeader(),
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(302);
  expect(res.headers().location).toBe(`/my-swaps/circles/${circleId}`);
}

/** The Pay step: the circle's form sends the member to the test checkout, where the card is held. */
async function payForCircle(page: Page, circleId: string) {
  const res = await page.request.post(`/my-swaps/circles/${circleId}`, {
    form: { intent: "pay" },
    headers: originHeader(),
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(302);
  await page.goto(res.headers().location ?? "");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel(/expiry/i).fill("12/34");
  await page.getByLabel(/cvc/i).fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expectFeePaid(page, { circleId });
}

const circlePage = (c: MadeCircle) => `/my-swaps/circles/${c.circleId}`;

tapsOnASlowPhone([
  control({
    name: "Accept a swap circle",
    tries: 1,
    before: (browser: Browser) => circleOfTwo(browser, "offered"),
    as: (c: MadeCircle) => c.first,
    from: circlePage,
    tap: (page: Page) => page.getByRole("button", { name: "Accept swap circle" }).tap(),
    done: async (page: Page) => {
      await expect(page.getByText(/^You accepted\. Waiting for everyone else/)).toBeVisible({ timeout: RESULT_MS });
    },
  }),
  control({
    name: "We've swapped, on a swap circle",
    tries: 1,
    before: (browser: Browser) => circleOfTwo(browser, "arranging"),
    as: (c: MadeCircle) => c.first,
    from: circlePage,
    tap: (page: Page) => page.getByRole("button", { name: "We've swapped" }).tap(),
    done: async (page: Page) => {
      await expect(page.getByText(/^You confirmed the swap\./)).toBeVisible({ timeout: RESULT_MS });
    },
  }),
  control({
    name: "Report a problem on a swap circle",
    tries: 2,
    before: (browser: Browser) => circleOfTwo(browser, "arranging"),
    as: (c: MadeCircle) => c.first,
    from: (c: MadeCircle) => `/my-swaps/circles/${c.circleId}/problem`,
    tap: async (page: Page) => {
      await page.getByRole("radio", { name: "They didn't show up" }).tap();
      await page.getByLabel("What happened?").fill("We agreed on Saturday at ten and nobody came.");
      await page.getByRole("button", { name: "Report problem" }).tap();
    },
    done: async (page: Page) => {
      // What stays on the page once it is reported (the toast that says so comes and goes).
      await expect(page.getByText("You've already reported a problem on this swap circle.")).toBeVisible({
        timeout: RESULT_MS,
      });
    },
  }),
  control({
    name: "Review a swap circle with stars and tags",
    tries: 2,
    before: (browser: Browser) => circleOfTwo(browser, "completed"),
    as: (c: MadeCircle) => c.first,
    from: circlePage,
    tap: async (page: Page) => {
      await page.getByRole("radio", { name: "5 stars" }).tap();
      await page.getByRole("checkbox", { name: "On time" }).tap();
      await page.getByLabel("Your review (optional)").fill("Canoe as described, handed over on time.");
      await page.getByRole("button", { name: "Leave review" }).tap();
    },
    done: async (page: Page, c: MadeCircle) => {
      await expect(page.getByText(`Shown to ${c.secondName} once everyone in the circle has reviewed`)).toBeVisible({
        timeout: RESULT_MS,
      });
    },
  }),
]);
