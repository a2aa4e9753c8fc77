import { and, eq, inArray, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  type ServerBuild,
  StaticRouterProvider,
  useRouteError,
} from "react-router";
import { describe, expect, test } from "vitest";
import { type AppContext, appContext } from "#app/context.ts";
import { ErrorBoundary as RootErrorBoundary } from "#app/root.tsx";
import * as logsPage from "#app/routes/admin/logs.tsx";
import * as logsExport from "#app/routes/admin/logs.export.tsx";
import * as searchPage from "#app/routes/admin/search.tsx";
import * as homePage from "#app/routes/home.tsx";
import * as myListingsPage from "#app/routes/my-listings.tsx";
import * as mySwapsPage from "#app/routes/my-swaps.tsx";
import type { SessionUser } from "#core/auth/find-session-user.ts";
import { searchBackOffice } from "#core/back-office/search-back-office.ts";
import { startScheduler } from "#core/jobs/scheduler.ts";
import { countLogEvents, findLogEvents } from "#core/logs/find-log-events.ts";
import { recordErrorEvent } from "#core/logs/record-error-event.ts";
import { deliverPendingMail, enqueueMail } from "#core/mail/mailer.ts";
import { systemClock } from "#core/shared/clock.ts";
import type { Db } from "#db/client.ts";
import { adminAuditLog, auditLogs, securityEvents } from "#db/schema/audit.ts";
import { webhookEvents } from "#db/schema/payments.ts";
import { createApp } from "#server/app.ts";
import { recordRouteErrors } from "#server/observability/route-errors.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createStaff } from "../support/factories";
import { contextFor, load } from "../support/staff-route";
import { TEST_ORIGIN } from "../support/test-app";

const { db, testApp, caller } = await backOfficeSetup();

const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const member = await createStaff(db, [], { name: "Kim Member" });

const SECRET_PASSWORD = "hunter2-Very-Secret";
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

// A small log: security events of every kind, webhooks processed and failed, and recorded errors.
const [signIn, signUpFailed, reset, limited, adminDenied, logout] = await db
  .insert(securityEvents)
  .values([
    { eventType: "login_attempt", attemptedAction: "sign_in", success: true, userId: member.id, createdAt: at(60) },
    {
      eventType: "signup_attempt",
      attemptedAction: "sign_up",
      success: false,
      errorMessage: "Email already registered",
      createdAt: at(50),
    },
    { eventType: "password_reset", attemptedAction: "request", success: true, createdAt: at(40) },
    {
      eventType: "rate_limited",
      attemptedAction: "suspend_user",
      success: false,
      userId: admin.id,
      errorMessage: "Rate limit exceeded for admin action",
      createdAt: at(30),
    },
    {
      eventType: "admin_access_denied",
      attemptedAction: '=HYPERLINK("http://evil.example")',
      success: false,
      userId: member.id,
      createdAt: at(20),
    },
    { eventType: "logout", attemptedAction: "sign_out", success: true, userId: member.id, createdAt: at(10) },
  ])
  .returning();
await db.insert(webhookEvents).values([
  {
    id: "evt_processed_1",
    provider: "local",
    type: "checkout.session.completed",
    payload: {},
    status: "processed",
    receivedAt: at(45),
  },
  {
    id: "evt_failed_1",
    provider: "local",
    type: "payment_intent.payment_failed",
    payload: {},
    status: "failed",
    error: "No payment for this intent",
    receivedAt: at(35),
  },
]);
await recordErrorEvent(db, {
  action: "error.job",
  message: "Job expire-swaps failed",
  error: new Error("Swap state invariant broken: accepted twice"),
  targetId: "expire-swaps",
});
// Newest first is by time: the second error must not share the first one's millisecond on a fast (or busy) machine.
await new Promise((resolve) => setTimeout(resolve, 5));
await recordErrorEvent(db, {
  action: "error.server",
  message: "Unexpected error on GET /listings/x",
  error: new Error(`connect failed postgres://app:${SECRET_PASSWORD}@db:5432/swapshed password=${SECRET_PASSWORD}`),
  targetId: "req-1234-5678",
});

const ids = (events: { id: string }[]) => events.map((e) => e.id);

