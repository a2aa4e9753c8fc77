import { Link } from "react-router";
import type { Route } from "./+types/moderation.appeals";
import { appContext } from "#app/context.ts";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { StatusBadge } from "#app/components/admin/badges.tsx";
import { hasFilters, useListLoading } from "#app/components/admin/list-state.tsx";
import { pageLinks, readListFilters } from "#app/components/admin/list-filters.ts";
import { FilteredList } from "#app/components/admin/list-table.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { QueueTabs } from "#app/components/admin/moderation/queue-tabs.tsx";
import { FilterBar, FilterSearch, FilterSelect, PageHeader } from "#app/components/admin/page-header.tsx";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { APPEAL_SUBJECT_LABELS } from "#core/appeals/appeal-rules.ts";
import { APPEAL_FILTERS, appealFilter, findAppeals } from "#core/appeals/find-appeals.ts";
import type { StaffAction } from "#core/staff/permissions.ts";

/** Appeals: a kind in the Moderation Queue (decision 097), listed here, each decided on its own page. */
export const permission: StaffAction = "view_appeals";

export const handle: AdminHandle = {
  breadcrumb: "Appeals",
  parent: { label: "Moderation Queue", to: "/admin/moderation" },
};
export const meta: Route.MetaFunction = () => [{ title: "Appeals | SwapShed back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const filters = readListFilters(url, ["q", "status"]);
  const status = appealFilter(filters.status);
  const found = await findAppeals(ctx.db, { status, q: filters.q, cursor: filters.cursor });
  return {
    filters: { ...filters, status },
    total: found.total,
    appeals: found.appeals.map((a) => ({
      ...a,
      subjectLabel: APPEAL_SUBJECT_LABELS[a.subject],
      createdAt: sydneyDateTime(a.createdAt),
    })),
    ...pageLinks(url, found.nextCursor),
  };
}

export default function Appeals({ loaderData }: Route.ComponentProps) {
  const { filters, total, appeals, nextHref, firstHref } = loaderData;
  const loading = useListLoading();
  return (
    <div>
      <PageHeader
        title="Appeals"
        description="Members asking for a suspension or a listing decision to be looked at again, newest first. Someone other than the staff member who took the decision decides."
      />
      <QueueTabs />
      <FilterBar>
        <FilterSearch label="Member name or e-mail" value={filters.q} placeholder="Search appeals" />
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={APPEAL_FILTERS.map((s) => ({ value: s, label: s }))}
        />
      </FilterBar>
      <FilteredList
        loading={loading}
        total={total}
        rows={appeals.length}
        filtered={hasFilters({ q: filters.q })}
        texts={{
          loading: "Loading appeals...",
          one: "appeal",
          many: "appeals",
          none: `No ${filters.status === "all" ? "" : `${filters.status} `}appeals.`,
          noMatch: "No appeals match these filters.",
        }}
        table={{
          caption: "Appeals",
          columns: ["Member", "About", "Statement", "Status", "Lodged"],
          minWidth: "sm:min-w-[720px]",
        }}
        pager={{ nextHref, firstHref, showingFirst: !filters.cursor }}
      >
        {appeals.map((a) => (
          <tr key={a.id} className="hover:bg-surface">
            <td className="px-3 py-2">
              <Link to={`/admin/moderation/appeals/${a.id}`} className="font-medium text-brand-800 hover:underline">
                {a.memberName}
              </Link>
            </td>
            <td data-label="About" className="px-3 py-2">
              {a.subjectLabel}
              {a.listingTitle && <span className="block text-xs text-muted wrap-anywhere">{a.listingTitle}</span>}
            </td>
            <td data-label="Statement" className="px-3 py-2 text-muted wrap-anywhere">
              <span className="line-clamp-2">{a.statement}</span>
            </td>
            <td data-label="Status" className="px-3 py-2">
              <StatusBadge status={a.status} />
            </td>
            <td data-label="Lodged" className="whitespace-nowrap px-3 py-2 text-muted">
              {a.createdAt}
            </td>
          </tr>
        ))}
      </FilteredList>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch appeals" });
