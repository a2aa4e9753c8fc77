// A tap does what it says before, during and after hydration (decision 064), on a phone-class CPU.
//
// Each try is a new visitor on a phone (375 px, touch) whose CPU Chromium slows 8×: the page is opened and its
// control tapped as soon as it is drawn, without waiting for React (the framework loads after the first paint,
// decision 020, so the tap lands before, while or just after the page hydrates). A try is dead when the page the
// control promises has not appeared 15 s later: nothing happened, or the tap hit something else.
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { expect, listItem, member, originHeader, test } from "./fixtures";

// Six tries land on both sides of hydration (the reports say about half before, half after) and keep the file to a
// few minutes of CI; it was ten until issue 26's six controls made it the longest journey by far (decision 093).
const TRIES = 6;
/**
 * How long the promised page may take. A dead tap never gets there; a slow one on a busy test machine (each try's
 * CPU is slowed 8× on top) must not count as dead.
 */
const RESULT_MS = 30_000;
/** Tries run this many at a time: each waits mostly on its own slowed page, and the suite stays a few minutes. */
const AT_ONCE = 3;

const title = `Slow phone kayak ${Date.now().toString(36)}`;
let listingId = "";
type Signed = NonNullable<BrowserContextOptions["storageState"]>;
/** The members of the signed-in controls: the listing's owner, a member asking about it, one who writes to the owner. */
const signedIn: { owner?: Signed; asker?: Signed; writer?: Signed } = {};
/** The asker's thread about the listing, and the writer's (whose messages put notices in the owner's bell). */
let askerThread = "";
let writerThread = "";
/** What each try of the Send form typed, by page, for its `done` to find in the thread. */
const typed = new WeakMap<Page, string>();
let sends = 0;

type Control = {
  name: string;
  /** Where the visitor starts. */
  from: () => string;
  /** Taps the control the moment it is drawn (Playwright's tap waits for it to be visible and still, no more). */
  tap: (page: Page) => Promise<void>;
  /** What the control promises; throws if it has not appeared in time. */
  done: (page: Page) => Promise<void>;
  /** The signed-in member who taps (a new visitor when absent). */
  as?: () => Signed;
  /** Fewer tries for a control whose tries need writes of their own (each member's limits stay far off). */
  tries?: number;
  /** One try at a time for a control whose tries change what the next one starts from. */
  atOnce?: number;
  /** Before each try, unthrottled: what the try needs (an unread notice). */
  before?: (browser: Browser) => Promise<void>;
  /** After each try, unthrottled: what it changed put back (an unblock). */
  after?: (browser: Browser) => Promise<void>;
};

/** A request as a signed-in member, outside the throttled try (their own unthrottled context). */
async function asMember<T>(browser: Browser, state: Signed, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ storageState: state });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The member's conversation about a listing (opened or continued), through the JSON API. */
async function askAbout(page: Page, id: string): Promise<string> {
  const res = await page.request.post(`/api/v1/listings/${id}/conversation`, { headers: originHeader() });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()).id as string;
}