describe("the System Logs tabs", () => {
  test("each tab reads its own events, newest first, with counts for all four", async () => {
    const counts = await countLogEvents(db, {});
    expect(counts).toEqual({ errors: 2, webhooks: 2, auth: 4, security: 6 });
    expect(ids((await findLogEvents(db, "auth", {})).events)).toEqual([
      limited.id,
      reset.id,
      signUpFailed.id,
      signIn.id,
    ]);
    expect(ids((await findLogEvents(db, "security", {})).events)).toEqual(
      [logout, adminDenied, limited, reset, signUpFailed, signIn].map((e) => e.id),
    );
    expect((await findLogEvents(db, "webhooks", {})).events).toMatchObject([
      {
        id: "evt_failed_1",
        eventType: "webhook.payment_intent.payment_failed",
        status: "failed",
        error: "No payment for this intent",
        targetId: "evt_failed_1",
      },
      { id: "evt_processed_1", eventType: "webhook.checkout.session.completed", status: "processed" },
    ]);
    const errors = (await findLogEvents(db, "errors", {})).events;
    expect(errors.map((e) => e.eventType)).toEqual(["error.server", "error.job"]);
    expect(errors[0]).toMatchObject({
      status: "failed",
      targetId: "req-1234-5678",
      message: "Unexpected error on GET /listings/x",
    });
  });

  test("pages beyond the first follow the keyset, with no row repeated or skipped", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof findLogEvents>> = await findLogEvents(db, "security", { cursor }, 4);
      seen.push(...ids(page.events));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([logout, adminDenied, limited, reset, signUpFailed, signIn].map((e) => e.id));
  });

  test("a cursor that is not one of the tab's ids means the first page, not an error", async () => {
    for (const tab of ["errors", "webhooks", "auth", "security"] as const) {
      for (const cursor of ["abc", "evt_nothing", "00000000-0000-0000-0000-000000000000"]) {
        const page = await findLogEvents(db, tab, { cursor }, 2);
        expect(page.events.length, `${tab} ${cursor}`).toBeLessThanOrEqual(2);
      }
    }
    expect(ids((await findLogEvents(db, "security", { cursor: "abc" }, 2)).events)).toEqual([
      logout.id,
      adminDenied.id,
    ]);
  });

  test("the search matches message, error text, event type and id", async () => {
    expect(ids((await findLogEvents(db, "security", { q: "sign_out" })).events)).toEqual([logout.id]);
    expect(ids((await findLogEvents(db, "security", { q: "already registered" })).events)).toEqual([signUpFailed.id]);
    expect(ids((await findLogEvents(db, "security", { q: "PASSWORD_RESET" })).events)).toEqual([reset.id]);
    expect(ids((await findLogEvents(db, "security", { q: limited.id.slice(0, 13) })).events)).toEqual([limited.id]);
    expect(ids((await findLogEvents(db, "webhooks", { q: "evt_failed" })).events)).toEqual(["evt_failed_1"]);
    expect((await findLogEvents(db, "errors", { q: "req-1234-5678" })).events).toHaveLength(1);
    // LIKE's wildcards are literal.
    expect((await findLogEvents(db, "security", { q: "%" })).events).toEqual([]);
  });

  test("the quick filters follow the spec's rules, one at a time", async () => {
    expect(await countLogEvents(db, { quick: "webhook_failed" })).toEqual({
      errors: 0,
      webhooks: 1,
      auth: 0,
      security: 0,
    });
    expect(await countLogEvents(db, { quick: "rate_limited" })).toEqual({
      errors: 0,
      webhooks: 0,
      auth: 1,
      security: 1,
    });
    expect(ids((await findLogEvents(db, "errors", { quick: "state_invariant" })).events)).toHaveLength(1);
    expect(await countLogEvents(db, { quick: "not-a-filter" })).toEqual({
      errors: 2,
      webhooks: 2,
      auth: 4,
      security: 6,
    });
  });

  test("the page shows 'Showing X of Y events', the tabs' counts and user ids cut to 8 characters", async () => {
    const page = await load(caller, logsPage, { user: moderator, path: "/admin/logs?tab=security&quick=rate_limited" });
    expect(page.data).toMatchObject({
      tab: "security",
      quick: "rate_limited",
      showing: "Showing 1 of 1 events",
      mayExport: true,
    });
    expect(page.data?.tabs).toMatchObject([
      { label: "Errors", count: "0" },
      { label: "Webhooks", count: "0" },
      { label: "Auth Events", count: "1" },
      { label: "Security", count: "1" },
    ]);
    expect(page.data?.events).toMatchObject([
      { id: limited.id, eventType: "rate_limited", status: "failed", userId: admin.id, targetId: limited.id },
    ]);
  });

  test("a member and a visitor are turned away", async () => {
    expect(
      (await load(caller, logsPage, { user: member, path: "/admin/logs" })).response?.headers.get("location"),
    ).toBe("/");
    expect(
      (await load(caller, logsPage, { user: null, path: "/admin/logs" })).response?.headers.get("location"),
    ).toMatch(/^\/auth/);
  });
});

