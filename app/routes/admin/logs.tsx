import { Link, useLocation } from "react-router";
import { countLogEvents, findLogEvents } from "#core/logs/find-log-events.ts";
import {
  asLogTab,
  asQuickFilter,
  LOG_TAB_LABELS,
  LOG_TABS,
  QUICK_FILTER_LABELS,
  QUICK_FILTERS,
} from "#core/logs/log-tabs.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import { StatusBadge } from "#app/components/admin/badges.tsx";
import { CopyTargetButton } from "#app/components/admin/copy-target-button.tsx";
import { ExportButton } from "#app/components/admin/export-button.tsx";
import { ListTable } from "#app/components/admin/list-table.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { EmptyList, listBoxProps, useListLoading } from "#app/components/admin/list-state.tsx";
import {
  FilterBar,
  FilterSearch,
  lastParam,
  PageHeader,
  Pager,
  QuickFilters,
  withParam,
} from "#app/components/admin/page-header.tsx";
import { appContext } from "#app/context.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { formatCount, sydneyDateTimeSeconds } from "#app/lib/sydney-format.ts";
import type { Route } from "./+types/logs";

/** What it takes to open this page: the permission table's entry. Its export is a route of its own (logs.export). */
export const permission: StaffAction = "view_logs";

export const handle = { breadcrumb: "System Logs" };
export const meta: Route.MetaFunction = () => [{ title: "System Logs | SwapShed back office" }];

const EXPORT_TEXTS = {
  label: "Export CSV",
  busy: "Exporting...",
  success: "CSV exported successfully",
  failure: "Failed to export logs",
  fallbackName: "logs.csv",
};

/** What an empty tab says when no search or quick filter is set: there is nothing of this kind at all yet. */
const NOTHING_YET: Record<(typeof LOG_TABS)[number], string> = {
  errors: "No errors yet.",
  webhooks: "No webhook events yet.",
  auth: "No auth events yet.",
  security: "No security events yet.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const tab = asLogTab(url.searchParams.get("tab"));
  const quick = asQuickFilter(lastParam(url.searchParams, "quick"));
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const cursor = url.searchParams.get("cursor");
  const filters = { q, quick: quick ?? undefined, cursor };
  const [{ events, nextCursor }, counts] = [
    await findLogEvents(ctx.db, tab, filters),
    await countLogEvents(ctx.db, filters),
  ];
  return {
    tab,
    q,
    quick,
    tabs: LOG_TABS.map((t) => ({
      tab: t,
      label: LOG_TAB_LABELS[t],
      count: formatCount(counts[t]),
    })),
    quickFilters: QUICK_FILTERS.map((f) => ({ value: f, label: QUICK_FILTER_LABELS[f] })),
    showing: `Showing ${formatCount(events.length)} of ${formatCount(counts[tab])} events`,
    events: events.map((e) => ({
      id: e.id,
      at: sydneyDateTimeSeconds(e.createdAt),
      iso: e.createdAt.toISOString(),
      eventType: e.eventType,
      message: e.message,
      error: e.error,
      status: e.status,
      userId: e.userId,
      targetId: e.targetId,
    })),
    nextCursor,
    firstPage: !cursor,
    mayExport: can(staff.roles, "export_logs_csv"),
  };
}

