import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page, test as base } from "@playwright/test";

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
