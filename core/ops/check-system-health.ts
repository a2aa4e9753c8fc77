import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { DAILY_CLEANUP_JOB } from "../jobs/daily-cleanup";
import { checkReadiness } from "./check-readiness";
import { rowsOf } from "../shared/sql-rows";

export type SystemHealth = {
  database: { ok: boolean; latencyMs: number | null };
  migrationsCurrent: boolean;
  dailyCleanup: {
    lastRunAt: Date | null;
    finishedAt: Date | null;
    ok: boolean | null;
    error: string | null;
    result: Record<string, unknown> | null;
  };
  mail: { queued: number; oldestQueuedAt: Date | null };
  webhookFailures24h: number;
};

/** Measured now, for the dashboard: nothing here is a static claim. */
export async function checkSystemHealth(
  db: Db,
  { now, latestMigrationMillis }: { now: Date; latestMigrationMillis: number },
): Promise<SystemHealth> {
  const started = performance.now();
  const readiness = await checkReadiness(db, { latestMigrationMillis });
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  if (!readiness.ready && readiness.reason === "database") {
    return {
      database: { ok: false, latencyMs: null },
      migrationsCurrent: false,
      dailyCleanup: { lastRunAt: null, finishedAt: null, ok: null, error: null, result: null },
      mail: { queued: 0, oldestQueuedAt: null },
      webhookFailures24h: 0,
    };
  }
  const [cleanup] = rowsOf(
    await db.execute<{
      started_at: string;
      finished_at: string | null;
      error: string | null;
      result: Record<string, unknown> | null;
    }>(
      sql`select started_at::text, finished_at::text, error, result from job_runs where job = ${DAILY_CLEANUP_JOB} order by started_at desc limit 1`,
    ),
  );
  const [mail] = rowsOf(
    await db.execute<{ queued: number; oldest: string | null }>(
      sql`select count(*)::int as queued, min(created_at)::text as oldest from mail_outbox where sent_at is null`,
    ),
  );
  const since = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const [webhooks] = rowsOf(
    await db.execute<{ failed: number }>(
      sql`select count(*)::int as failed from webhook_events where status = 'failed' and received_at > ${since}`,
    ),
  );
  return {
    database: { ok: true, latencyMs },
    migrationsCurrent: readiness.ready,
    dailyCleanup: {
      lastRunAt: cleanup ? new Date(cleanup.started_at) : null,
      finishedAt: cleanup?.finished_at ? new Date(cleanup.finished_at) : null,
      ok: cleanup ? (cleanup.finished_at ? !cleanup.error : null) : null,
      error: cleanup?.error ? cleanup.error.split("\n")[0] : null,
      result: cleanup?.result ?? null,
    },
    mail: { queued: Number(mail?.queued ?? 0), oldestQueuedAt: mail?.oldest ? new Date(mail.oldest) : null },
    webhookFailures24h: Number(webhooks?.failed ?? 0),
  };
}
