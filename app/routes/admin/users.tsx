import type { StaffAction } from "#core/staff/permissions.ts";
import { Link } from "react-router";
import type { Route } from "./+types/users";
import { appContext } from "#app/context.ts";
import { RoleBadge, StatusBadge } from "#app/components/admin/badges.tsx";
import { FilterBar, FilterSearch, FilterSelect, PageHeader } from "#app/components/admin/page-header.tsx";
import { hasFilters, useListLoading } from "#app/components/admin/list-state.tsx";
import { filterOptions, pageLinks, readListFilters } from "#app/components/admin/list-filters.ts";
import { FilteredList } from "#app/components/admin/list-table.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { countMembers, findMembers, MEMBER_STATUS_FILTERS } from "#core/accounts/find-members.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_users";

export const handle = { breadcrumb: "Users" };
export const meta: Route.MetaFunction = () => [{ title: "Users | SwapShed back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const filters = readListFilters(url, ["q", "status", "role"]);
  const [{ members, nextCursor }, total] = [await findMembers(ctx.db, filters), await countMembers(ctx.db, filters)];
  return {
    filters,
    total,
    members: members.map((m) => ({
      ...m,
      createdAt: sydneyDateTime(m.createdAt),
      deletedAt: m.deletedAt ? sydneyDateTime(m.deletedAt) : null,
      permanentDeletionAt: m.permanentDeletionAt ? sydneyDateTime(m.permanentDeletionAt) : null,
    })),
    ...pageLinks(url, nextCursor),
  };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { filters, total, members, nextHref, firstHref } = loaderData;
  const loading = useListLoading();
  const deletedList = filters.status === "deleted";
  return (
    <div>
      <PageHeader
        title="Users"
        description={
          deletedList
            ? "Members marked for deletion, newest first: each is purged for good 30 days after the deletion."
            : "Members who have not been deleted, newest first."
        }
      />
      <FilterBar>
        <FilterSearch label="Name or e-mail" value={filters.q} placeholder="Search members" />
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={filterOptions("Any status", MEMBER_STATUS_FILTERS, (s) =>
            s === "deleted" ? "deleted (30-day retention)" : s,
          )}
        />
        <FilterSelect
          name="role"
          label="Role"
          value={filters.role}
          options={[
            { value: "", label: "Any role" },
            { value: "admin", label: "admin" },
            { value: "moderator", label: "moderator" },
            { value: "member", label: "member (no role)" },
          ]}
        />
      </FilterBar>
      <FilteredList
        loading={loading}
        total={total}
        rows={members.length}
        filtered={hasFilters(filters)}
        texts={{
          loading: "Loading users...",
          one: "member",
          many: "members",
          none: "No members yet.",
          noMatch: "No members match these filters.",
        }}
        table={{
          caption: "Members",
          columns: ["Name", "E-mail", "Role", "Status", "Joined"],
          minWidth: "sm:min-w-[640px]",
        }}
        pager={{ nextHref, firstHref, showingFirst: !filters.cursor }}
      >
        {members.map((m) => (
          <tr key={m.id} className="hover:bg-surface">
            <td className="px-3 py-2">
              {m.deletedAt ? (
                // A member marked for deletion has no page of their own any more: what there is to check is here.
                <span className="font-medium">{m.name}</span>
              ) : (
                <Link to={`/admin/users/${m.id}`} className="font-medium text-brand-800 hover:underline">
                  {m.name}
                </Link>
              )}
            </td>
            <td data-label="E-mail" className="px-3 py-2 text-muted">
              {m.email}
            </td>
            <td data-label="Role" className="px-3 py-2">
              <RoleBadge name={m.role} />
            </td>
            <td data-label="Status" className="px-3 py-2">
              {m.deletedAt ? (
                <>
                  <StatusBadge status="deleted" />
                  <span className="block text-xs text-muted">
                    Deleted {m.deletedAt}; purged {m.permanentDeletionAt}
                  </span>
                  {m.deletionReason && <span className="block text-xs text-muted">Reason: {m.deletionReason}</span>}
                </>
              ) : (
                <StatusBadge status={m.status} />
              )}
            </td>
            <td data-label="Joined" className="whitespace-nowrap px-3 py-2 text-muted">
              {m.createdAt}
            </td>
          </tr>
        ))}
      </FilteredList>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch users" });
