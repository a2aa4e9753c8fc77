import { redirect } from "react-router";
import { exportLogEvents } from "#core/back-office/export-log-events.ts";
import { asLogTab } from "#core/logs/log-tabs.ts";
import { logCsvFileName, logCsvHeader, logCsvRow } from "#core/logs/logs-csv.ts";
import { recordRequestError } from "#core/logs/record-request-error.ts";
import type { StaffAction } from "#core/staff/permissions.ts";
import { appContext } from "#app/context.ts";
import { authorizeDownload } from "#app/lib/staff-action.server.ts";
import type { Route } from "./+types/logs.export";

/** This route has no page: its one action needs the export permission (the permission test walks these). */
export const permission: StaffAction = "export_logs_csv";
export const actionPermissions = { export: permission } as const satisfies Record<string, StaffAction>;

/**
 * POST: one System Logs tab, under its search and quick filter, as a CSV made on the server and streamed in
 * batches (audited with log_type and count, rate limited).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const guarded = await authorizeDownload(ctx, request, actionPermissions.export);
  if ("refused" in guarded) return guarded.refused;
  const { actor, headers: warning } = guarded;
  const form = await request.formData();
  const tab = asLogTab(String(form.get("tab") ?? ""));
  const filters = { q: String(form.get("q") ?? ""), quick: String(form.get("quick") ?? "") };
  const { batches } = await exportLogEvents(ctx.db, { actor, tab, filters });

  const encoder = new TextEncoder();
  const rows = batches();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(logCsvHeader()));
    },
    async pull(controller) {
      try {
        const next = await rows.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map(logCsvRow).join("")));
      } catch (error) {
        // The download stops short rather than ending as a file that looks whole; the failure is in System Logs.
        await recordRequestError(ctx, { requestId: ctx.requestId, request, error, userId: actor.userId });
        controller.error(error);
      }
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${logCsvFileName(tab, ctx.clock.now())}"`,
      "Cache-Control": "no-store",
      ...warning,
    },
  });
}

export function loader() {
  return redirect("/admin/logs");
}
