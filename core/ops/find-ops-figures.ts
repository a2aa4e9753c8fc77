import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { rowsOf } from "../shared/sql-rows";

export type OpsFigures = {
  mail: { queued: number; oldestQueuedAt: Date | null };
  payments: { status: string; provider: string; count: number }[];
  jobs: { job: string; succeeded: number; failed: number; running: number; lastSuccessAt: Date | null }[];
};

/**
 * The figures an operator watches across every process, read from the database (so any process reports the
 * same): undelivered mail, payments by status and provider, job runs and failures by job.
 * The mail count uses the partial index on unsent mail; payments are grouped through their status index.
 */
export async function findOpsFigures(db: Db): Promise<OpsFigures> {
  const mail = rowsOf(
    await db.execute<{ queued: number; oldest: string | null }>(
      sql`select count(*)::int as queued, min(created_at)::text as oldest from mail_outbox where sent_at is null`,
    ),
  )[0];
  const payments = rowsOf(
    await db.execute<{ status: string; provider: string; count: number }>(
      sql`select status, provider, count(*)::int as count from payment_logs group by status, provider order by status, provider`,
    ),
  );
  const jobs = rowsOf(
    await db.execute<{
      job: string;
      succeeded: number;
      failed: number;
      running: number;
      last_success: string | null;
    }>(sql`
      select job,
        count(*) filter (where finished_at is not null and error is null)::int as succeeded,
        count(*) filter (where error is not null)::int as failed,
        count(*) filter (where finished_at is null)::int as running,
        max(finished_at) filter (where error is null)::text as last_success
      from job_runs group by job order by job`),
  );
  return {
    mail: { queued: Number(mail?.queued ?? 0), oldestQueuedAt: mail?.oldest ? new Date(mail.oldest) : null },
    payments: payments.map((p) => ({ status: p.status, provider: p.provider, count: Number(p.count) })),
    jobs: jobs.map((j) => ({
      job: j.job,
      succeeded: Number(j.succeeded),
      failed: Number(j.failed),
      running: Number(j.running),
      lastSuccessAt: j.last_success ? new Date(j.last_success) : null,
    })),
  };
}
