import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test as base } from "@playwright/test";

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
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "axe violations").toEqual([]);
}

/** Every page must load without script errors or CSP violations in the console. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        // A 4xx answer is how some tests probe the server; the browser logs it as a resource error.
        if (m.type() === "error" && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) {
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
