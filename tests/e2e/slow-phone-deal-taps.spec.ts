// The deal's own controls (issue 28) tapped early on a slow phone (decision 064; how a try works is in
// slow-phone.ts): proposing and agreeing a time and place, "We've swapped", the review form with its tags, Report a
// problem, confirming a phone by text, and a listing's appeal. Each try gets what it starts from made for it
// (unthrottled): a swap both members have paid, a completed swap, a code waiting, a listing taken down.
// What each control promises is checked where it stays on the page (the thread's "You've confirmed."), not in its
// toast: a tap before hydration posts natively and the new page draws the toast at once, but the toast leaves after
// 4 s by CSS while the throttled page is still busy running its scripts, so Playwright (whose checks run on that same
// busy thread) could miss a toast the member saw. Three CI runs on a loaded machine lost "Agree" and "We've swapped"
// that way (decision 106).
import type { Browser, Page } from "@playwright/test";
import {
  accept,
  confirmSwapped,
  expect,
  listItem,
  member,
  originHeader,
  payOnTestCheckout,
  propose,
  test,
} from "./fixtures";
import { readTextCode } from "./phone-code";
import { asMember, control, RESULT_MS, type Signed, tapsOnASlowPhone } from "./slow-phone";
import { staffSession } from "./staff";

/** What a try of a deal control starts from: a swap both members paid for (Arranging), and its thread. */
type PaidSwap = { swapId: string; thread: string; proposer: Signed; owner: Signed };

let made = 0;

