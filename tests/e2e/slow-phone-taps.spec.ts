// A tap does what it says before, during and after hydration (decision 064), on a phone-class CPU.
//
// Each try is a new visitor on a phone (375 px, touch) whose CPU Chromium slows 8×: the page is opened and its
// control tapped as soon as it is drawn, without waiting for React (the framework loads after the first paint,
// decision 020, so the tap lands before, while or just after the page hydrates). A try is dead when the page the
// control promises has not appeared 15 s later: nothing happened, or the tap hit something else.
import type { Browser, Page } from "@playwright/test";
import { expect, someonesListing, test } from "./fixtures";

const TRIES = 10;
/**
 * How long the promised page may take. A dead tap never gets there; a slow one on a busy test machine (each try's
 * CPU is slowed 8× on top) must not count as dead.
 */
const RESULT_MS = 30_000;
/** Tries run this many at a time: each waits mostly on its own slowed page, and the suite stays a few minutes. */
const AT_ONCE = 3;

const title = `Slow phone kayak ${Date.now().toString(36)}`;
let listingId = "";

type Control = {
  name: string;
  /** Where the visitor starts. */
  from: () => string;
  /** Taps the control the moment it is drawn (Playwright's tap waits for it to be visible and still, no more). */
  tap: (page: Page) => Promise<void>;
  /** What the control promises; throws if it has not appeared in time. */
  done: (page: Page) => Promise<void>;
};

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
];

// A listing of this file's own, for the card, its page and Propose Swap.
test.beforeAll(async ({ browser }) => {
  listingId = await someonesListing(browser, "Robin Slowtap", title, {
    description: "A sea kayak with two paddles, for the slow phone taps journey.",
    category: "sports_outdoors",
    valueMin: "300",
    valueMax: "500",
  });
});

type Outcome = { dead: boolean; tapped: "before hydration" | "after hydration" | "unknown"; detail: string };

async function tryOnce(browser: Browser, control: Control): Promise<Outcome> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
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
  }
}

test.describe("taps on a slow phone", () => {
  for (const control of controls) {
    test(`${control.name}: ${TRIES} early taps, none dead`, async ({ browser }) => {
      test.setTimeout(TRIES * 30_000);
      const outcomes: Outcome[] = [];
      for (let i = 0; i < TRIES; i += AT_ONCE) {
        const batch = Array.from({ length: Math.min(AT_ONCE, TRIES - i) }, () => tryOnce(browser, control));
        outcomes.push(...(await Promise.all(batch)));
      }
      const count = (tapped: Outcome["tapped"]) => outcomes.filter((o) => o.tapped === tapped).length;
      const dead = outcomes.filter((o) => o.dead);
      const summary = `${dead.length}/${TRIES} dead; tapped before hydration ${count("before hydration")}, after ${count("after hydration")}, unknown ${count("unknown")}`;
      test.info().annotations.push({ type: "taps", description: summary });
      console.log(`${control.name}: ${summary}`);
      expect(
        dead.map((o) => `${o.tapped}: ${o.detail}`),
        `${control.name}: dead taps out of ${TRIES}`,
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