async function sendByApi(page: Page, thread: string, body: string) {
  const res = await page.request.post(`/api/v1/conversations/${thread}/messages`, {
    headers: originHeader(),
    data: { body },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** The owner has an unread notice: the writer sends a message and the owner's page offers "Mark all as read". */
async function unreadNoticeForOwner(browser: Browser) {
  await asMember(browser, signedIn.writer!, (page) => sendByApi(page, writerThread, `Still there? ${Date.now()}`));
  await asMember(browser, signedIn.owner!, async (page) => {
    await expect
      .poll(async () => (await (await page.request.get("/notifications")).text()).includes("Mark all as read"), {
        timeout: 15_000,
      })
      .toBe(true);
  });
}

const controls: Control[] = [
  {
    name: "Sign Up on the sign-in form",
    from: () => "/auth",
    tap: (page) => page.getByRole("main").getByRole("link", { name: "Sign Up", exact: true }).tap(),
    done: async (page) => {
      await expect(page).toHaveURL(/\/auth\?mode=signup$/, { timeout: RESULT_MS });
      await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible({ timeout: RESULT_MS });
    },
  },
  {
    name: "Sign In on the sign-up form",
    from: () => "/auth?mode=signup",
    tap: (page) => page.getByRole("main").getByRole("link", { name: "Sign In", exact: true }).tap(),
    done: async (page) => {
      await expect(page).toHaveURL(/\/auth$/, { timeout: RESULT_MS });
      await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible({ timeout: RESULT_MS });
    },
  },
  {
    name: "a listing card on home",
    from: () => "/",
    tap: (page) => page.getByRole("link", { name: title, exact: true }).first().tap(),
    done: async (page) => {
      await expect(page).toHaveURL(new RegExp(`/listings/${listingId}$`), { timeout: RESULT_MS });
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: RESULT_MS });
    },
  },
  {
    name: "Propose Swap on a listing (visitor)",
    from: () => `/listings/${listingId}`,
    tap: (page) => page.getByRole("main").getByRole("link", { name: "Propose Swap" }).first().tap(),
    done: async (page) => {
      // Signing in then carries on to the proposal (decision 069's return paths).
      const back = encodeURIComponent(`/listings/${listingId}/propose`);
      await expect(page).toHaveURL(new RegExp(`/auth\\?reason=propose&redirectTo=${back}$`), { timeout: RESULT_MS });
      await expect(page.getByText("Please sign in to propose swaps")).toBeVisible({ timeout: RESULT_MS });
    },
  },
  {
    // A button only JavaScript can work (decision 092): drawn from the first paint, a tap before React replayed.
    name: "Share on a listing (visitor)",
    tries: 4,
    from: () => `/listings/${listingId}`,
    tap: (page) => page.getByRole("main").getByRole("button", { name: "Share", exact: true }).tap(),
    done: async (page) => {
      // Copied, or (the clipboard refused this browser) the link shown to copy by hand: either way it answered.
      const answered = page.getByText("Link copied").or(page.getByRole("textbox", { name: "Copy this link" }));
      await expect(answered).toBeVisible({ timeout: RESULT_MS });
    },
  },
  {
    name: "Browse in the phone menu of a listing",
    from: () => `/listings/${listingId}`,
    tap: async (page) => {
      await page.getByRole("banner").locator("summary").last().tap();
      await page.getByRole("banner").getByRole("link", { name: "Browse" }).tap();
    },
    done: async (page) => {
      await expect(page).toHaveURL(/\/#browse$/, { timeout: RESULT_MS });
      await expect(page.getByRole("heading", { name: "Available Swaps" })).toBeInViewport({ timeout: RESULT_MS });
    },
  },
  {
    name: "Search on home",
    from: () => "/",
    tap: async (page) => {
      await page
        .getByRole("search", { name: "Search listings" })
        .getByPlaceholder("What are you looking for?")
        .fill("kayak");
      await page.getByRole("search", { name: "Search listings" }).getByRole("button", { name: "Search" }).tap();
    },
    done: async (page) => {
      await expect(page).toHaveURL(/\/search\?q=kayak/, { timeout: RESULT_MS });
      await expect(page.getByRole("heading", { level: 1, name: /Results for/ })).toBeVisible({ timeout: RESULT_MS });
    },
  },
  // Conversations and notices (issue 26): every control of theirs works before React, as a form or a link.
  {
    name: "Message on a listing (member)",
    as: () => signedIn.asker!,
    tries: 4,
    from: () => `/listings/${listingId}`,
    tap: (page) => page.getByRole("main").getByRole("button", { name: "Message" }).tap(),
    done: async (page) => {
      await expect(page).toHaveURL(new RegExp(`/messages/${askerThread}$`), { timeout: RESULT_MS });
      await expect(page.getByRole("heading", { level: 1, name: "Robin Slowtap" })).toBeVisible({ timeout: RESULT_MS });
    },
  },
  {
    name: "Send in a thread",
    as: () => signedIn.asker!,
    // Each try sends one message: a new account's 10 a minute stay far off with 6 tries, 3 at a time.
    tries: 4,
    from: () => `/messages/${askerThread}`,
    tap: async (page) => {
      const words = `Early tap number ${++sends} on a slow phone`;
      typed.set(page, words);
      await page.getByRole("textbox", { name: "Message to Robin Slowtap" }).fill(words);
      await page.getByRole("button", { name: "Send", exact: true }).tap();
    },
    done: async (page) => {
      await expect(page.getByRole("region", { name: "Messages" }).getByText(typed.get(page)!)).toBeVisible({
        timeout: RESULT_MS,
      });
      await expect(page).toHaveURL(new RegExp(`/messages/${askerThread}$`), { timeout: RESULT_MS });
    },
  },
  {
    name: "Block in a thread, with its confirmation",
    as: () => signedIn.asker!,
    tries: 4,
    atOnce: 1,
    from: () => `/messages/${askerThread}`,
    tap: async (page) => {
      await page.getByRole("main").locator("summary", { hasText: "Block Robin Slowtap" }).tap();
      await page.getByRole("main").getByRole("button", { name: "Block Robin Slowtap" }).tap();
    },
    done: async (page) => {
      await expect(page.getByText("You can't message this member.")).toBeVisible({ timeout: RESULT_MS });
    },
    after: (browser) =>
      asMember(browser, signedIn.asker!, async (page) => {
        const list = (await (await page.request.get("/api/v1/blocks")).json()) as { blocked: { id: string }[] };
        for (const b of list.blocked) await page.request.delete(`/api/v1/blocks/${b.id}`, { headers: originHeader() });
      }),
  },
  {
    name: "Mark all as read on notifications",
    as: () => signedIn.owner!,
    tries: 4,
    atOnce: 1,
    before: unreadNoticeForOwner,
    from: () => "/notifications",
    tap: (page) => page.getByRole("main").getByRole("button", { name: "Mark all as read" }).tap(),
    done: async (page) => {
      await expect(page.getByText("All notifications marked as read.")).toBeVisible({ timeout: RESULT_MS });
    },
  },
  {
    name: "A notice on notifications",
    as: () => signedIn.owner!,
    // A plain link, as the listing card above: fewer tries keep the suite's time.
    tries: 3,
    from: () => "/notifications",
    tap: (page) =>
      page
        .getByRole("main")
        .getByRole("link", { name: /^Nell Notice sent you a message/ })
        .first()
        .tap(),
    done: async (page) => {
      await expect(page).toHaveURL(new RegExp(`/messages/${writerThread}$`), { timeout: RESULT_MS });
      await expect(page.getByRole("heading", { level: 1, name: "Nell Notice" })).toBeVisible({ timeout: RESULT_MS });
    },
  },
  {
    name: "The bell in the header",
    as: () => signedIn.owner!,
    // A plain link, as the listing card above: fewer tries keep the suite's time.
    tries: 3,
    from: () => "/messages",
    tap: (page) =>
      page
        .getByRole("banner")
        .getByRole("link", { name: /^Notifications/ })
        .tap(),
    done: async (page) => {
      await expect(page).toHaveURL(/\/notifications$/, { timeout: RESULT_MS });
      await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible({ timeout: RESULT_MS });
    },
  },
];

// A listing of this file's own, for the card, its page, Propose Swap and Message; its owner, a member asking about
// it, and a member writing to the owner (the owner's notices), each signed in once.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await member(browser, "Robin Slowtap");
  listingId = await listItem(owner.page, title, {
    description: "A sea kayak with two paddles, for the slow phone taps journey.",
    category: "sports_outdoors",
    valueMin: "300",
    valueMax: "500",
  });
  signedIn.owner = await owner.context.storageState();
  await owner.close();
  const asker = await member(browser, "Sam Asker");
  askerThread = await askAbout(asker.page, listingId);
  await sendByApi(asker.page, askerThread, "Is the kayak still available?");
  signedIn.asker = await asker.context.storageState();
  await asker.close();
  const writer = await member(browser, "Nell Notice");
  writerThread = await askAbout(writer.page, listingId);
  await sendByApi(writer.page, writerThread, "Does it come with a spray skirt?");
  signedIn.writer = await writer.context.storageState();
  await writer.close();
});

