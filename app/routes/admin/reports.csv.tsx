import { redirect } from "react-router";
import type { Route } from "./+types/reports.csv";
import { appContext } from "#app/context.ts";
import { categoryLabel } from "#app/lib/categories.ts";
import { flashHeader } from "#app/lib/flash.server.ts";
import { authorizeStaffAction, rateLimitWarningHeaders } from "#app/lib/staff-action.server.ts";
import { exportReportCsv } from "#core/reports/export-report-csv.ts";
import { parseReportParams } from "#core/reports/report-period.ts";
import { reportCsvFileName, reportCsvStream } from "#core/reports/report-csv.ts";
import { isAppError } from "#core/shared/app-error.ts";
import type { StaffAction } from "#core/staff/permissions.ts";

/** This route has no page: its one action needs the export permission (the permission test walks these). */
export const permission: StaffAction = "export_report_csv";
export const actionPermissions = { export: permission } as const satisfies Record<string, StaffAction>;

/**
 * POST: one chart's numbers as a CSV download (admins, audited, rate limited). A refusal or failure goes back to
 * the Reports page with the reason as a message, so a browser without JavaScript never lands on a bare error.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const params = new URLSearchParams();
  for (const name of ["period", "by"]) params.set(name, String(form.get(name) ?? ""));
  const { period, by } = parseReportParams(params);
  // The page's download button fetches with Accept: application/json and shows a refusal as a toast; a plain
  // form post (no JavaScript) goes back to the page with it.
  const wantsJson = request.headers.get("accept")?.startsWith("application/json") ?? false;
  const back = async (message: string, status = 429) =>
    wantsJson
      ? Response.json({ error: message }, { status, headers: { "Cache-Control": "no-store" } })
      : new Response(null, {
          status: 303,
          headers: {
            Location: `/admin/reports?period=${period}&by=${by}`,
            "Set-Cookie": await flashHeader({ type: "error", message }, ctx.env.NODE_ENV === "production"),
          },
        });
  let actor: Awaited<ReturnType<typeof authorizeStaffAction>>["actor"];
  let warning: string | null;
  try {
    ({ actor, warning } = await authorizeStaffAction(ctx, request, actionPermissions.export));
  } catch (refusal) {
    if (refusal instanceof Response) throw refusal;
    const { data: body, init } = refusal as { data: { error: string }; init?: { status?: number } };
    return back(body.error, init?.status);
  }
  try {
    const { chart, range } = await exportReportCsv(ctx.db, {
      actor,
      chart: form.get("chart"),
      period,
      by,
      now: ctx.clock.now(),
      categoryLabel,
    });
    return new Response(reportCsvStream(chart), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${reportCsvFileName(chart, range)}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        ...rateLimitWarningHeaders(warning),
      },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return back(`Failed to export report: ${error.message}`, error.status);
  }
}

export function loader() {
  return redirect("/admin/reports");
}
