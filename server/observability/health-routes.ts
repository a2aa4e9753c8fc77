import crypto from "node:crypto";
import { Hono } from "hono";
import type { Db } from "#db/client.ts";
import { latestMigrationMillis } from "#db/migrate.ts";
import { checkReadiness } from "#core/ops/check-readiness.ts";
import type { Clock } from "#core/shared/clock.ts";
import { logger } from "#core/shared/logger.ts";
import type { Metrics } from "./metrics";

/**
 * GET /healthz (the process answers), GET /readyz (the database answers and its migrations are current) and
 * GET /metrics (Prometheus text, only with METRICS_TOKEN set and sent as a bearer token). The probes say
 * nothing beyond up or down: they are public to whatever can reach the port.
 */
export function createHealthRoutes(deps: {
  db: Db;
  clock: Clock;
  metrics: Metrics | null;
  metricsToken?: string;
  /** Whether this process hears live updates (server/live): a process that cannot listen is not ready. */
  liveListening?: () => boolean;
}) {
  const routes = new Hono();
  const migrations = latestMigrationMillis();

  // Set per route: a middleware here would apply to every path of the app this is mounted on ("/").
  const noStore = { "Cache-Control": "no-store" };

  routes.get("/healthz", (c) => c.text("ok", 200, noStore));

  routes.get("/readyz", async (c) => {
    const readiness = await checkReadiness(deps.db, { latestMigrationMillis: migrations });
    if (!readiness.ready) {
      logger.warn("not ready", { reason: readiness.reason });
      return c.text("not ready", 503, noStore);
    }
    if (deps.liveListening && !deps.liveListening()) {
      // The members' open tabs would hear nothing from this process: the balancer should send them elsewhere.
      logger.warn("not ready", { reason: "not listening for live updates" });
      return c.text("not ready: not listening for live updates", 503, noStore);
    }
    return c.text("ready", 200, noStore);
  });

  routes.get("/metrics", async (c) => {
    const { metrics, metricsToken } = deps;
    if (!metrics || !metricsToken) return c.text("Not found", 404, noStore);
    if (!tokenMatches(c.req.header("authorization"), metricsToken)) {
      return c.text("Unauthorized", 401, { ...noStore, "WWW-Authenticate": 'Bearer realm="metrics"' });
    }
    const { contentType, body } = await metrics.render(deps.clock.now());
    return c.body(body, 200, { ...noStore, "Content-Type": contentType });
  });

  return routes;
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!sent) return false;
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(sent), digest(token));
}
