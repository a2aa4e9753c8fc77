// The back office benchmark: the staff list pages (Users, Listings, the Moderation Queue, Reports, Payments),
// one request at a time as an admin with two-factor, with the SQL each ran and its EXPLAIN ANALYZE. The pages
// and the timing are in back-office.ts and trust-and-money.ts, with the rows they need.
import type { BenchApp } from "./app";
import { type BenchDatabase, type Captured, startCapturing, stopCapturing } from "./database";
import { adminSession, backOfficePages, timeBackOfficePage } from "./back-office";
import type { Explainer } from "./explain";
import { log, round } from "./log";
import { BACK_OFFICE_SAMPLES, PAYMENTS } from "./options";
import { trustAndMoneyPages } from "./trust-and-money";

export async function timeBackOffice({ base }: BenchApp, { exec, raw }: BenchDatabase) {
  const staffCookie = await adminSession(base, exec);
  const backOffice: (Awaited<ReturnType<typeof timeBackOfficePage>> & { queries: Captured[] })[] = [];
  for (const page of [...(await backOfficePages(raw)), ...trustAndMoneyPages(PAYMENTS)]) {
    startCapturing();
    await fetch(base + page.path, { headers: { cookie: staffCookie } }).then((r) => r.text());
    const queries = stopCapturing();
    const timing = await timeBackOfficePage(base, staffCookie, page, BACK_OFFICE_SAMPLES);
    if (timing.status !== 200)
      throw new Error(`${page.path} answered ${timing.status}: the admin session does not pass the gate`);
    backOffice.push({ ...timing, queries });
    log(
      `${page.path} -> ${timing.rows} rows, median ${timing.medianMs} ms, p95 ${timing.p95Ms} ms (${timing.samples} requests)`,
    );
  }
  return backOffice;
}

/**
 * Each page's timings with its SQL explained, and the slowest median of the pages each issue's target covers:
 * Users and Listings (back office I); the Moderation Queue and Payments (back office II). Reports and the
 * others are measured and shown, without a target of their own.
 */
export async function explainBackOffice(
  { explainPage }: Explainer,
  backOffice: Awaited<ReturnType<typeof timeBackOffice>>,
) {
  const backOfficePagesResult: ({ name: string; medianMs: number } & Record<string, unknown>)[] = [];
  for (const { body: _body, queries, ...timing } of backOffice) {
    const statements = await explainPage(queries);
    const slowest = [...statements].sort((a, b) => b.executionMs - a.executionMs)[0];
    backOfficePagesResult.push({
      ...timing,
      sqlStatements: statements.length,
      dbTotalMs: round(statements.reduce((sum, x) => sum + x.executionMs, 0)),
      slowest: slowest
        ? { sql: slowest.sql.slice(0, 400), executionMs: slowest.executionMs, plan: slowest.plan }
        : null,
    });
  }
  const slowestOf = (prefixes: string[]) =>
    Math.max(...backOfficePagesResult.filter((p) => prefixes.some((x) => p.name.startsWith(x))).map((p) => p.medianMs));
  const slowestBackOffice = slowestOf(["users", "listings"]);
  const slowestQueueAndPayments = slowestOf(["queue", "payments"]);
  return { pages: backOfficePagesResult, slowestBackOffice, slowestQueueAndPayments };
}
