import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as reportCsvRoute from "#app/routes/admin/reports.csv.tsx";
import * as reportsPage from "#app/routes/admin/reports.tsx";
import type { ReportChart } from "#core/reports/build-report-charts.ts";
import { dailyFiguresSql } from "#core/reports/daily-figures-sql.ts";
import { findReportFigures } from "#core/reports/find-report-figures.ts";
import { neutraliseCell, reportCsvLines } from "#core/reports/report-csv.ts";
import { addDays, bucketOf, reportBuckets, reportRange } from "#core/reports/report-period.ts";
import { rollUpReportDays } from "#core/reports/roll-up-report-days.ts";
import { adminAuditLog, securityEvents } from "#db/schema/audit.ts";
import { users } from "#db/schema/auth.ts";
import { type ListingCategory, listings } from "#db/schema/listings.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { profiles } from "#db/schema/profiles.ts";
import { reportDays } from "#db/schema/report-rollups.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createStaff } from "../support/factories";
import { contextFor, load } from "../support/staff-route";
import { TEST_ORIGIN } from "../support/test-app";
import { controlledClock } from "../support/test-clock";

// Wednesday 15 July 2026, 12:00 in Sydney (AEST, UTC+10). The 30-day period is 16 June to 15 July.
const clock = controlledClock("2026-07-15T02:00:00.000Z");
const { db, caller } = await backOfficeSetup({ clock });

// Staff rows are created now (real time, months after the period), so they are not sign-ups in it.
const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const member = await createStaff(db, [], { name: "Mia Member" });

/** Sydney wall-clock times in July (AEST, UTC+10) as instants. */
const sydney = (local: string) => new Date(`${local}+10:00`);
const LONG_AGO = new Date("2026-01-05T00:00:00Z");

async function signUp(at: Date) {
  const id = crypto.randomUUID();
  await db
    .insert(users)
    .values({ id, name: "Kylie Nguyen", email: `m-${id}@example.com.au`, emailVerified: true, createdAt: at });
  await db.insert(profiles).values({ userId: id, createdAt: at });
  return id;
}

async function listing(
  ownerId: string,
  at: Date,
  category: ListingCategory = "tradie_tools",
  place = { suburb: "Bondi", state: "NSW", postcode: "2026" },
) {
  const id = crypto.randomUUID();
  await db.insert(listings).values({
    id,
    userId: ownerId,
    title: "Makita cordless drill kit",
    description: "18 V drill with two batteries.",
    category,
    condition: "good",
    valueMin: 120,
    valueMax: 180,
    location: `${place.suburb} ${place.state} ${place.postcode}`,
    ...place,
    images: [{ key: `listings/${ownerId}/${id}`, widths: [320] }],
    createdAt: at,
  });
  return id;
}

// Two members and listings made long before the period, for the proposals and payments.
const alice = await signUp(LONG_AGO);
const bob = await signUp(LONG_AGO);
async function proposal(at: Date, outcome: { acceptedAt?: Date; completedAt?: Date } = {}) {
  const offered = await listing(alice, LONG_AGO);
  const target = await listing(bob, LONG_AGO);
  const [row] = await db
    .insert(swapProposals)
    .values({
      offeredListingId: offered,
      targetListingId: target,
      proposerId: alice,
      receiverId: bob,
      status: outcome.completedAt ? "completed" : outcome.acceptedAt ? "accepted" : "rejected",
      acceptedAt: outcome.acceptedAt ?? null,
      paymentDueAt: outcome.acceptedAt ? new Date(outcome.acceptedAt.getTime() + 48 * 3_600_000) : null,
      completedAt: outcome.completedAt ?? null,
      createdAt: at,
      expiresAt: new Date(at.getTime() + 48 * 3_600_000),
    })
    .returning();
  return row.id;
}

async function payment(
  swapId: string,
  userId: string,
  at: Date,
  options: {
    amount?: number;
    credit?: number;
    status?: "completed" | "failed" | "pending" | "refunded";
    refundedAt?: Date;
  } = {},
) {
  await db.insert(paymentLogs).values({
    swapProposalId: swapId,
    userId,
    amountCents: options.amount ?? 999,
    creditCents: options.credit ?? 0,
    status: options.status ?? "completed",
    provider: "local",
    refundedAt: options.refundedAt ?? null,
    refundReason: options.refundedAt ? "admin_refund" : null,
    createdAt: at,
  });
}

