import type { Route } from "./+types/audit-logs";
import { appContext } from "../../context";
import { Badge } from "../../components/admin/badges";
import { LoadError } from "../../components/admin/load-error";
import { EmptyList, hasFilters, listBoxProps, useListLoading } from "../../components/admin/list-state";
import {
  FilterBar,
  FilterSearch,
  FilterSelect,
  PageHeader,
  Pager,
  withParam,
} from "../../components/admin/page-header";
import { requireStaff } from "../../lib/require-staff.server";
import { sydneyDateTime } from "../../lib/sydney-format";
import { findAuditActors, findAuditLog } from "../../../core/audit/find-audit-log";
import { STAFF_PERMISSIONS, type StaffAction } from "../../../core/staff/permissions";
import { AUDIT_TARGET_TYPES } from "../../../db/schema/audit";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_audit_logs";

export const handle = { breadcrumb: "Audit Logs" };
export const meta: Route.MetaFunction = () => [
  { title: "Audit Logs | SwapShed back office" },
  { name: "robots", content: "noindex, nofollow" },
];

/** The actions that change something (reading a page writes no audit row). */
const AUDITED_ACTIONS = Object.keys(STAFF_PERMISSIONS).filter((a) => !a.startsWith("view_") && a !== "global_search");

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const filters = {
    adminId: url.searchParams.get("admin") ?? "",
    action: url.searchParams.get("action") ?? "",
    targetType: url.searchParams.get("target") ?? "",
    targetId: url.searchParams.get("targetId") ?? "",
    cursor: url.searchParams.get("cursor"),
  };
  const [{ entries, nextCursor }, actors] = [await findAuditLog(ctx.db, filters), await findAuditActors(ctx.db)];
  return {
    filters,
    actors,
    entries: entries.map((e) => ({
      ...e,
      createdAt: sydneyDateTime(e.createdAt),
      metadata: JSON.stringify(e.metadata, null, 2),
    })),
    nextHref: nextCursor ? withParam(url, "cursor", nextCursor) : null,
    firstHref: withParam(url, "cursor", null),
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
          options={[{ value: "", label: "Any action" }, ...AUDITED_ACTIONS.map((a) => ({ value: a, label: a }))]}
        />
        <FilterSelect
          name="target"
          label="Target"
          value={filters.targetType}
          options={[{ value: "", label: "Any target" }, ...AUDIT_TARGET_TYPES.map((t) => ({ value: t, label: t }))]}
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
        <div {...listBoxProps(loading)}>
          <ol className="space-y-2">
            {entries.map((e) => (
              <li key={e.id} className="rounded-lg border border-line bg-white p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-semibold">{e.action}</span>
                  <Badge tone="blue">{e.targetType}</Badge>
                  <span className="text-muted">by</span>
                  <span className="font-medium">{e.adminName ?? "Unknown"}</span>
                  <span className="ml-auto text-xs text-muted">{e.createdAt}</span>
                </div>
                <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-xs text-muted sm:grid-cols-3">
                  <div className="min-w-0">
                    <dt className="inline">Target: </dt>
                    <dd className="inline break-all font-mono">{e.targetId ?? "—"}</dd>
                  </div>
                  <div>
                    <dt className="inline">IP: </dt>
                    <dd className="inline font-mono">{e.ip ?? "—"}</dd>
                  </div>
                  <div className="min-w-0 truncate">
                    <dt className="inline">User agent: </dt>
                    <dd className="inline" title={e.userAgent ?? ""}>
                      {e.userAgent ?? "—"}
                    </dd>
                  </div>
                </dl>
                <details className="mt-1">
                  <summary className="cursor-pointer py-1 text-xs font-medium text-brand-800">Metadata</summary>
                  <pre className="mt-1 max-h-72 overflow-auto rounded bg-surface p-2 text-xs">{e.metadata}</pre>
                </details>
              </li>
            ))}
          </ol>
        </div>
      )}
      <Pager nextHref={nextHref} firstHref={firstHref} showingFirst={!filters.cursor} />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError message="Failed to fetch audit logs" />;
}
