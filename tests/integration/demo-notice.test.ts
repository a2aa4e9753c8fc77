import { afterAll, describe, expect, test } from "vitest";
import { createPageHandler } from "../support/page-build";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

// Attack turn 3, F1 (decision 066): the demo notice is on every page while the test checkout is on, and only then.

const handle = await createTestDatabase();
afterAll(() => handle.close());
const pageHandler = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "production" });
const NOTICE = "This is a demo of SwapShed.";
// Rendered whole before the page handler returns (onAllReady), so the test build's CSS stub warning is filtered.
const WHOLE_PAGE = { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } };

describe("the demo notice", () => {
  test("is on member pages, text pages and the not-found page while payments are tests", async () => {
    const { app } = createTestApp(handle, { production: true, pageHandler });
    for (const path of ["/", "/auth", "/seed", "/terms", "/no-such-page"]) {
      const html = await (await app.request(path, WHOLE_PAGE)).text();
      expect(html, path).toContain(NOTICE);
      expect(html, path).toContain("no real money moves");
    }
  });

  test("is not shown when real payments are on", async () => {
    const { app } = createTestApp(handle, {
      production: true,
      pageHandler,
      env: { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_notice", STRIPE_WEBHOOK_SECRET: "whsec_notice" },
    });
    for (const path of ["/", "/auth", "/terms"]) {
      const html = await (await app.request(path, WHOLE_PAGE)).text();
      expect(html, path).not.toContain(NOTICE);
    }
  });
});