export default function SystemLogs({ loaderData }: Route.ComponentProps) {
  const { tab, q, quick, tabs, quickFilters, showing, events, nextCursor, firstPage, mayExport } = loaderData;
  // Links from the address the browser shows (a loader on a client navigation sees the .data request's URL).
  const location = useLocation();
  const loading = useListLoading();
  const tabLabel = tabs.find((t) => t.tab === tab)?.label ?? "";
  const here = new URL(`${location.pathname}${location.search}`, "http://localhost");
  here.searchParams.delete("cursor");
  const tabHref = (t: string) => withParam(here, "tab", t);
  const nextHref = nextCursor ? withParam(here, "cursor", nextCursor) : null;
  return (
    <div>
      <PageHeader
        title="System Logs"
        description="Server errors, payment webhooks and sign-in and security events, newest first, 500 to a page. Times in Sydney."
      />

      {/* Searches as it is typed (after a pause); without JavaScript the Search button submits it. */}
      <FilterBar
        submitLabel="Search"
        className="mb-3 flex flex-wrap items-end gap-2 rounded-lg border border-line bg-white p-3"
      >
        <input type="hidden" name="tab" value={tab} />
        <FilterSearch label="Search logs" value={q} placeholder="Message, event type or id" />
        <QuickFilters name="quick" label="Quick filters" current={quick} filters={quickFilters} />
      </FilterBar>

      <nav aria-label="Log types" className="mb-3 grid grid-cols-2 gap-x-1 border-b border-line sm:flex">
        {tabs.map((t) => {
          const current = t.tab === tab;
          return (
            <Link
              key={t.tab}
              to={tabHref(t.tab)}
              aria-current={current ? "page" : undefined}
              className={`-mb-px inline-flex shrink-0 items-center justify-between gap-1.5 border-b-2 px-3 py-2 text-sm font-medium sm:justify-start ${
                current ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"
              }`}
            >
              {t.label}
              <span
                className={`rounded-full px-1.5 text-xs tabular-nums ${current ? "bg-brand-50 text-brand-800" : "bg-surface text-muted"}`}
              >
                {t.count}
              </span>
            </Link>
          );
        })}
      </nav>

      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-muted">
          {loading ? "Loading logs..." : showing}
        </p>
        {mayExport && (
          <ExportButton action="/admin/logs/export" texts={EXPORT_TEXTS}>
            <input type="hidden" name="tab" value={tab} />
            <input type="hidden" name="q" value={q} />
            <input type="hidden" name="quick" value={quick ?? ""} />
          </ExportButton>
        )}
      </div>

      {events.length === 0 ? (
        <EmptyList filtered={Boolean(q || quick)} none={NOTHING_YET[tab]} noMatch="No events match these filters." />
      ) : (
        <div {...listBoxProps(loading)}>
          <ListTable
            caption={tabLabel}
            columns={["Timestamp", "Event Type", "Message", "Status", "User ID", "Actions"]}
            minWidth="sm:min-w-[860px]"
            // The buttons' screen-reader text (absolutely placed) stays inside the box at 375 px.
            positioned
          >
            {events.map((e) => (
              <tr key={e.id} className="align-top leading-5 hover:bg-surface">
                <td className="whitespace-nowrap px-3 py-1.5 text-muted tabular-nums">
                  <time dateTime={e.iso}>{e.at}</time>
                </td>
                <td data-label="Event Type" className="whitespace-nowrap px-3 py-1.5 font-mono text-xs">
                  {e.eventType}
                </td>
                <td data-label="Message" className="px-3 py-1.5 sm:max-w-md">
                  <span className="break-words">{e.message || "—"}</span>
                  {e.error && <span className="block break-words text-xs text-danger">{e.error}</span>}
                </td>
                <td data-label="Status" className="px-3 py-1.5">
                  <StatusBadge status={e.status} />
                </td>
                <td data-label="User ID" className="whitespace-nowrap px-3 py-1.5 font-mono text-xs">
                  {e.userId ? (
                    <Link to={`/admin/users/${e.userId}`} className="hover:underline" title={e.userId}>
                      {`${e.userId.slice(0, 8)}...`}
                    </Link>
                  ) : (
                    "-"
                  )}
                </td>
                <td className="px-3 py-1.5">
                  <CopyTargetButton targetId={e.targetId} />
                </td>
              </tr>
            ))}
          </ListTable>
        </div>
      )}
      <Pager nextHref={nextHref} firstHref={`${here.pathname}${here.search}`} showingFirst={firstPage} />
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch logs" });