// --- The known rows ---------------------------------------------------------------------------------------
// Sign-ups: either side of Sydney midnight 14/15 July, either side of the Monday 13 July midnight, and either
// side of the period's start (16 June 00:00 Sydney).
await signUp(sydney("2026-07-14T23:59:00")); // Tue 14 Jul
await signUp(sydney("2026-07-15T00:00:00")); // Wed 15 Jul (UTC: still 14 Jul)
await signUp(sydney("2026-07-15T00:30:00")); // Wed 15 Jul
await signUp(sydney("2026-07-12T23:30:00")); // Sun 12 Jul: week of 6 Jul
await signUp(sydney("2026-07-13T00:30:00")); // Mon 13 Jul: week of 13 Jul
await signUp(sydney("2026-06-15T23:59:00")); // before the period
await signUp(sydney("2026-06-16T00:00:00")); // the period's first minute

// New listings: categories and suburbs.
const owner = await signUp(LONG_AGO);
const parramatta = { suburb: "Parramatta", state: "NSW", postcode: "2150" };
const fitzroy = { suburb: "Fitzroy", state: "VIC", postcode: "3065" };
await listing(owner, sydney("2026-07-01T09:00:00"), "electronics", parramatta);
await listing(owner, sydney("2026-07-01T10:00:00"), "electronics", parramatta);
await listing(owner, sydney("2026-07-02T10:00:00"), "electronics", fitzroy);
await listing(owner, sydney("2026-07-02T11:00:00"), "fashion", parramatta);
await listing(owner, sydney("2026-06-10T11:00:00"), "fashion", fitzroy); // before the period

// Proposals: three made on 3 July (two accepted, one completed on 5 July), one on 4 July not accepted.
const completedSwap = await proposal(sydney("2026-07-03T08:00:00"), {
  acceptedAt: sydney("2026-07-03T20:00:00"),
  completedAt: sydney("2026-07-05T01:00:00"),
});
await proposal(sydney("2026-07-03T09:00:00"), { acceptedAt: sydney("2026-07-04T09:00:00") });
await proposal(sydney("2026-07-03T10:00:00"));
await proposal(sydney("2026-07-04T10:00:00"));

// Payments on 4 July: two fees paid (one partly from credit), one failed, one pending; one of the paid ones
// refunded on 6 July.
await payment(completedSwap, alice, sydney("2026-07-04T12:00:00"), { amount: 999 });
await payment(completedSwap, bob, sydney("2026-07-04T13:00:00"), {
  amount: 499,
  credit: 500,
  status: "refunded",
  refundedAt: sydney("2026-07-06T09:00:00"),
});
await payment(completedSwap, bob, sydney("2026-07-04T12:30:00"), { status: "failed" });
await payment(completedSwap, bob, sydney("2026-07-04T12:40:00"), { status: "pending" });

async function chartsFor(path: string, user = admin) {
  const page = await load(caller, reportsPage, { user, path });
  expect(page.response).toBeNull();
  return page.data as { period: number; by: string; from: string; to: string; charts: ReportChart[] };
}
const chart = (charts: ReportChart[], id: string) => charts.find((c) => c.id === id) as ReportChart;
const row = (c: ReportChart, key: string) => c.rows.find((r) => r.key === key)?.values;

describe("periods and buckets", () => {
  test("30 days end today in Sydney; weeks start on Monday, the first one cut at the period's start", () => {
    const range = reportRange(clock.now(), 30, "week");
    expect(range).toMatchObject({ start: "2026-06-16", end: "2026-07-16", today: "2026-07-15" });
    expect(bucketOf(range, "2026-06-17")).toBe("2026-06-16");
    expect(bucketOf(range, "2026-07-12")).toBe("2026-07-06");
    expect(bucketOf(range, "2026-07-13")).toBe("2026-07-13");
    const buckets = reportBuckets(range);
    expect(buckets.map((b) => b.key)).toEqual(["2026-06-16", "2026-06-22", "2026-06-29", "2026-07-06", "2026-07-13"]);
    expect(buckets.map((b) => b.days)).toEqual([6, 7, 7, 7, 3]);
    expect(reportBuckets(reportRange(clock.now(), 365, "day"))).toHaveLength(365);
    // Across the daylight-saving change (5 April 2026), still one row per calendar day.
    expect(addDays("2026-04-04", 1)).toBe("2026-04-05");
    expect(reportRange(new Date("2026-04-05T13:59:00Z"), 30, "day").today).toBe("2026-04-05");
    expect(reportRange(new Date("2026-04-05T14:00:00Z"), 30, "day").today).toBe("2026-04-06");
  });
});