async function exportCsv(user: SessionUser | null, form: Record<string, string>) {
  const request = new Request(`${TEST_ORIGIN}/admin/logs/export`, { method: "POST", body: new URLSearchParams(form) });
  try {
    return await logsExport.action({ request, params: {}, context: contextFor(caller, user) } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const exportAudits = () => db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "export_logs_csv"));

describe("Export CSV", () => {
  test("streams the tab's events as the spec's columns, newest first, with formulas neutralised, and audits log_type and count", async () => {
    // The page's refusals above were security events too: the file holds what the tab holds now.
    const { security } = await countLogEvents(db, {});
    const response = await exportCsv(admin, { tab: "security", q: "", quick: "" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="security-logs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(`"ID","Timestamp","Event Type","Message","User ID","Status","Error"`);
    expect(lines).toHaveLength(security + 1);
    const rows = lines.slice(1);
    expect(rows.map((line) => line.slice(1, 37))).toEqual(ids((await findLogEvents(db, "security", {})).events));
    expect(rows).toContain(
      `"${logout.id}","${logout.createdAt.toISOString()}","logout","sign_out","${member.id}","success",""`,
    );
    // The attempted action that looks like a formula starts with an apostrophe: a spreadsheet shows it as text.
    expect(rows.find((line) => line.startsWith(`"${adminDenied.id}"`))).toContain(
      `"'=HYPERLINK(""http://evil.example"")"`,
    );
    for (const line of rows)
      for (const cell of line.split('","')) expect(cell.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);
    const [audit] = await exportAudits();
    expect(audit).toMatchObject({
      adminId: admin.id,
      targetType: "system",
      metadata: { log_type: "security", count: security },
    });
  });

  test("exports what the search and quick filter leave, and a moderator may export", async () => {
    const response = await exportCsv(moderator, { tab: "webhooks", quick: "webhook_failed" });
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(
        /^"evt_failed_1",.*"webhook.payment_intent.payment_failed","Payment webhook from local","","failed","No payment for this intent"$/,
      ),
    ]);
    const audits = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "export_logs_csv"), eq(adminAuditLog.adminId, moderator.id)));
    expect(audits.map((a) => a.metadata)).toEqual([{ log_type: "webhooks", count: 1, quick_filter: "webhook_failed" }]);
  });

  test("an error recorded with a secret exports without it", async () => {
    const text = await (await exportCsv(admin, { tab: "errors" })).text();
    expect(text).toContain("Unexpected error on GET /listings/x");
    expect(text).not.toContain(SECRET_PASSWORD);
  });

  test("a member and a visitor get no file and no audit row", async () => {
    const before = (await exportAudits()).length;
    const refused = await exportCsv(member, { tab: "security" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
    const visitor = await exportCsv(null, { tab: "security" });
    expect(visitor.headers.get("location")).toMatch(/^\/auth/);
    expect((await exportAudits()).length).toBe(before);
  });

  test("is rate limited per staff member: the 11th export in a minute is refused with the spec's message", async () => {
    const exporter = await createStaff(db, ["admin"], { name: "Eager Exporter" });
    for (let i = 0; i < 10; i++) expect((await exportCsv(exporter, { tab: "errors" })).status).toBe(200);
    const refused = await exportCsv(exporter, { tab: "errors" });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatch(/^Rate limit exceeded\. Try again at /);
    const audits = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "export_logs_csv"), eq(adminAuditLog.adminId, exporter.id)));
    expect(audits).toHaveLength(10);
  });
});

/** A guarded route's loader or action, to call as React Router would. */
const handlerOf = (build: ServerBuild, id: string, kind: "loader" | "action") =>
  build.routes[id]?.module[kind] as unknown as (args: unknown) => Promise<unknown>;

const errorRows = (targetId: string) =>
  db
    .select()
    .from(auditLogs)
    .where(
      and(eq(auditLogs.targetId, targetId), inArray(auditLogs.action, ["error.server", "error.job", "error.mail"])),
    );