type Outcome = { dead: boolean; tapped: "before hydration" | "after hydration" | "unknown"; detail: string };

async function tryOnce(browser: Browser, control: Control): Promise<Outcome> {
  await control.before?.(browser);
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
    ...(control.as ? { storageState: control.as() } : {}),
  });
  try {
    const page = await context.newPage();
    // Whether React ran the page when the tap's click arrived (logged by the page itself, so the test's own
    // timing cannot blur it). Only the first click of the first page counts.
    let tapped: Outcome["tapped"] = "unknown";
    await context.addInitScript(() => {
      if (sessionStorage.getItem("tap-seen")) return;
      addEventListener(
        "click",
        () => {
          if (sessionStorage.getItem("tap-seen")) return;
          sessionStorage.setItem("tap-seen", "1");
          console.debug(`tap-seen ${"hydrated" in document.documentElement.dataset ? "after" : "before"} hydration`);
        },
        true,
      );
    });
    page.on("console", (message) => {
      const seen = /^tap-seen (before|after) hydration$/.exec(message.text());
      if (seen && tapped === "unknown") tapped = `${seen[1] as "before" | "after"} hydration`;
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
    // "commit": the page is tapped as soon as it is drawn, not once React runs it (fixtures.ts waits otherwise).
    await page.goto(control.from(), { waitUntil: "commit" });
    await control.tap(page);
    try {
      await control.done(page);
      return { dead: false, tapped, detail: "" };
    } catch {
      // Whether the page was still on its way somewhere (React Router's own navigation), for the report.
      const router = await page
        .evaluate(
          () =>
            (window as { __reactRouterDataRouter?: { state: { navigation: { state: string } } } })
              .__reactRouterDataRouter?.state.navigation.state ?? "not running",
        )
        .catch(() => "unknown");
      return { dead: true, tapped, detail: `ended on ${page.url()} (router: ${router})` };
    }
  } finally {
    await context.close();
    await control.after?.(browser);
  }
}

test.describe("taps on a slow phone", () => {
  for (const control of controls) {
    const tries = control.tries ?? TRIES;
    const atOnce = control.atOnce ?? AT_ONCE;
    test(`${control.name}: ${tries} early taps, none dead`, async ({ browser }) => {
      test.setTimeout(tries * 30_000);
      const outcomes: Outcome[] = [];
      for (let i = 0; i < tries; i += atOnce) {
        const batch = Array.from({ length: Math.min(atOnce, tries - i) }, () => tryOnce(browser, control));
        outcomes.push(...(await Promise.all(batch)));
      }
      const count = (tapped: Outcome["tapped"]) => outcomes.filter((o) => o.tapped === tapped).length;
      const dead = outcomes.filter((o) => o.dead);
      const summary = `${dead.length}/${tries} dead; tapped before hydration ${count("before hydration")}, after ${count("after hydration")}, unknown ${count("unknown")}`;
      test.info().annotations.push({ type: "taps", description: summary });
      console.log(`${control.name}: ${summary}`);
      expect(
        dead.map((o) => `${o.tapped}: ${o.detail}`),
        `${control.name}: dead taps out of ${tries}`,
      ).toEqual([]);
    });
  }
});

/** Where every control is drawn: links, buttons, fields and menu toggles, in document order. */
function controlBoxes(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("a, button, input, select, textarea, summary")].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const name = (
        element.textContent ||
        element.getAttribute("aria-label") ||
        element.getAttribute("name") ||
        ""
      ).trim();
      const at = [box.x, box.y + window.scrollY, box.width, box.height].map(Math.round).join(",");
      return [`${element.tagName.toLowerCase()} "${name.slice(0, 40)}" at ${at}`];
    }),
  );
}

