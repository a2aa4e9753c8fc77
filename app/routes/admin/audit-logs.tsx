import { Link } from "react-router";
import type { Route } from "./+types/audit-logs";
import { appContext } from "#app/context.ts";
import { Badge } from "#app/components/admin/badges.tsx";
import { filterOptions, pageLinks, readListFilters } from "#app/components/admin/list-filters.ts";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { EmptyList, hasFilters, listBoxProps, useListLoading } from "#app/components/admin/list-state.tsx";
import { FilterBar, FilterSearch, FilterSelect, PageHeader, Pager } from "#app/components/admin/page-header.tsx";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { findAuditActors, findAuditLog } from "#core/audit/find-audit-log.ts";
import { STAFF_PERMISSIONS, type StaffAction } from "#core/staff/permissions.ts";
import { AUDIT_TARGET_TYPES } from "#db/schema/audit.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_audit_logs";

export const handle = { breadcrumb: "Audit Logs" };
export const meta: Route.MetaFunction = () => [{ title: "Audit Logs | SwapShed back office" }];

/** The actions that change something (reading a page writes no audit row). */
const AUDITED_ACTIONS = Object.keys(STAFF_PERMISSIONS).filter((a) => !a.startsWith("view_") && a !== "global_search");

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  // The address says "admin" and "target" (the filter bar's field names); the finder, adminId and targetType.
  const { admin, target, ...rest } = readListFilters(url, ["admin", "action", "target", "targetId"]);
  const filters = { adminId: admin, targetType: target, ...rest };
  const [{ entries, nextCursor }, actors] = [await findAuditLog(ctx.db, filters), await findAuditActors(ctx.db)];
  return {
    filters,
    actors,
    entries: entries.map((e) => ({
      ...e,
      createdAt: sydneyDateTime(e.createdAt),
      metadata: JSON.stringify(e.metadata, null, 2),
    })),
    ...pageLinks(url, nextCursor),
  };
}

export default function AuditLogs({ loaderData }: Route.ComponentProps) {
  const { filters, actors, entries, nextHref, firstHref } = loaderData;
  const loading = useListLoading();
  return (
    <div>
      <PageHeader title="Audit Logs" description="Every back-office action, newest first." />
      <FilterBar>
        <FilterSelect
          name="admin"
          label="Staff member"
          value={filters.adminId}
          options={[{ value: "", label: "Anyone" }, ...actors.map((a) => ({ value: a.id, label: a.name }))]}
        />
        <FilterSelect
          name="action"
          label="Action"
          value={filters.action}
          options={filterOptions("Any action", AUDITED_ACTIONS)}
        />
        <FilterSelect
          name="target"
          label="Target"
          value={filters.targetType}
          options={filterOptions("Any target", AUDIT_TARGET_TYPES)}
        />
        <FilterSearch name="targetId" label="Target id" value={filters.targetId} mono />
      </FilterBar>
      {loading && (
        <p role="status" className="mb-2 text-sm text-muted">
          Loading audit logs...
        </p>
      )}
      {entries.length === 0 ? (
        <EmptyList
          filtered={hasFilters(filters)}
          none="No audit entries yet."
          noMatch="No audit entries match these filters."
        />
      ) : (
        // One line per event (GitHub's audit log): time, who, what, on what; the rest behind Details.
        <div {...listBoxProps(loading)}>
          <ol
            aria-label="Audit entries"
            className="divide-y divide-line rounded-lg border border-line bg-white text-sm"
          >
            {entries.map((e) => (
              <li key={e.id} className="min-w-0 px-3 py-1.5 wrap-anywhere">
                <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 md:flex-nowrap">
                  <time className="shrink-0 whitespace-nowrap text-xs tabular-nums text-muted md:w-36">
                    {e.createdAt}
                  </time>
                  <span className="shrink-0 font-medium md:w-40 md:truncate" title={e.actorLabel}>
                    {e.actorLabel}
                  </span>
                  <span className="shrink-0 font-mono text-xs font-semibold md:w-48 md:truncate" title={e.action}>
                    {e.action}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-wrap items-baseline gap-1.5">
                    <Badge tone="blue">{e.targetType}</Badge>
                    <TargetLink entry={e} />
                  </span>
                  <details className="group shrink-0 basis-full md:basis-auto">
                    <summary className="cursor-pointer text-xs font-medium text-brand-800">
                      Details
                      <span className="sr-only">
                        {" "}
                        of {e.action} at {e.createdAt}
                      </span>
                    </summary>
                    <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-xs text-muted">
                      <div className="min-w-0">
                        <dt className="inline">Target id: </dt>
                        <dd className="inline break-all font-mono">{e.targetId ?? "—"}</dd>
                      </div>
                      <div>
                        <dt className="inline">IP: </dt>
                        <dd className="inline font-mono">{e.ip ?? "—"}</dd>
                      </div>
                      <div className="min-w-0">
                        <dt className="inline">User agent: </dt>
                        <dd className="inline break-words">{e.userAgent ?? "—"}</dd>
                      </div>
                    </dl>
                    <pre className="mt-1 rounded bg-surface p-2 text-xs whitespace-pre-wrap wrap-anywhere md:max-w-xl">
                      {e.metadata}
                    </pre>
                  </details>
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
      <Pager nextHref={nextHref} firstHref={firstHref} showingFirst={!filters.cursor} />
    </div>
  );
}

type EntryTarget = {
  targetType: string;
  targetId: string | null;
  targetListingTitle: string | null;
  targetUserName: string | null;
};

/** The target by name, linked to where staff look at it; a bare id only when the target no longer exists. */
function TargetLink({ entry }: { entry: EntryTarget }) {
  const id = entry.targetId;
  if (!id) return <span className="text-muted">—</span>;
  const short = `${id.slice(0, 8)}…`;
  const link = (to: string, text: string) => (
    <Link to={to} className="min-w-0 truncate font-medium text-brand-800 hover:underline" title={text}>
      {text}
    </Link>
  );
  switch (entry.targetType) {
    case "listing":
      return entry.targetListingTitle ? (
        link(`/admin/listings?${new URLSearchParams({ q: entry.targetListingTitle })}`, entry.targetListingTitle)
      ) : (
        <span className="font-mono text-xs text-muted">{short} (deleted)</span>
      );
    case "user":
      return entry.targetUserName ? (
        link(`/admin/users/${id}`, entry.targetUserName)
      ) : (
        <span className="font-mono text-xs text-muted">{short}</span>
      );
    case "swap":
      return link(`/admin/swaps/${id}`, `Swap ${short}`);
    case "circle":
      return link(`/admin/circles/${id}`, `Swap circle ${short}`);
    case "payment":
      return link(`/admin/payments/${id}`, `Payment ${short}`);
    case "report":
      return link(`/admin/moderation?${new URLSearchParams({ status: "all", report: id })}`, `Report ${short}`);
    default:
      return <span className="min-w-0 truncate font-mono text-xs text-muted">{id}</span>;
  }
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch audit logs" });
