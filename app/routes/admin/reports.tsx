import { Link } from "react-router";
import type { Route } from "./+types/reports";
import { appContext } from "#app/context.ts";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ReportChartCard } from "#app/components/admin/report-chart.tsx";
import { categoryLabel } from "#app/lib/categories.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { formatDay } from "#core/reports/build-report-charts.ts";
import { findReports } from "#core/reports/find-reports.ts";
import { parseReportParams, REPORT_GROUPINGS, REPORT_PERIODS } from "#core/reports/report-period.ts";
import type { StaffAction } from "#core/staff/permissions.ts";

/** What it takes to open this page: the permission table's entry (staff: decision 070 opened it to moderators). */
export const permission: StaffAction = "view_reports";

export const handle = { breadcrumb: "Reports" };
export const meta: Route.MetaFunction = () => [{ title: "Reports | SwapShed back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const { period, by } = parseReportParams(new URL(request.url).searchParams);
  const { range, charts } = await findReports(ctx.db, { now: ctx.clock.now(), period, by, categoryLabel });
  return { period, by, from: formatDay(range.start), to: formatDay(range.today), charts };
}

const PERIOD_LABELS: Record<number, string> = { 30: "30 days", 90: "90 days", 365: "365 days" };
const GROUPING_LABELS: Record<string, string> = { day: "By day", week: "By week" };

/** A row of links that each set one parameter: the current one is marked, and all work without JavaScript. */
function Choice({
  label,
  options,
  current,
}: {
  label: string;
  options: { to: string; text: string; value: string }[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="flex items-center gap-2">
      <span className="text-xs font-medium text-muted">{label}</span>
      <ul className="flex overflow-hidden rounded-md border border-line bg-white text-sm">
        {options.map((o) => (
          <li key={o.value} className="border-line not-first:border-l">
            <Link
              to={o.to}
              aria-current={o.value === current ? "page" : undefined}
              className={`block px-3 py-1.5 ${o.value === current ? "bg-brand-700 font-semibold text-white" : "hover:bg-surface"}`}
            >
              {o.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { period, by, from, to, charts } = loaderData;
  const href = (p: number, b: string) => `/admin/reports?period=${p}&by=${b}`;
  return (
    <div>
      <PageHeader title="Reports" description={`${from} to ${to}, Sydney days. Amounts in AUD.`} />
      <div className="mb-4 flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-line bg-white p-3">
        <Choice
          label="Period"
          current={String(period)}
          options={REPORT_PERIODS.map((p) => ({ value: String(p), text: PERIOD_LABELS[p], to: href(p, by) }))}
        />
        <Choice
          label="Grouping"
          current={by}
          options={REPORT_GROUPINGS.map((b) => ({ value: b, text: GROUPING_LABELS[b], to: href(period, b) }))}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {charts.map((chart) => (
          <ReportChartCard key={chart.id} chart={chart} csvAction="/admin/reports/csv" period={period} by={by} />
        ))}
      </div>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch reports" });
