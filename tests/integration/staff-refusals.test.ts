import { and, eq } from "drizzle-orm";
import { isRouteErrorResponse } from "react-router";
import { describe, expect, test } from "vitest";
import { appContext } from "#app/context.ts";
import { readFlash } from "#app/lib/flash.server.ts";
import * as auditLogsPage from "#app/routes/admin/audit-logs.tsx";
import * as moderationPage from "#app/routes/admin/moderation.tsx";
import * as reportsPage from "#app/routes/admin/reports.tsx";
import * as toolsPage from "#app/routes/admin/tools.tsx";
import { auditLogs, securityEvents } from "#db/schema/audit.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createStaff } from "../support/factories";
import { contextFor, load } from "../support/staff-route";
import { TEST_ORIGIN } from "../support/test-app";

// Decision 070 (review defects 2, 8 and 10): who is told what at a back-office page they may not open.
const { db, caller } = await backOfficeSetup();
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const member = await createStaff(db, [], { name: "Mia Member", totp: false });

/** Runs a loader and returns what it threw when it is not a Response (React Router's `data()` with a status). */
async function thrownBy(module: { loader?: (args: never) => Promise<unknown> }, user: typeof moderator, path: string) {
  try {
    await module.loader?.({
      request: new Request(`${TEST_ORIGIN}${path}`),
      params: {},
      context: contextFor(caller, user),
    } as never);
  } catch (thrown) {
    return thrown;
  }
  return null;
}

const flashOf = async (response: Response | null) => {
  const cookie = response?.headers.get("set-cookie");
  if (!cookie) return null;
  return (
    (await readFlash(new Request(TEST_ORIGIN, { headers: { cookie: cookie.split(";")[0] } }))).flash?.message ?? null
  );
};

describe("a moderator at a page kept for admins", () => {
  test("stays in the back office and reads why (a 403 the page's boundary shows), not sent home", async () => {
    for (const [module, path, text] of [
      [toolsPage, "/admin/tools", "Only admins can run tools"],
      [auditLogsPage, "/admin/audit-logs", "Only admins can read the audit log"],
    ] as const) {
      const thrown = await thrownBy(module, moderator, path);
      expect(thrown instanceof Response, path).toBe(false);
      const { data, init } = thrown as { data: unknown; init: { status: number } };
      expect(init.status, path).toBe(403);
      expect(data, path).toEqual({ refused: text });
    }
    // Still recorded as a refusal for System Logs' Security tab.
    const events = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, moderator.id), eq(securityEvents.eventType, "admin_access_denied")));
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  test("reads Reports, which is no longer kept for admins", async () => {
    expect((await load(caller, reportsPage, { user: moderator, path: "/admin/reports" })).data).not.toBeNull();
  });

  test("a member is still sent home with 'You don't have permission to access this area'", async () => {
    const page = await load(caller, toolsPage, { user: member, path: "/admin/tools" });
    expect(page.response?.headers.get("location")).toBe("/");
    expect(await flashOf(page.response)).toBe("You don't have permission to access this area");
  });
});

describe("a visitor at a back-office address", () => {
  test("is told 'Authentication required' and sent to sign in with the whole address, query string included", async () => {
    const page = await load(caller, moderationPage, {
      user: null,
      path: "/admin/moderation?status=all&report=abc-123",
    });
    expect(page.response?.status).toBe(302);
    const location = new URL(page.response?.headers.get("location") ?? "", TEST_ORIGIN);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("redirectTo")).toBe("/admin/moderation?status=all&report=abc-123");
    expect(await flashOf(page.response)).toBe("Authentication required");
  });
});

describe("when the gate itself cannot answer", () => {
  test("the person is sent home with 'Access verification failed', never let through, and the failure is recorded", async () => {
    const context = contextFor(caller, moderator);
    const ctx = context.get(appContext);
    ctx.getUser = async () => {
      throw new Error("session store unreachable");
    };
    const path = `/admin/moderation?probe=${ctx.requestId}`;
    let answer: unknown;
    try {
      answer = await moderationPage.loader({
        request: new Request(`${TEST_ORIGIN}${path}`),
        params: {},
        context,
      } as never);
    } catch (thrown) {
      answer = thrown;
    }
    expect(answer instanceof Response && !isRouteErrorResponse(answer)).toBe(true);
    const response = answer as Response;
    expect(response.headers.get("location")).toBe("/");
    expect(await flashOf(response)).toBe("Access verification failed");
    const recorded = await db.select().from(auditLogs).where(eq(auditLogs.targetId, ctx.requestId));
    expect(recorded).toHaveLength(1);
  });
});