describe("the Reports page", () => {
  test("sign-ups per Sydney day, across midnight and the period's edges", async () => {
    const { charts, from, to } = await chartsFor("/admin/reports?period=30&by=day");
    expect([from, to]).toEqual(["16 June 2026", "15 July 2026"]);
    const signUps = chart(charts, "sign-ups");
    expect(signUps.rows).toHaveLength(30);
    expect(signUps.rows[0]).toMatchObject({ key: "2026-06-16", label: "16 June 2026", values: [1] });
    expect(row(signUps, "2026-07-14")).toEqual([1]);
    expect(row(signUps, "2026-07-15")).toEqual([2]);
    expect(row(signUps, "2026-07-12")).toEqual([1]);
    expect(row(signUps, "2026-07-13")).toEqual([1]);
    expect(signUps.rows.reduce((s, r) => s + (r.values[0] ?? 0), 0)).toBe(6);
  });

  test("by week: Monday weeks in Sydney time", async () => {
    const { charts } = await chartsFor("/admin/reports?period=30&by=week");
    const signUps = chart(charts, "sign-ups");
    expect(signUps.rowHeader).toBe("Week starting");
    expect(signUps.rows.map((r) => [r.key, r.values[0]])).toEqual([
      ["2026-06-16", 1],
      ["2026-06-22", 0],
      ["2026-06-29", 0],
      ["2026-07-06", 1],
      ["2026-07-13", 4],
    ]);
    expect(row(chart(charts, "new-listings"), "2026-06-29")).toEqual([4]);
  });

  test("new listings, categories and top suburbs count only the period", async () => {
    const { charts } = await chartsFor("/admin/reports?period=30&by=day");
    expect(row(chart(charts, "new-listings"), "2026-07-01")).toEqual([2]);
    expect(row(chart(charts, "new-listings"), "2026-07-02")).toEqual([2]);
    expect(chart(charts, "listings-by-category").rows).toEqual([
      { key: "electronics", label: "Electronics", values: [3] },
      { key: "fashion", label: "Fashion", values: [1] },
    ]);
    expect(chart(charts, "top-suburbs").rows.map((r) => [r.label, r.values[0]])).toEqual([
      ["Parramatta NSW", 3],
      ["Fitzroy VIC", 1],
    ]);
  });

  test("proposals, acceptance rate and completed swaps", async () => {
    const { charts } = await chartsFor("/admin/reports?period=30&by=day");
    expect(row(chart(charts, "proposals"), "2026-07-03")).toEqual([3]);
    expect(row(chart(charts, "proposals"), "2026-07-04")).toEqual([1]);
    const acceptance = chart(charts, "acceptance-rate");
    expect(row(acceptance, "2026-07-03")).toEqual([66.7, 3, 2]);
    expect(row(acceptance, "2026-07-04")).toEqual([0, 1, 0]);
    expect(row(acceptance, "2026-07-05")).toEqual([null, 0, 0]);
    expect(row(chart(charts, "completed-swaps"), "2026-07-05")).toEqual([1]);
    expect(row(chart(charts, "completed-swaps"), "2026-07-03")).toEqual([0]);
  });

  test("fee revenue (card and credit) on the day paid, refunds on the day given back, in cents", async () => {
    const { charts } = await chartsFor("/admin/reports?period=30&by=day");
    const money = chart(charts, "fee-revenue");
    // Revenue, refunds, net, fees paid, fees refunded.
    expect(row(money, "2026-07-04")).toEqual([1998, 0, 1998, 2, 0]);
    expect(row(money, "2026-07-06")).toEqual([0, 999, -999, 0, 1]);
  });

  test("an empty period: every bucket zero, no categories or suburbs, no acceptance rate", async () => {
    const early = controlledClock("2025-01-15T02:00:00.000Z");
    const { charts } = (
      await load({ ...caller, clock: early }, reportsPage, { user: admin, path: "/admin/reports?period=90&by=week" })
    ).data as { charts: ReportChart[] };
    expect(chart(charts, "sign-ups").rows.length).toBe(14);
    for (const c of charts.filter((c) => c.kind === "time")) {
      for (const r of c.rows)
        expect(
          r.values.filter((v) => v !== null && v !== 0),
          `${c.id} ${r.key}`,
        ).toEqual([]);
    }
    expect(chart(charts, "acceptance-rate").rows[0].values[0]).toBeNull();
    expect(chart(charts, "listings-by-category").rows).toEqual([]);
    expect(chart(charts, "top-suburbs").rows).toEqual([]);
  });

  test("unknown parameters fall back to 30 days by day", async () => {
    const page = await chartsFor("/admin/reports?period=7&by=hour");
    expect([page.period, page.by]).toEqual([30, "day"]);
  });

  test("staff read it (moderators too, decision 070); a member is sent home, a visitor to sign in", async () => {
    expect((await load(caller, reportsPage, { user: moderator, path: "/admin/reports" })).data).not.toBeNull();
    const page = await load(caller, reportsPage, { user: member, path: "/admin/reports" });
    expect(page.response?.status).toBe(302);
    expect(page.response?.headers.get("location")).toBe("/");
    const visitor = await load(caller, reportsPage, { user: null, path: "/admin/reports" });
    expect(visitor.response?.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

async function download(user: typeof admin | null, form: Record<string, string>) {
  const request = new Request(`${TEST_ORIGIN}/admin/reports/csv`, { method: "POST", body: new URLSearchParams(form) });
  try {
    return (await reportCsvRoute.action({
      request,
      params: {},
      context: contextFor(caller, user),
    } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const exportsBy = (userId: string) =>
  db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.adminId, userId), eq(adminAuditLog.action, "export_report_csv")));

describe("the daily rollup", () => {
  test("settled days are counted once and kept; the last three days are counted live; both agree with the tables", async () => {
    const range = reportRange(clock.now(), 365, "day");
    await findReportFigures(db, range);
    const days = await db.select().from(reportDays);
    const rolled = new Set(days.map((d) => d.day));
    expect(rolled.has("2026-07-11")).toBe(true);
    expect(rolled.has("2026-07-12")).toBe(false);
    expect(rolled.has(range.start)).toBe(true);
    expect(await rollUpReportDays(db, { from: range.start, to: "2026-07-12" })).toBe(0);

    // The rollup's figures are the tables' own: the same charts as counting every day live.
    const viaRollup = await findReportFigures(db, range);
    const live = (await db.execute(
      sql`select day::text as day, metric, key, value from (${dailyFiguresSql(range.start, range.end)}) f`,
    )) as unknown as { rows?: Record<string, unknown>[] };
    const liveRows = (live.rows ?? (live as unknown as Record<string, unknown>[])).filter(
      (r) => r.metric === "listings",
    );
    expect(Object.fromEntries(liveRows.map((r) => [String(r.day), Number(r.value)]))).toEqual(
      Object.fromEntries(viaRollup.listings),
    );
    expect(viaRollup.categories.reduce((sum, c) => sum + c.count, 0)).toBe(
      [...viaRollup.listings.values()].reduce((a, b) => a + b, 0),
    );

    // A new row in a live day shows at once; one back-dated into a settled day does not (decision 060).
    const before = (await findReportFigures(db, range)).signUps;
    await signUp(sydney("2026-07-13T10:00:00"));
    await signUp(sydney("2026-07-01T10:00:00"));
    const after = (await findReportFigures(db, range)).signUps;
    expect(after.get("2026-07-13")).toBe((before.get("2026-07-13") ?? 0) + 1);
    expect(after.get("2026-07-01") ?? 0).toBe(before.get("2026-07-01") ?? 0);
  });
});

describe("a chart's CSV download", () => {
  test("a dated file with the chart's numbers, dollars for money, and one audit row", async () => {
    const response = await download(admin, { chart: "fee-revenue", period: "30", by: "week" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="swapshed-fee-revenue-30-days-by-week-2026-07-15.csv"',
    );
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("Week starting,Fee revenue (AUD),Refunds (AUD),Net (AUD),Fees paid,Fees refunded");
    expect(lines.slice(1, -1)).toEqual([
      "2026-06-16,0.00,0.00,0.00,0,0",
      "2026-06-22,0.00,0.00,0.00,0,0",
      "2026-06-29,19.98,0.00,19.98,2,0",
      "2026-07-06,0.00,9.99,-9.99,0,1",
      "2026-07-13,0.00,0.00,0.00,0,0",
    ]);
    expect(lines.at(-1)).toBe("");
    const audit = await exportsBy(admin.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      targetType: "system",
      metadata: { chart: "fee-revenue", period: 30, by: "week", start: "2026-06-16", end: "2026-07-15", rows: 5 },
    });

    const suburbs = await (await download(admin, { chart: "top-suburbs", period: "30", by: "day" })).text();
    expect(suburbs).toBe("Suburb,New listings\r\nParramatta NSW,3\r\nFitzroy VIC,1\r\n");
    expect(await exportsBy(admin.id)).toHaveLength(2);
  });

  test("cells that start with = + - @ are neutralised", async () => {
    expect(["=SUM(A1)", "+61", "-x", "@cmd", "\tx", "Bondi"].map(neutraliseCell)).toEqual([
      "'=SUM(A1)",
      "'+61",
      "'-x",
      "'@cmd",
      "'\tx",
      "Bondi",
    ]);
    // A suburb name in the data that looks like a formula reaches the file as text.
    // (14 July: one of the last days, counted live; the settled ones are rolled up already.)
    await listing(owner, sydney("2026-07-14T10:00:00"), "other", {
      suburb: '=HYPERLINK("http://x","y")',
      state: "NSW",
      postcode: "2000",
    });
    const text = await (await download(admin, { chart: "top-suburbs", period: "30", by: "day" })).text();
    expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"") NSW",1\r\n`);
    expect(text.split("\r\n").every((line) => !/^[=+\-@]/.test(line))).toBe(true);
    const chartWithFormula: ReportChart = {
      id: "top-suburbs",
      title: "t",
      description: "d",
      kind: "ranking",
      rowHeader: "Suburb",
      columns: [{ label: "@count", unit: "count" }],
      rows: [{ key: "k", label: "+1", values: [-3] }],
      plot: [0],
    };
    expect(reportCsvLines(chartWithFormula)).toEqual(["Suburb,'@count\r\n", "'+1,-3\r\n"]);
  });

  test("a moderator downloads what they read; a member is refused (no file, no audit row); an unknown chart changes nothing", async () => {
    const asModerator = await download(moderator, { chart: "sign-ups", period: "30", by: "day" });
    expect(asModerator.headers.get("content-type") ?? "").toMatch(/csv/);
    expect(await exportsBy(moderator.id)).toHaveLength(1);
    for (const user of [member]) {
      const response = await download(user, { chart: "sign-ups", period: "30", by: "day" });
      expect(response.status).toBe(302);
      expect(response.headers.get("content-type") ?? "").not.toMatch(/csv/);
      expect(await exportsBy(user.id)).toHaveLength(0);
    }
    const before = (await exportsBy(admin.id)).length;
    const unknown = await download(admin, { chart: "passwords", period: "30", by: "day" });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("location")).toBe("/admin/reports?period=30&by=day");
    expect(await exportsBy(admin.id)).toHaveLength(before);
  });

  test("rate limited: 10 downloads a minute, then back to the page with the spec's message", async () => {
    const quick = await createStaff(db, ["admin"], { name: "Quinn Quick" });
    for (let i = 0; i < 10; i++)
      expect((await download(quick, { chart: "sign-ups", period: "90", by: "week" })).status).toBe(200);
    const refused = await download(quick, { chart: "sign-ups", period: "90", by: "week" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/admin/reports?period=90&by=week");
    expect(await exportsBy(quick.id)).toHaveLength(10);
    const events = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, quick.id), eq(securityEvents.eventType, "rate_limited")));
    expect(events).toHaveLength(1);
  });
});
