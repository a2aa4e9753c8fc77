import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from "@playwright/test";

export const PASSWORD = "Swapshed1";
let counter = 0;
export const uniqueEmail = (tag = "member") => `${tag}-${Date.now()}-${++counter}@example.com.au`;

/** Creates a member through the JSON API (same use case as the form) and leaves the page signed in. */
export async function signUpViaApi(page: Page, { email = uniqueEmail(), fullName = "Casey Nguyen" } = {}) {
  const baseURL = test.info().project.use.baseURL as string;
  const res = await page.request.post("/api/v1/auth/sign-up", {
    data: { email, password: PASSWORD, fullName },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, fullName };
}

/** The Origin header our own pages send: the API refuses a state-changing request without it. */
export const originHeader = () => ({ origin: test.info().project.use.baseURL as string });

/** A member of a journey: their own browser context (own cookies), signed up and signed in. */
export type Member = { context: BrowserContext; page: Page; name: string; email: string; close: () => Promise<void> };

/** Signs a new member up in a browser context of their own (`options`: its viewport, JavaScript on or off). */
export async function member(browser: Browser, name: string, options: BrowserContextOptions = {}): Promise<Member> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const { email } = await signUpViaApi(page, { email: uniqueEmail(), fullName: name });
  return { context, page, name, email, close: () => context.close() };
}

/** The phone picture every journey's listing shows. */
export const LISTING_PHOTO = fs.readFileSync(path.join(import.meta.dirname, "files/listing-photo.jpg"));

type ListingFields = {
  description: string;
  category: string;
  condition: string;
  valueMin: string;
  valueMax: string;
  location: string;
  // A VIN or HIN (cars, motorcycles, boats only).
  vehicleId?: string;
};

/**
 * A listing made through the JSON API by the page's member, as the create form does; returns its id. Fields
 * default to a valid listing in Bondi, `pictures` to one photo.
 */
export async function listItem(
  page: Page,
  title: string,
  { pictures = [LISTING_PHOTO], ...fields }: Partial<ListingFields> & { pictures?: Buffer[] } = {},
) {
  const form = new FormData();
  const values: ListingFields = {
    description: `${title}, well looked after and ready to swap.`,
    category: "electronics",
    condition: "good",
    valueMin: "400",
    valueMax: "600",
    location: "Bondi NSW 2026",
    ...fields,
  };
  for (const [name, value] of Object.entries({ title, ...values })) if (value !== undefined) form.append(name, value);
  for (const [i, body] of pictures.entries())
    form.append("images", new File([new Uint8Array(body)], `photo-${i + 1}.jpg`, { type: "image/jpeg" }));
  const res = await page.request.post("/api/v1/listings", { headers: originHeader(), multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** Another member's listing: they sign up, list it through the JSON API and close their browser; returns its id. */
export async function someonesListing(
  browser: Browser,
  name: string,
  title: string,
  fields: Parameters<typeof listItem>[2] = {},
) {
  const owner = await member(browser, name);
  const id = await listItem(owner.page, title, fields);
  await owner.close();
  return id;
}

/** The page's member offers their listing for another's through the JSON API; returns the proposal's id. */
export async function propose(page: Page, { offered, target }: { offered: string; target: string }) {
  const res = await page.request.post("/api/v1/swaps", {
    headers: originHeader(),
    data: { offeredListingId: offered, targetListingId: target },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** The page's member accepts a proposal made to them, through the JSON API. */
export async function accept(page: Page, swapId: string) {
  const res = await page.request.post(`/api/v1/swaps/${swapId}/accept`, { headers: originHeader(), data: {} });
  expect(res.status(), await res.text()).toBe(200);
}

/** The page's member confirms "We've swapped" on a paid swap through the JSON API (decision 096). */
export async function confirmSwapped(page: Page, swapId: string) {
  const res = await page.request.post(`/api/v1/swaps/${swapId}/swapped`, { headers: originHeader(), data: {} });
  expect(res.status(), await res.text()).toBe(200);
}

/** The page's member starts paying their handshake fee through the JSON API; returns the test checkout's URL. */
export async function startCheckout(page: Page, swapId: string) {
  const res = await page.request.post(`/api/v1/swaps/${swapId}/pay`, { headers: originHeader(), data: {} });
  expect(res.status(), await res.text()).toBe(200);
  const started = (await res.json()) as { kind: string; url: string };
  expect(started.kind, JSON.stringify(started)).toBe("redirect");
  return started.url;
}

/** Pays the page's member's handshake fee on the local test checkout's page, with the test card. */
export async function payOnTestCheckout(page: Page, swapId: string) {
  await page.goto(await startCheckout(page, swapId));
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel(/expiry/i).fill("12/34");
  await page.getByLabel(/cvc/i).fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expectFeePaid(page, { swapId });
}

/**
 * The page's member's fee for this swap or circle is paid (held or captured): the checkout has sent them on, and
 * their payments say so. Not the "Payment received. Thank you!" toast: it leaves after 4 s (decision 048), and on a
 * loaded machine the page's own thread can be busy for longer than that (decision 106).
 */
export async function expectFeePaid(page: Page, deal: { swapId: string } | { circleId: string }) {
  await expect(page).not.toHaveURL(/\/checkout\//, { timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/v1/me/payments", { headers: originHeader() });
        if (res.status() !== 200) return `HTTP ${res.status()}`;
        const { payments } = (await res.json()) as {
          payments: { swapId: string | null; circleId: string | null; status: string }[];
        };
        const mine = payments.find((p) => ("swapId" in deal ? p.swapId === deal.swapId : p.circleId === deal.circleId));
        return mine?.status ?? "none";
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(held|completed)$/);
}

/** Fills the sign-in form with a password and sends it (a second step, if any, is the journey's to take). */
export async function signInWithPassword(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/**
 * expectNoAxeViolations on a wide screen and on a phone's, with a full-page screenshot at each when `screenshot`
 * names one; leaves the page wide again.
 */
export async function axeAtBothWidths(page: Page, height = 900, screenshot?: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height });
    await expectNoAxeViolations(page);
    if (screenshot)
      await page.screenshot({ path: test.info().outputPath(`${screenshot}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height });
}

/** Fails the test on any WCAG A/AA violation axe finds on the current page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** Resolves once React runs the page (root.tsx marks <html> when it has hydrated). */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * A page's framework JavaScript loads after its first paint (decision 020), so the `load` event that goto and
 * reload wait for no longer means React runs the page. A member acts a moment after the page appears; so do
 * the journeys: in every context with JavaScript, goto and reload also wait until the page is hydrated,
 * unless the journey names its own `waitUntil` (to act before hydration). Without JavaScript nothing
 * hydrates, and nothing waits. Error pages hydrate too.
 */
function waitForHydrationOnNavigation(context: BrowserContext) {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (!options?.waitUntil) await hydrated(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      if (!options?.waitUntil) await hydrated(page);
      return response;
    };
    return page;
  };
  return context;
}

/** Every page must load without script errors or CSP violations in the console. */
export const test = base.extend<{ consoleErrors: string[] }, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        return options?.javaScriptEnabled === false ? context : waitForHydrationOnNavigation(context);
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        // A 4xx answer is how some tests probe the server; the browser logs it as a resource error.
        if (
          m.type() === "error" &&
          !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())
        ) {
          errors.push(m.text());
        }
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use(errors);
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
