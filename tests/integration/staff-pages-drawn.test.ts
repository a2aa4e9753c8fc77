import { describe, expect, test } from "vitest";
import type { SessionUser } from "#core/auth/find-session-user.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createStaff } from "../support/factories";
import { createPageHandler, pageRoutes } from "../support/page-build";
import { contextFor } from "../support/staff-route";
import { TEST_ORIGIN } from "../support/test-app";

// The back office's pages, drawn whole as the site draws them, for an admin and for a moderator: each page's own
// view, the 403 of a page that is admins-only, the 404 of an id that names nothing. Search engines are kept out by
// the frame: app/routes/admin/layout.tsx draws the one robots meta tag for every page in it, so no page says it
// again and a new page cannot forget it (decision 074).
const { handle, caller } = await backOfficeSetup();
const pages = await createPageHandler({ APP_URL: TEST_ORIGIN, NODE_ENV: "production" });
const admin = await createStaff(handle.db, ["admin"], { name: "Alex Admin" });
const moderator = await createStaff(handle.db, ["moderator"], { name: "Morgan Moderator" });

// A crawler's user agent: the page is rendered whole before it is answered.
const WHOLE_PAGE = { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" };

/** Every page in the back-office frame (app/routes.ts), its ids filled: a member who exists, or nothing. */
const framePages = pageRoutes()
  .filter((r) => r.parentId === "routes/admin/layout")
  .map((r) => ({
    route: r.id,
    path: `/admin${r.index ? "" : `/${r.path}`}`
      .replace("users/:id", `users/${admin.id}`)
      .replace(/:[a-z]+/gi, () => crypto.randomUUID())
      .replace(/\*$/, "no-such-page"),
  }));

/** The content of every `<meta name="robots">` in the page's <head>, in order. */
function robotsIn(html: string): string[] {
  const head = html.slice(0, Math.max(0, html.indexOf("</head>")));
  return [...head.matchAll(/<meta\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => /\bname="robots"/.test(tag))
    .map((tag) => /\bcontent="([^"]*)"/.exec(tag)?.[1] ?? "");
}

async function draw(path: string, user: SessionUser) {
  const response = await pages(new Request(`${TEST_ORIGIN}${path}`, { headers: WHOLE_PAGE }), contextFor(caller, user));
  const html = await response.text();
  return {
    status: response.status,
    robots: robotsIn(html),
    titles: html.match(/<title>[^<]*<\/title>/g) ?? [],
    alert: /<div role="alert"[^>]*><p[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? null,
  };
}

describe("the back office's pages", () => {
  test("the frame holds the pages this test draws", () => {
    expect(framePages.map((p) => p.route)).toEqual(
      expect.arrayContaining([
        "routes/admin/dashboard",
        "routes/admin/users",
        "routes/admin/users.$id",
        "routes/admin/swaps.$id",
        "routes/admin/tools",
        "routes/admin/not-found",
      ]),
    );
    expect(framePages.length).toBeGreaterThanOrEqual(15);
  });

  for (const [name, user] of [
    ["an admin", admin],
    ["a moderator", moderator],
  ] as const) {
    test(`each carries one robots meta tag, noindex and nofollow, and its own title, for ${name}`, async () => {
      const drawn = [];
      for (const page of framePages) drawn.push({ ...page, ...(await draw(page.path, user)) });
      expect(drawn.filter((p) => p.robots.join(" | ") !== "noindex, nofollow")).toEqual([]);
      expect(drawn.filter((p) => p.titles.length !== 1)).toEqual([]);
      // Every answer a person can get in the frame is among them: the page, an admins-only refusal, a 404.
      expect(new Set(drawn.map((p) => p.status))).toEqual(new Set(user === admin ? [200, 404] : [200, 403, 404]));
    });
  }

  test("a page that could not be drawn says why, in the frame's own words for it", async () => {
    const unknown = crypto.randomUUID();
    expect((await draw(`/admin/swaps/${unknown}`, admin)).alert).toBe("Swap not found");
    expect((await draw(`/admin/payments/${unknown}`, admin)).alert).toBe("Payment not found");
    expect((await draw(`/admin/circles/${unknown}`, admin)).alert).toBe("Swap circle not found");
    expect((await draw(`/admin/users/${unknown}`, moderator)).alert).toBe("Member not found");
    expect((await draw("/admin/tools", moderator)).alert).toMatch(/^Only admins can /);
  });
});