test.describe("nothing moves when React starts", () => {
  for (const viewport of [
    { width: 375, height: 800 },
    { width: 1280, height: 900 },
  ]) {
    test(`every control of the public pages stays where it was drawn (${viewport.width} px)`, async ({ browser }) => {
      test.setTimeout(120_000);
      for (const path of ["/", "/auth", "/auth?mode=signup", "/search?q=kayak", `/listings/${listingId}`]) {
        // Before: the page as drawn from the server's HTML, its first script run, the framework held back.
        const before = await browser.newContext({ viewport });
        await before.route(/\/assets\/.+\.js$/, (route) => route.abort());
        const held = await before.newPage();
        await held.goto(path, { waitUntil: "load" });
        const drawn = await controlBoxes(held);
        await before.close();
        // After: the same page once React runs it.
        const after = await browser.newContext({ viewport });
        const running = await after.newPage();
        await running.goto(path);
        await expect(running.locator("html[data-hydrated]")).toBeAttached();
        // Every control drawn before React stays where it was; a control only JavaScript can work (the password's
        // Show toggle, inside its field) may appear, as long as it moves nothing.
        expect(await controlBoxes(running), `${path} at ${viewport.width} px`).toEqual(expect.arrayContaining(drawn));
        await after.close();
      }
    });
  }
});

test("a tap on Sign in with a passkey before React runs is done once it runs", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // The framework's modules wait until the button has been tapped: the tap surely lands before hydration.
  let release = () => {};
  const tapped = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/.+\.js$/, async (route) => {
    await tapped;
    await route.continue();
  });
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/auth/passkey/options") asked.push(request.method());
  });
  await page.goto("/auth", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Sign in with a passkey" }).tap();
  expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(false);
  expect(asked).toEqual([]);
  release();
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 30_000 });
  // React ran the tap: the passkey ceremony began (its challenge asked for), once.
  await expect.poll(() => asked).toEqual(["POST"]);
  await context.close();
});