/** Two new members, a listing each; one proposes, the other accepts, both pay their fee: the swap is Arranging. */
async function paidSwap(browser: Browser): Promise<PaidSwap> {
  const n = ++made;
  const proposer = await member(browser, "Pia Proposer");
  const owner = await member(browser, "Otto Owner");
  try {
    const offered = await listItem(proposer.page, `Pia's drill ${n} ${Date.now().toString(36)}`);
    const target = await listItem(owner.page, `Otto's kayak ${n} ${Date.now().toString(36)}`, {
      category: "sports_outdoors",
    });
    const swapId = await propose(proposer.page, { offered, target });
    await accept(owner.page, swapId);
    await payOnTestCheckout(proposer.page, swapId);
    await payOnTestCheckout(owner.page, swapId);
    // The swap's thread is the proposer's conversation about the target listing (asking again finds it).
    const res = await proposer.page.request.post(`/api/v1/listings/${target}/conversation`, {
      headers: originHeader(),
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
    const thread = (await res.json()).id as string;
    return {
      swapId,
      thread,
      proposer: await proposer.context.storageState(),
      owner: await owner.context.storageState(),
    };
  } finally {
    await proposer.close();
    await owner.close();
  }
}

/** A Sydney date and time two days ahead at 10:30, as the datetime-local field takes it. */
function inTwoDays(): string {
  const day = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  return `${new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(day)}T10:30`;
}

/** A step of the arranging swap posted as the form does without JavaScript (a redirect back with its toast). */
async function arrange(page: Page, swapId: string, fields: Record<string, string>) {
  const res = await page.request.post(`/my-swaps/${swapId}/arrange`, {
    form: { back: "/my-swaps", ...fields },
    headers: originHeader(),
    maxRedirects: 0,
  });
  expect(res.status(), await res.text()).toBe(302);
}

/** The staff member whose takedowns the appeal control's owners appeal. */
let admin: Signed | undefined;

const controls = [
  control({
    name: "Propose a time and place in the thread",
    tries: 3,
    before: paidSwap,
    as: (s: PaidSwap) => s.proposer,
    from: (s: PaidSwap) => `/messages/${s.thread}`,
    tap: async (page: Page) => {
      await page.getByLabel("Date and time (Sydney time)").fill(inTwoDays());
      await page.getByLabel("Place").fill("Bunnings car park, Alexandria");
      await page.getByRole("button", { name: "Propose a time and place" }).tap();
    },
    done: async (page: Page) => {
      await expect(page.getByText(/^You proposed this\. Waiting for/)).toBeVisible({ timeout: RESULT_MS });
    },
  }),
  control({
    name: "Agree to a time and place",
    tries: 3,
    before: async (browser: Browser) => {
      const swap = await paidSwap(browser);
      await asMember(browser, swap.proposer, (page) =>
        arrange(page, swap.swapId, { intent: "propose", meetAt: inTwoDays(), place: "Bondi Beach car park" }),
      );
      return swap;
    },
    as: (s: PaidSwap) => s.owner,
    from: (s: PaidSwap) => `/messages/${s.thread}`,
    tap: (page: Page) => page.getByRole("button", { name: "Agree", exact: true }).tap(),
    done: async (page: Page) => {
      await expect(page.getByText(/^You've both agreed\./)).toBeVisible({ timeout: RESULT_MS });
    },
  }),
  control({
    name: "We've swapped",
    tries: 3,
    before: paidSwap,
    as: (s: PaidSwap) => s.owner,
    from: (s: PaidSwap) => `/messages/${s.thread}`,
    tap: (page: Page) => page.getByRole("button", { name: "We've swapped" }).tap(),
    done: async (page: Page) => {
      await expect(page.getByText(/^You've confirmed\./)).toBeVisible({ timeout: RESULT_MS });
    },
  }),
  control({
    name: "Leave review with stars and tags",
    tries: 2,
    before: async (browser: Browser) => {
      const swap = await paidSwap(browser);
      await asMember(browser, swap.proposer, (page) => confirmSwapped(page, swap.swapId));
      await asMember(browser, swap.owner, (page) => confirmSwapped(page, swap.swapId));
      return swap;
    },
    as: (s: PaidSwap) => s.proposer,
    from: () => "/my-swaps?tab=sent",
    tap: async (page: Page) => {
      await page.getByRole("radio", { name: "5 stars" }).tap();
      await page.getByRole("checkbox", { name: "On time" }).tap();
      await page.getByLabel("Your review (optional)").fill("Turned up on time, kayak as described.");
      await page.getByRole("button", { name: "Leave review" }).tap();
    },
    done: async (page: Page) => {
      await expect(page.getByText(/Shown to Otto .*when they review you/)).toBeVisible({ timeout: RESULT_MS });
    },
  }),
  control({
    name: "Report a problem",
    tries: 2,
    before: paidSwap,
    as: (s: PaidSwap) => s.proposer,
    from: (s: PaidSwap) => `/my-swaps/${s.swapId}/problem`,
    tap: async (page: Page) => {
      await page.getByRole("radio", { name: "They didn't show up" }).tap();
      await page.getByLabel("What happened?").fill("We agreed on Saturday at ten and nobody came.");
      await page.getByRole("button", { name: "Report problem" }).tap();
    },
    done: async (page: Page) => {
      // What stays on the page once it is reported (the toast that says so comes and goes).
      await expect(page.getByText("You've already reported a problem on this swap.")).toBeVisible({
        timeout: RESULT_MS,
      });
    },
  }),
  control({
    name: "Send code to confirm a phone",
    tries: 2,
    before: async (browser: Browser) => {
      const someone = await member(browser, "Tess Texter");
      const state = await someone.context.storageState();
      await someone.close();
      return { state, local: distinctMobile() };
    },
    as: (m: { state: Signed }) => m.state,
    from: () => "/account",
    tap: async (page: Page, m: { local: string }) => {
      await page.getByLabel("Mobile number").fill(m.local);
      await page.getByRole("button", { name: "Send code" }).tap();
    },
    done: async (page: Page) => {
      await expect(page.getByText(/We texted a 6-digit code to/)).toBeVisible({ timeout: RESULT_MS });
    },
  }),
  control({
    name: "Confirm a phone with its code",
    tries: 2,
    before: async (browser: Browser) => {
      const someone = await member(browser, "Cal Coder");
      const local = distinctMobile();
      const res = await someone.page.request.post("/account?index", {
        form: { intent: "phone-send", phone: local },
        headers: originHeader(),
        maxRedirects: 0,
      });
      expect(res.status(), await res.text()).toBe(302);
      const code = await readTextCode(someone.page, `+61${local.slice(1)}`);
      const state = await someone.context.storageState();
      await someone.close();
      return { state, code };
    },
    as: (m: { state: Signed }) => m.state,
    from: () => "/account",
    tap: async (page: Page, m: { code: string }) => {
      await page.getByLabel("Code from the text message").fill(m.code);
      await page.getByRole("button", { name: "Confirm", exact: true }).tap();
    },
    done: async (page: Page) => {
      await expect(page.getByText("Phone confirmed").first()).toBeVisible({ timeout: RESULT_MS });
    },
  }),
  control({
    name: "Send appeal against a takedown",
    tries: 2,
    before: async (browser: Browser) => {
      const owner = await member(browser, "Abe Appealer");
      const listingId = await listItem(owner.page, `Abe's chainsaw ${Date.now().toString(36)}`);
      const state = await owner.context.storageState();
      await owner.close();
      await asMember(browser, admin!, async (page) => {
        const res = await page.request.post("/admin/listings", {
          form: { moderation: "takedown", ids: listingId, reason: "Looks like a stock photo", back: "/admin/listings" },
          headers: originHeader(),
          maxRedirects: 0,
        });
        expect(res.status(), await res.text()).toBe(302);
      });
      return { state, listingId };
    },
    as: (m: { state: Signed }) => m.state,
    from: (m: { listingId: string }) => `/listings/${m.listingId}/appeal`,
    tap: async (page: Page) => {
      await page.getByLabel("Why should we look at this again?").fill("It's my own chainsaw, photographed in my shed.");
      await page.getByRole("button", { name: "Send appeal" }).tap();
    },
    done: async (page: Page) => {
      await expect(page.getByText("Appeal sent: under review")).toBeVisible({ timeout: RESULT_MS });
    },
  }),
];

let mobiles = 0;
/** A mobile number of this run's own (the per-number limit counts across members and runs). */
function distinctMobile(): string {
  return `04${String(Date.now() + ++mobiles).slice(-8)}`;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await staffSession(page, "admin");
  admin = await context.storageState();
  await context.close();
});

tapsOnASlowPhone(controls);