describe("the Errors tab is real", () => {
  test("an unexpected error in the server is recorded under the request id the answer carries, without secrets", async () => {
    const { app } = createApp({
      db,
      env: testApp.env,
      storage: testApp.storage,
      pageHandler: async () => {
        throw new Error(
          `lookup failed for postgres://swapshed:${SECRET_PASSWORD}@db/app with password=${SECRET_PASSWORD} and ${testApp.env.BETTER_AUTH_SECRET}`,
        );
      },
    });
    // Every answer carries its own request id, errors or not.
    const [a, b] = [await testApp.app.request("/api/v1/health"), await testApp.app.request("/api/v1/health")];
    expect(a.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    const response = await app.request("/listings/abc?token=should-not-be-kept");
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: string; requestId: string };
    expect(body.error).toBe("An unexpected error occurred.");
    expect(response.headers.get("x-request-id")).toBe(body.requestId);
    const [row] = await errorRows(body.requestId);
    expect(row).toMatchObject({ action: "error.server", targetId: body.requestId });
    const stored = JSON.stringify(row.details);
    expect(stored).not.toContain(SECRET_PASSWORD);
    expect(stored).not.toContain(testApp.env.BETTER_AUTH_SECRET);
    expect(stored).not.toContain("should-not-be-kept");
    expect(row.details).toMatchObject({
      message: "Unexpected error on GET /listings/abc",
      method: "GET",
      path: "/listings/abc",
    });
    // It is in the Errors tab, found by the request id the member quotes.
    expect(ids((await findLogEvents(db, "errors", { q: body.requestId })).events)).toEqual([row.id]);
  });

  test("a loader's unexpected error becomes a 500 carrying the request id, recorded once; redirects pass untouched", async () => {
    const build = recordRouteErrors({
      routes: {
        broken: {
          id: "broken",
          path: "broken",
          module: { loader: async () => Promise.reject(new Error("Cannot read properties of undefined")) },
        },
        moved: {
          id: "moved",
          path: "moved",
          module: {
            action: async () => Promise.reject(new Response(null, { status: 302, headers: { Location: "/" } })),
          },
        },
      },
    } as never);
    const context = contextFor(caller, member);
    const requestId = context.get(appContext).requestId;
    const request = new Request(`${TEST_ORIGIN}/broken`);
    const thrown = await handlerOf(
      build,
      "broken",
      "loader",
    )({ request, params: {}, context }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", data: { requestId }, init: { status: 500 } });
    expect(await errorRows(requestId)).toMatchObject([
      { action: "error.server", userId: member.id, details: { error: "Error: Cannot read properties of undefined" } },
    ]);
    const redirect = await handlerOf(
      build,
      "moved",
      "action",
    )({ request, params: {}, context }).catch((e: unknown) => e);
    expect(redirect).toBeInstanceOf(Response);
    expect(await errorRows(requestId)).toHaveLength(1);
  });

  test("when recording fails, the failure is not made worse", async () => {
    const broken = {
      insert: () => {
        throw new Error("database is down");
      },
    } as unknown as Db;
    await expect(
      recordErrorEvent(broken, { action: "error.server", message: "x", error: new Error("y") }),
    ).resolves.toBeUndefined();
    const ctx: AppContext = { ...contextFor(caller, null).get(appContext), db: broken as AppContext["db"] };
    const context = new RouterContextProvider();
    context.set(appContext, ctx);
    const build = recordRouteErrors({
      routes: { r: { id: "r", module: { loader: async () => Promise.reject(new Error("boom")) } } },
    } as never);
    const thrown = await handlerOf(
      build,
      "r",
      "loader",
    )({ request: new Request(`${TEST_ORIGIN}/r`), params: {}, context }).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ data: { requestId: ctx.requestId }, init: { status: 500 } });
  });

  test("a member page that cannot read its list still shows, and the error is in the Errors tab under its request id", async () => {
    // Reading fails, writing the log still works: home, My Listings and My Swaps show their "could not load" notice.
    const unreadable = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "insert") return target.insert.bind(target);
        if (prop === "select" || prop === "execute") {
          return () => {
            throw new Error("the listings could not be read");
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const pages = [
      { module: homePage, path: "/", user: null },
      { module: myListingsPage, path: "/my-listings", user: member },
      { module: mySwapsPage, path: "/my-swaps", user: member },
    ];
    for (const { module, path, user } of pages) {
      const context = contextFor({ ...caller, db: unreadable }, user);
      const { requestId } = context.get(appContext);
      const loader = module.loader as (args: unknown) => Promise<{ loadError: boolean }>;
      const page = await loader({ request: new Request(`${TEST_ORIGIN}${path}`), params: {}, context });
      expect(page.loadError, path).toBe(true);
      const [row] = await errorRows(requestId);
      expect(row, path).toMatchObject({
        action: "error.server",
        userId: user?.id ?? null,
        details: {
          method: "GET",
          path,
          message: `Unexpected error on GET ${path}`,
          error: "Error: the listings could not be read",
        },
      });
    }
  });

  test("a failed background job is recorded in the Errors tab", async () => {
    // Everything but writing fails: the scheduler's jobs break, the log write still works.
    const failing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "insert") return target.insert.bind(target);
        if (["select", "update", "delete", "execute", "transaction"].includes(String(prop))) {
          return () => {
            throw new Error(`could not connect to postgres://jobs:${SECRET_PASSWORD}@db/app`);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const ticked = new Promise<string[]>((resolve) => {
      const stop = startScheduler(
        { db: failing, clock: systemClock },
        { intervalMs: 60_000, onTick: (tick) => void stop().then(() => resolve(tick.failed)) },
      );
    });
    expect(await ticked).toContain("expire-swaps");
    // (The log above already holds an older expire-swaps failure, written by hand without details.)
    const row = (await errorRows("expire-swaps")).find((r) => r.details.job === "expire-swaps");
    expect(row).toMatchObject({
      action: "error.job",
      details: { message: "Job expire-swaps failed", job: "expire-swaps" },
    });
    expect(JSON.stringify(row?.details)).not.toContain(SECRET_PASSWORD);
  });

  test("a failed mail delivery is recorded with its mail id and template, not its address or content", async () => {
    const { id } = await enqueueMail(db, {
      to: "kim@example.com.au",
      subject: "Reset your password",
      text: `Use ${SECRET_PASSWORD}`,
      html: "",
      template: "password_reset",
    });
    await deliverPendingMail(db, {
      send: async () => Promise.reject(new Error("SMTP 535 auth failed for smtp://mailer:pw123456@smtp.example")),
    });
    const [row] = await errorRows(id);
    expect(row).toMatchObject({
      action: "error.mail",
      details: { message: "Mail delivery failed (password_reset), attempt 1", template: "password_reset", attempt: 1 },
    });
    const stored = JSON.stringify(row.details);
    for (const leaked of ["kim@example.com.au", SECRET_PASSWORD, "pw123456"]) expect(stored).not.toContain(leaked);
    await db.execute(sql`delete from mail_outbox`);
  });
});

describe("global search", () => {
  test("finds a log event by its id, and an error by the request id the error page showed", async () => {
    expect((await searchBackOffice(db, { q: limited.id })).logEvents).toMatchObject([
      { id: limited.id, tab: "security", eventType: "rate_limited" },
    ]);
    expect((await searchBackOffice(db, { q: "evt_failed_1" })).logEvents).toMatchObject([
      { id: "evt_failed_1", tab: "webhooks" },
    ]);
    expect((await searchBackOffice(db, { q: "req-1234-5678" })).logEvents).toMatchObject([
      { tab: "errors", eventType: "error.server" },
    ]);
    expect((await searchBackOffice(db, { q: "nothing-like-it" })).logEvents).toEqual([]);
    const page = await load(caller, searchPage, { user: moderator, path: `/admin/search?q=${limited.id}` });
    expect(page.data?.logEvents).toMatchObject([{ id: limited.id, href: `/admin/logs?tab=security&q=${limited.id}` }]);
  });
});

/** The page itself never renders here: its loader fails. */
function EmptyPage() {
  return null;
}

/** The app's root error boundary as React Router framework mode calls it, with the route's error. */
function RootBoundary() {
  return createElement(RootErrorBoundary, { error: useRouteError() } as never);
}

describe("the error page", () => {
  test("shows the member the request id their recorded error is filed under", async () => {
    const guarded = recordRouteErrors({
      routes: {
        root: {
          id: "root",
          path: "/",
          module: { loader: async () => Promise.reject(new Error(`pool exhausted password=${SECRET_PASSWORD}`)) },
        },
      },
    } as never);
    const routes = [
      {
        id: "root",
        path: "/",
        loader: handlerOf(guarded, "root", "loader") as never,
        Component: EmptyPage,
        ErrorBoundary: RootBoundary,
      },
    ];
    const handler = createStaticHandler(routes);
    const context = contextFor(caller, null);
    const requestId = context.get(appContext).requestId;
    const result = await handler.query(new Request(`${TEST_ORIGIN}/`), { requestContext: context });
    if (result instanceof Response) throw new Error("expected a render context");
    expect(result.statusCode).toBe(500);
    const html = renderToString(
      createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, result), context: result }),
    );
    expect(html).toContain("Something went wrong");
    expect(html).toContain("An unexpected error occurred. Don&#x27;t worry, your data is safe.");
    expect(html).toContain(requestId);
    expect(html).not.toContain(SECRET_PASSWORD);
    const [row] = await errorRows(requestId);
    expect(row).toMatchObject({ action: "error.server", targetId: requestId });
    expect(JSON.stringify(row.details)).not.toContain(SECRET_PASSWORD);
  });
});
