import { and, count, desc, gte, lt, or, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { adminAuditLog, securityEvents } from "#db/schema/audit.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import type { StaffActor } from "../staff/pass-staff-gate";

/** The bundle covers this many days back: what an incident review needs, and a file a browser can save. */
export const LOGS_BUNDLE_DAYS = 30;
const BATCH = 1000;

type Section = "audit_logs" | "payment_logs" | "security_events";
const TABLES = { audit_logs: adminAuditLog, payment_logs: paymentLogs, security_events: securityEvents } as const;

/**
 * 'Export Logs Bundle': the audit trail, payment logs and security events of the last 30 days as one JSON
 * document, `{ exported_at, since, summary: { total_audit_logs, total_payment_logs, total_security_events },
 * audit_logs: [...], payment_logs: [...], security_events: [...] }`, newest first. The totals are counted and
 * the export audited (`export_logs_bundle`) before the first byte; the rows are then streamed in pages of 1,000,
 * so a large bundle never sits whole in memory. Rows written while it streams are left out (`before`).
 */
export async function exportLogsBundle(db: Db, { actor, now }: { actor: StaffActor; now: Date }) {
  const since = new Date(now.getTime() - LOGS_BUNDLE_DAYS * 24 * 60 * 60 * 1000);
  const inWindow = (section: Section) => and(gte(TABLES[section].createdAt, since), lt(TABLES[section].createdAt, now));
  const total = async (section: Section) =>
    Number((await db.select({ n: count() }).from(TABLES[section]).where(inWindow(section)))[0].n);
  const summary = {
    total_audit_logs: await total("audit_logs"),
    total_payment_logs: await total("payment_logs"),
    total_security_events: await total("security_events"),
  };
  const entries = summary.total_audit_logs + summary.total_payment_logs + summary.total_security_events;
  await db.transaction((tx) =>
    recordAdminAction(tx, {
      actorId: actor.userId,
      action: "export_logs_bundle",
      targetType: "system",
      metadata: { ...summary, since: since.toISOString(), until: now.toISOString() },
      ip: actor.ip,
      userAgent: actor.userAgent,
    }),
  );

  const encoder = new TextEncoder();
  async function* chunks() {
    yield `{"exported_at":${JSON.stringify(now.toISOString())},"since":${JSON.stringify(since.toISOString())},"summary":${JSON.stringify(summary)}`;
    for (const section of Object.keys(TABLES) as Section[]) {
      yield `,${JSON.stringify(section)}:[`;
      let first = true;
      for await (const row of pagesOf(db, section, inWindow(section))) {
        yield `${first ? "" : ","}\n${JSON.stringify(row)}`;
        first = false;
      }
      yield "]";
    }
    yield "}\n";
  }
  const source = chunks();
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await source.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return { summary, entries, stream };
}

/** Newest first, keyset on (created_at, id) so rows with one timestamp are neither skipped nor repeated. */
async function* pagesOf(db: Db, section: Section, where: ReturnType<typeof and>) {
  const table = TABLES[section];
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const keyset = after
      ? or(lt(table.createdAt, after.createdAt), and(eq(table.createdAt, after.createdAt), lt(table.id, after.id)))
      : undefined;
    const rows = (await db
      .select()
      .from(table)
      .where(and(where, keyset))
      .orderBy(desc(table.createdAt), desc(table.id))
      .limit(BATCH)) as { createdAt: Date; id: string }[];
    yield* rows;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}
