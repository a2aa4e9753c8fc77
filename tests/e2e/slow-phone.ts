// The machinery of the slow-phone journeys (decision 064): each try is a new visitor on a phone (375 px, touch)
// whose CPU Chromium slows 8×; the page is opened and its control tapped as soon as it is drawn, without waiting
// for React (the framework loads after the first paint, decision 020, so the tap lands before, while or just after
// the page hydrates). A try is dead when what the control promises has not appeared in time: nothing happened, or
// the tap hit something else.
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Six tries land on both sides of hydration (the reports say about half before, half after) and keep the file to a
// few minutes of CI; it was ten until issue 26's six controls made it the longest journey by far (decision 093).
export const TRIES = 6;
/**
 * How long the promised page may take. A dead tap never gets there; a slow one on a busy test machine (each try's
 * CPU is slowed 8× on top) must not count as dead. 60 s since 2026-11-29: on a 2-core machine at a load of 8 (CI's
 * two lanes), a listing card's page took over 30 s for three tries of six, all tapped after hydration. 90 s since
 * the same evening: on a slower run of that machine (the journeys 30% slower than the run before), "Agree to a time
 * and place" and "We've swapped" missed 60 s for one and two tries of three. The test's budget (tries × 90 s, a
 * batch of three at once) still covers a try's own paid swap plus this wait.
 */
export const RESULT_MS = 90_000;
/** Tries run this many at a time: each waits mostly on its own slowed page, and the suite stays a few minutes. */
const AT_ONCE = 3;

export type Signed = NonNullable<BrowserContextOptions["storageState"]>;

/**
 * One control tapped early. `T` is what a try needs made for it first (a paid swap of its own, say): `before` makes
 * it, unthrottled, and every other part gets it.
 */
export type Control<T = void> = {
  name: string;
  /** Where the visitor starts. */
  from: (made: T) => string;
  /** Taps the control the moment it is drawn (Playwright's tap waits for it to be visible and still, no more). */
  tap: (page: Page, made: T) => Promise<void>;
  /** What the control promises; throws if it has not appeared in time. */
  done: (page: Page, made: T) => Promise<void>;
  /** The signed-in member who taps (a new visitor when absent). */
  as?: (made: T) => Signed;
  /** Fewer tries for a control whose tries need writes of their own (each member's limits stay far off). */
  tries?: number;
  /** One try at a time for a control whose tries change what the next one starts from. */
  atOnce?: number;
  /** Before each try, unthrottled: what the try needs (an unread notice, a swap of its own). */
  before?: (browser: Browser) => Promise<T>;
  /** After each try, unthrottled: what it changed put back (an unblock). */
  after?: (browser: Browser) => Promise<void>;
};

/** A control whose tries need something made first: typed by its own `before`, listed beside the others. */
// biome-ignore lint/suspicious/noExplicitAny: the list mixes controls of different `T`; each is checked here.
export const control = <T>(c: Control<T>): Control<any> => c;

/** A request as a signed-in member, outside the throttled try (their own unthrottled context). */
export async function asMember<R>(browser: Browser, state: Signed, run: (page: Page) => Promise<R>): Promise<R> {
  const context = await browser.newContext({ storageState: state });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

type Outcome = { dead: boolean; tapped: "before hydration" | "after hydration" | "unknown"; detail: string };

async function tryOnce<T>(browser: Browser, control: Control<T>): Promise<Outcome> {
  const made = (await control.before?.(browser)) as T;
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
    ...(control.as ? { storageState: control.as(made) } : {}),
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
    await page.goto(control.from(made), { waitUntil: "commit" });
    await control.tap(page, made);
    try {
      await control.done(page, made);
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

/** One test per control: its tries, a few at a time, and not one of them dead. */
// biome-ignore lint/suspicious/noExplicitAny: each control keeps its own `T`; the list mixes them.
export function tapsOnASlowPhone(controls: Control<any>[]) {
  test.describe("taps on a slow phone", () => {
    for (const control of controls) {
      const tries = control.tries ?? TRIES;
      const atOnce = control.atOnce ?? AT_ONCE;
      test(`${control.name}: ${tries} early taps, none dead`, async ({ browser }) => {
        // A try's own setup (a paid swap) takes its time too.
        test.setTimeout(tries * (control.before ? 90_000 : RESULT_MS));
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
}
