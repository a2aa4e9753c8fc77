import { Link } from "react-router";
import type { Route } from "./+types/swaps";
import { appContext } from "#app/context.ts";
import { Badge, StatusBadge } from "#app/components/admin/badges.tsx";
import { hasFilters, useListLoading } from "#app/components/admin/list-state.tsx";
import { filterOptions, pageLinks, readListFilters } from "#app/components/admin/list-filters.ts";
import { FilteredList, MemberCell } from "#app/components/admin/list-table.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { FilterBar, FilterSelect, PageHeader } from "#app/components/admin/page-header.tsx";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { countSwapsForStaff, DISPUTE_FILTERS, findSwapsForStaff } from "#core/swaps/find-swaps-for-staff.ts";
import type { StaffAction } from "#core/staff/permissions.ts";
import { SWAP_STATUSES } from "#db/schema/swaps.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_swaps";

export const handle = { breadcrumb: "Swaps" };
export const meta: Route.MetaFunction = () => [{ title: "Swaps | SwapShed back office" }];

const DISPUTE_LABELS: Record<(typeof DISPUTE_FILTERS)[number], string> = {
  open: "Under dispute",
  resolved: "Dispute resolved",
  none: "Never disputed",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const filters = readListFilters(url, ["status", "dispute"]);
  const [{ swaps, nextCursor }, total] = [
    await findSwapsForStaff(ctx.db, filters),
    await countSwapsForStaff(ctx.db, filters),
  ];
  return {
    filters,
    total,
    swaps: swaps.map((s) => ({ ...s, createdAt: sydneyDateTime(s.createdAt) })),
    ...pageLinks(url, nextCursor),
  };
}

export default function AdminSwaps({ loaderData }: Route.ComponentProps) {
  const { filters, total, swaps, nextHref, firstHref } = loaderData;
  const loading = useListLoading();
  return (
    <div>
      <PageHeader title="Swaps" description="Swap proposals, newest first, 100 to a page." />
      <FilterBar>
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={filterOptions("Any status", SWAP_STATUSES)}
        />
        <FilterSelect
          name="dispute"
          label="Dispute"
          value={filters.dispute}
          options={filterOptions("Any", DISPUTE_FILTERS, (d) => DISPUTE_LABELS[d])}
        />
      </FilterBar>
      <FilteredList
        loading={loading}
        total={total}
        rows={swaps.length}
        filtered={hasFilters(filters)}
        texts={{
          loading: "Loading swaps...",
          one: "swap",
          many: "swaps",
          none: "No swaps yet.",
          noMatch: "No swaps match these filters.",
        }}
        table={{
          caption: "Swaps",
          columns: ["Swap", "Proposer", "Receiver", "Status", "Fees paid", "Proposed"],
          minWidth: "sm:min-w-[860px]",
        }}
        pager={{ nextHref, firstHref, showingFirst: !filters.cursor }}
      >
        {swaps.map((s) => (
          <tr key={s.id} className="hover:bg-surface">
            <td className="px-3 py-2 sm:max-w-80">
              <Link
                to={`/admin/swaps/${s.id}`}
                className="block font-medium sm:truncate text-brand-800 hover:underline"
              >
                {s.offeredTitle} ⇄ {s.targetTitle}
              </Link>
              <span className="font-mono text-xs text-muted">{s.id.slice(0, 8)}</span>
            </td>
            <MemberCell label="Proposer" id={s.proposerId} name={s.proposerName} />
            <MemberCell label="Receiver" id={s.receiverId} name={s.receiverName} />
            <td data-label="Status" className="px-3 py-2">
              <span className="inline-flex flex-wrap gap-1">
                <StatusBadge status={s.status} />
                {s.isDisputed && <Badge tone="amber">under dispute</Badge>}
                {!s.isDisputed && s.disputeResolvedAt && <Badge tone="grey">dispute resolved</Badge>}
              </span>
            </td>
            <td data-label="Fees paid" className="whitespace-nowrap px-3 py-2 text-muted">
              {feesPaid(s.proposerPaid, s.receiverPaid)}
            </td>
            <td data-label="Proposed" className="whitespace-nowrap px-3 py-2 text-muted">
              {s.createdAt}
            </td>
          </tr>
        ))}
      </FilteredList>
    </div>
  );
}

function feesPaid(proposer: boolean, receiver: boolean) {
  if (proposer && receiver) return "Both";
  if (proposer) return "Proposer";
  if (receiver) return "Receiver";
  return "None";
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch swaps" });
