// A tap does what it says before, during and after hydration (decision 064), on a phone-class CPU: the public
// pages, conversations and notices. How a try works is in slow-phone.ts; the deal's own controls (issue 28) are in
// slow-phone-deal-taps.spec.ts.
import type { Browser, Page } from "@playwright/test";
import { expect, listItem, member, originHeader, test } from "./fixtures";
import { asMember, type Control, RESULT_MS, type Signed, tapsOnASlowPhone } from "./slow-phone";

const title = `Slow phone kayak ${Date.now().toString(36)}`;
let listingId = "";
/** The members of the signed-in controls: the listing's owner, a member asking about it, one who writes to the owner. */
const signedIn: { owner?: Signed; asker?: Signed; writer?: Signed } = {};
/** The asker's thread about the listing, and the writer's (whose messages put notices in the owner's bell). */
let askerThread = "";
let writerThread = "";
/** What each try of the Send form typed, by page, for its `done` to find in the thread. */
const typed = new WeakMap<Page, string>();
let sends = 0;

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

tapsOnASlowPhone(controls);

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

test("words typed in a thread before React runs go out with Send once it runs", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
    storageState: signedIn.asker,
  });
  const page = await context.newPage();
  // The framework's modules wait until the words are typed: they surely land before hydration.
  let release = () => {};
  const typedIn = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/assets\/.+\.js$/, async (route) => {
    await typedIn;
    await route.continue();
  });
  await page.goto(`/messages/${askerThread}`, { waitUntil: "commit" });
  const words = `Typed before the scripts ran ${Date.now()}`;
  await page.getByRole("textbox", { name: "Message to Robin Slowtap" }).fill(words);
  release();
  await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 30_000 });
  // Whatever the page re-renders once it runs (its live connection, a revalidation) keeps the words.
  await page.waitForTimeout(1500);
  await expect(page.getByRole("textbox", { name: "Message to Robin Slowtap" })).toHaveValue(words);
  await page.getByRole("button", { name: "Send", exact: true }).tap();
  await expect(page.getByRole("region", { name: "Messages" }).getByText(words)).toBeVisible({ timeout: RESULT_MS });
  await context.close();
});
