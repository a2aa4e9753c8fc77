import { sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { runOnce } from "#core/jobs/run-once.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { createSwap } from "../support/factories";
import { createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());

const TOKEN = "metrics-token-0123456789abcdef";
const { app } = createTestApp(handle, { metricsToken: TOKEN });
const scrape = (authorization?: string) => app.request("/metrics", { headers: authorization ? { authorization } : {} });

describe("health probes", () => {
  test("/healthz says the process is up, with no detail and no caching", async () => {
    const res = await app.request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("/readyz is ready when the database answers and every migration is applied", async () => {
    const res = await app.request("/readyz");
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ready");
  });

  test("/readyz is not ready while the newest migration is missing, and says no more than that", async () => {
    const [{ latest }] = await rows<{ latest: string }>(
      sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
    );
    await db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${latest}`,
    );
    try {
      const res = await app.request("/readyz");
      expect(res.status).toBe(503);
      expect(await res.text()).toBe("not ready");
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${latest} where created_at = ${Number(latest) - 1}`,
      );
    }
    expect((await app.request("/readyz")).status).toBe(200);
  });

  test("/readyz is not ready when the database does not answer", async () => {
    const other = await createTestDatabase();
    const { app: otherApp } = createTestApp(other);
    await other.close();
    const res = await otherApp.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("not ready");
  });
});

describe("/metrics", () => {
  test("is off without METRICS_TOKEN", async () => {
    const { app: plain } = createTestApp(handle);
    expect((await plain.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  test("refuses a missing or wrong token and shows nothing", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.status).toBe(401);
      expect(await res.text()).not.toContain("swapshed_");
    }
  });

  test("reports requests by route and status, with ids folded into the route", async () => {
    await app.request("/healthz");
    await app.request("/api/v1/listings/0b5e5c1e-8f4a-4c3e-9d6b-2f1a3b4c5d6e");
    await app.request("/api/v1/listings/1c6f6d2f-9a5b-4d4f-8e7c-3a2b4c5d6e7f");
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).toMatch(/swapshed_http_requests_total\{method="GET",route="\/healthz",status="200"\} [1-9]/);
    expect(text).toMatch(/swapshed_http_request_duration_seconds_count\{method="GET",route="\/healthz"\} [1-9]/);
    expect(text).not.toContain("0b5e5c1e");
    expect(text).toContain("swapshed_process_resident_memory_bytes");
  });

  test("reports the visitor pages answered from shared copies and rendered, and the copies held", async () => {
    const cached = createTestApp(handle, { metricsToken: TOKEN, pageCache: true });
    await cached.pageCache?.ready();
    try {
      await cached.app.request("/api/v1/listings?limit=3");
      await cached.app.request("/api/v1/listings?limit=3");
      const text = await (
        await cached.app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } })
      ).text();
      expect(text).toContain('swapshed_page_cache_answers{outcome="render"} 1');
      expect(text).toContain('swapshed_page_cache_answers{outcome="hit"} 1');
      expect(text).toContain('swapshed_page_cache_copies{measure="count"} 1');
      expect(text).toMatch(/swapshed_page_cache_copies\{measure="bytes"\} [1-9]/);
    } finally {
      await cached.pageCache?.close();
    }
  });

  test("reports the mail queue, payments by status and job runs from the database", async () => {
    await db.insert(mailOutbox).values([
      { toAddress: "a@example.com", subject: "One", textBody: "x" },
      { toAddress: "b@example.com", subject: "Two", textBody: "y" },
    ]);
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    await db.insert(paymentLogs).values([
      { swapProposalId: swapId, userId: proposerId, amountCents: 999, status: "completed", provider: "local" },
      { swapProposalId: swapId, userId: receiverId, amountCents: 999, status: "failed", provider: "local" },
    ]);
    const now = new Date();
    await runOnce(db, { job: "metrics-test-job", runKey: "a", now }, async () => ({ ok: true }));
    await runOnce(db, { job: "metrics-test-job", runKey: "b", now }, async () => {
      throw new Error("boom");
    }).catch(() => {});

    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(text).toMatch(/^swapshed_mail_queue_depth 2$/m);
    expect(text).toMatch(/^swapshed_mail_oldest_queued_age_seconds \d/m);
    expect(text).toContain('swapshed_payments{status="completed",provider="local"} 1');
    expect(text).toContain('swapshed_payments{status="failed",provider="local"} 1');
    expect(text).toContain('swapshed_job_runs{job="metrics-test-job",outcome="succeeded"} 1');
    expect(text).toContain('swapshed_job_runs{job="metrics-test-job",outcome="failed"} 1');
    expect(text).toMatch(/swapshed_job_last_success_timestamp_seconds\{job="metrics-test-job"\} \d/);
  });
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return ("rows" in result ? result.rows : result) as T[];
}

test("the probes' no-store stays on the probes: other answers keep their own caching", async () => {
  expect((await app.request("/api/v1/listings")).headers.get("cache-control")).not.toBe("no-store");
});
