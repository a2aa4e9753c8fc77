import type { StaffAction } from "../../../core/staff/permissions";
import { Link } from "react-router";
import type { Route } from "./+types/users";
import { appContext } from "../../context";
import { RoleBadge, StatusBadge } from "../../components/admin/badges";
import {
  FilterBar,
  FilterSearch,
  FilterSelect,
  PageHeader,
  Pager,
  withParam,
} from "../../components/admin/page-header";
import { LoadError } from "../../components/admin/load-error";
import { requireStaff } from "../../lib/require-staff.server";
import { sydneyDateTime } from "../../lib/sydney-format";
import { findMembers } from "../../../core/members/find-members";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_users";

export const handle = { breadcrumb: "Users" };
export const meta: Route.MetaFunction = () => [
  { title: "Users | SwapShed back office" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const filters = {
    q: url.searchParams.get("q") ?? "",
    status: url.searchParams.get("status") ?? "",
    role: url.searchParams.get("role") ?? "",
    cursor: url.searchParams.get("cursor") ?? undefined,
  };
  const { members, nextCursor } = await findMembers(ctx.db, filters);
  return {
    filters,
    members: members.map((m) => ({ ...m, createdAt: sydneyDateTime(m.createdAt) })),
    nextHref: nextCursor ? withParam(url, "cursor", nextCursor) : null,
    firstHref: withParam(url, "cursor", null),
  };
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { filters, members, nextHref, firstHref } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Users" description="Members who have not been deleted, newest first." />
      <FilterBar>
        <FilterSearch label="Name or e-mail" value={filters.q} placeholder="Search members" />
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={[
            { value: "", label: "Any status" },
            ...["active", "suspended", "flagged"].map((s) => ({ value: s, label: s })),
          ]}
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
      {members.length === 0 ? (
        <p role="status" className="rounded-lg border border-line bg-white p-6 text-center text-sm text-muted">
          No members match these filters.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line bg-white">
          <table className="w-full min-w-[640px] text-left text-sm">
            <caption className="sr-only">Members</caption>
            <thead className="border-b border-line bg-surface text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  E-mail
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Role
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Joined
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {members.map((m) => (
                <tr key={m.id} className="hover:bg-surface">
                  <td className="px-3 py-2">
                    <Link to={`/admin/users/${m.id}`} className="font-medium text-brand-800 hover:underline">
                      {m.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-muted">{m.email}</td>
                  <td className="px-3 py-2">
                    <RoleBadge name={m.role} />
                  </td>
                  <td className="px-3 py-2">
                    <StatusBadge status={m.status} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-muted">{m.createdAt}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager nextHref={nextHref} firstHref={firstHref} showingFirst={!filters.cursor} />
    </div>
  );
}

export function ErrorBoundary() {
  return <LoadError message="Failed to fetch users" />;
}
