import type { MiddlewareHandler } from "hono";
import type pg from "pg";
import client from "prom-client";
import type { Db } from "#db/client.ts";
import { findOpsFigures } from "#core/ops/find-ops-figures.ts";
import { routeLabel } from "./route-label";

type PageCacheStats = { hits: number; renders: number; notModified: number; copies: number; bytes: number };

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One registry per app (tests build many apps in one process). Request counts and latency are this process's;
 * the database figures (mail queue, payments, jobs) are read at scrape time and are the same from any process.
 */
export function createMetrics(deps: { db: Db; pool?: pg.Pool; pageCache?: { stats: () => PageCacheStats } }) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "swapshed_" });

  const requests = new client.Counter({
    name: "swapshed_http_requests_total",
    help: "HTTP requests answered, by method, route and status code",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: "swapshed_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pool = new client.Gauge({
    name: "swapshed_db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting); absent on the embedded database",
    labelNames: ["state"] as const,
    registers: [registry],
  });
  const mailQueued = new client.Gauge({
    name: "swapshed_mail_queue_depth",
    help: "Mails not yet delivered",
    registers: [registry],
  });
  const mailOldest = new client.Gauge({
    name: "swapshed_mail_oldest_queued_age_seconds",
    help: "Age of the oldest undelivered mail (0 when none)",
    registers: [registry],
  });
  const payments = new client.Gauge({
    name: "swapshed_payments",
    help: "Payment records by status and provider",
    labelNames: ["status", "provider"] as const,
    registers: [registry],
  });
  const jobRuns = new client.Gauge({
    name: "swapshed_job_runs",
    help: "Background job runs recorded in job_runs, by job and outcome (succeeded, failed, running)",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobLastSuccess = new client.Gauge({
    name: "swapshed_job_last_success_timestamp_seconds",
    help: "When each job last finished without error (Unix time)",
    labelNames: ["job"] as const,
    registers: [registry],
  });

  const pageCacheAnswers = new client.Gauge({
    name: "swapshed_page_cache_answers",
    help: "Visitor pages answered by this process since it started: from a shared copy (hit), rendered for one (render), 304 (not_modified, counted in hit too)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const pageCacheCopies = new client.Gauge({
    name: "swapshed_page_cache_copies",
    help: "Shared copies of visitor pages this process holds, and their bytes (all encodings)",
    labelNames: ["measure"] as const,
    registers: [registry],
  });

  /** Times every request; the route label is bounded (see routeLabel). */
  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    await next();
    const route = routeLabel(c.req.path, c.res.status);
    latency.observe({ method: c.req.method, route }, (performance.now() - started) / 1000);
    requests.inc({ method: c.req.method, route, status: String(c.res.status) });
  };

  /** The exposition text, with the database figures read now. */
  async function render(now: Date): Promise<{ contentType: string; body: string }> {
    if (deps.pool) {
      pool.set({ state: "total" }, deps.pool.totalCount);
      pool.set({ state: "idle" }, deps.pool.idleCount);
      pool.set({ state: "waiting" }, deps.pool.waitingCount);
    }
    if (deps.pageCache) {
      const stats = deps.pageCache.stats();
      pageCacheAnswers.set({ outcome: "hit" }, stats.hits);
      pageCacheAnswers.set({ outcome: "render" }, stats.renders);
      pageCacheAnswers.set({ outcome: "not_modified" }, stats.notModified);
      pageCacheCopies.set({ measure: "count" }, stats.copies);
      pageCacheCopies.set({ measure: "bytes" }, stats.bytes);
    }
    const figures = await findOpsFigures(deps.db);
    mailQueued.set(figures.mail.queued);
    mailOldest.set(
      figures.mail.oldestQueuedAt ? Math.max(0, (now.getTime() - figures.mail.oldestQueuedAt.getTime()) / 1000) : 0,
    );
    payments.reset();
    for (const p of figures.payments) payments.set({ status: p.status, provider: p.provider }, p.count);
    jobRuns.reset();
    jobLastSuccess.reset();
    for (const j of figures.jobs) {
      jobRuns.set({ job: j.job, outcome: "succeeded" }, j.succeeded);
      jobRuns.set({ job: j.job, outcome: "failed" }, j.failed);
      jobRuns.set({ job: j.job, outcome: "running" }, j.running);
      if (j.lastSuccessAt) jobLastSuccess.set({ job: j.job }, j.lastSuccessAt.getTime() / 1000);
    }
    return { contentType: registry.contentType, body: await registry.metrics() };
  }

  return { middleware, render };
}
