import { data } from "react-router";
import type { Route } from "./+types/listings";
import { appContext } from "#app/context.ts";
import { EmptyList, hasFilters, ListSummary, listBoxProps, useListLoading } from "#app/components/admin/list-state.tsx";
import { filterOptions, pageLinks, readListFilters } from "#app/components/admin/list-filters.ts";
import { ListTable } from "#app/components/admin/list-table.tsx";
import { PageAlert } from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { BulkActions } from "#app/components/admin/listings/bulk-actions.tsx";
import { ListingRow } from "#app/components/admin/listings/listing-row.tsx";
import { ModerationDialog } from "#app/components/admin/listings/moderation-dialog.tsx";
import { usePageDialog } from "#app/components/admin/use-page-dialog.ts";
import { FilterBar, FilterSearch, FilterSelect, PageHeader, Pager } from "#app/components/admin/page-header.tsx";
import { CATEGORIES } from "#app/lib/categories.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { countListingsForStaff, findListingsForStaff } from "#core/moderation/find-listings-for-staff.ts";
import {
  type ListingModeration,
  type ModerationResult,
  moderateListings,
  NO_LISTINGS_SELECTED,
} from "#core/moderation/moderate-listings.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import { LISTING_STATUSES, MODERATION_STATUSES } from "#db/schema/listings.ts";
import { asciiPath } from "#app/lib/safe-redirect.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_listings";

export const handle = { breadcrumb: "Listings" };
export const meta: Route.MetaFunction = () => [{ title: "Listings | SwapShed back office" }];

const MODERATIONS: Record<
  ListingModeration,
  {
    action: StaffAction;
    verb: string;
    title: string;
    done: (n: number) => string;
    failure: string;
    suggestions?: string[];
  }
> = {
  approve: {
    action: "approve_listing",
    verb: "Approve",
    title: "Approve",
    done: (n) => (n === 1 ? "Listing approved" : `Approved ${n} listings`),
    failure: "Failed to approve listing",
  },
  reject: {
    action: "reject_listing",
    verb: "Reject",
    title: "Reject",
    done: (n) => (n === 1 ? "Listing rejected" : `Rejected ${n} listings`),
    failure: "Failed to reject listing",
    suggestions: ["spam", "inappropriate", "fraud", "other"],
  },
  takedown: {
    action: "takedown_listing",
    verb: "Take down",
    title: "Take down",
    done: (n) => (n === 1 ? "Listing taken down" : `Took down ${n} listings`),
    failure: "Failed to takedown listing",
    suggestions: ["DMCA", "terms", "legal"],
  },
  delete: {
    action: "delete_listing",
    verb: "Delete",
    title: "Permanently delete",
    done: (n) => (n === 1 ? "Listing deleted" : `Deleted ${n} listings`),
    failure: "Failed to delete listing",
  },
};
/** Each moderation this page's action takes and the permission it checks (the permission test walks these). */
export const actionPermissions = Object.fromEntries(
  Object.entries(MODERATIONS).map(([key, m]) => [key, m.action]),
) as Record<ListingModeration, StaffAction>;

const isModeration = (value: unknown): value is ListingModeration =>
  typeof value === "string" && Object.hasOwn(MODERATIONS, value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const filters = readListFilters(url, ["q", "moderation", "status", "category"]);
  const [{ listings, nextCursor }, total] = [
    await findListingsForStaff(ctx.db, filters),
    await countListingsForStaff(ctx.db, filters),
  ];
  return {
    filters,
    total,
    listings: listings.map((l) => ({ ...l, createdAt: sydneyDateTime(l.createdAt) })),
    ...pageLinks(url, nextCursor),
    may: Object.fromEntries(Object.entries(MODERATIONS).map(([key, m]) => [key, can(staff.roles, m.action)])) as Record<
      ListingModeration,
      boolean
    >,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const moderation = form.get("moderation");
  if (!isModeration(moderation)) return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  const m = MODERATIONS[moderation];
  const ids = form.getAll("ids").map(String);
  const backTo = safeBack(form.get("back"));
  return runStaffAction(
    ctx,
    request,
    m.action,
    {
      success: (r: ModerationResult) => summary(m.done(r.changed.length), r.skipped.length),
      failure: m.failure,
      backTo,
    },
    async (actor) => {
      return moderateListings(ctx, {
        actor,
        ids,
        moderation,
        reason: form.get("reason"),
        now: ctx.clock.now(),
        appUrl: ctx.env.APP_URL,
      });
    },
  );
}

const summary = (done: string, skipped: number) => (skipped ? `${done} (${skipped} skipped: not applicable)` : done);
const safeBack = (value: FormDataEntryValue | null) =>
  (typeof value === "string" && /^\/admin\/listings(\?[^\s\\]*)?$/.test(value) ? asciiPath(value) : null) ??
  "/admin/listings";

export default function AdminListings({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, total, listings, nextHref, firstHref, may } = loaderData;
  const loading = useListLoading();
  const { open, params, pathname, error, busy } = usePageDialog(actionData);
  const selected = params.getAll("ids");
  const listParams = new URLSearchParams(params);
  listParams.delete("do");
  listParams.delete("ids");
  const back = `${pathname}${listParams.size ? `?${listParams}` : ""}`;
  const dialog = isModeration(open) && may[open] ? MODERATIONS[open] : null;
  // The selected listings this page shows: the approval dialog says what approving does to each kind.
  const chosen = listings.filter((l) => selected.includes(l.id));
  const rowLink = (moderation: ListingModeration, id: string) => {
    const next = new URLSearchParams(listParams);
    next.set("do", moderation);
    next.append("ids", id);
    return `?${next}`;
  };

  return (
    <div>
      <PageHeader title="Listings" description="Every listing with its owner, newest first." />
      <FilterBar>
        <FilterSearch label="Title" value={filters.q} placeholder="Search titles" />
        <FilterSelect
          name="moderation"
          label="Moderation"
          value={filters.moderation}
          options={filterOptions("Any", MODERATION_STATUSES)}
        />
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={filterOptions("Any", LISTING_STATUSES)}
        />
        <FilterSelect
          name="category"
          label="Category"
          value={filters.category}
          options={[{ value: "", label: "Any" }, ...CATEGORIES.map((c) => ({ value: c.value, label: c.label }))]}
        />
      </FilterBar>

      {error && !dialog && <PageAlert spacing="mb-3">{error}</PageAlert>}
      {open && !isModeration(open)
        ? null
        : open && selected.length === 0 && <PageAlert spacing="mb-3">{NO_LISTINGS_SELECTED}</PageAlert>}

      <ListSummary loading={loading} loadingText="Loading listings..." total={total} one="listing" many="listings" />
      {listings.length === 0 ? (
        <EmptyList filtered={hasFilters(filters)} none="No listings yet." noMatch="No listings match these filters." />
      ) : (
        <form method="get" id="bulk" {...listBoxProps(loading)}>
          {[...listParams].map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          <BulkActions
            formId="bulk"
            actions={(Object.keys(MODERATIONS) as ListingModeration[])
              .filter((k) => may[k])
              .map((k) => ({ key: k, verb: MODERATIONS[k].verb }))}
          />
          <ListTable
            caption="Listings"
            columns={[
              { label: "Select", srOnly: true, className: "w-10 px-3 py-2" },
              "Title",
              "Owner",
              "Category",
              "Status",
              "Moderation",
              "Listed",
              "Actions",
            ]}
            minWidth="sm:min-w-[760px]"
          >
            {listings.map((l) => (
              <ListingRow key={l.id} listing={l} may={may} rowLink={rowLink} />
            ))}
          </ListTable>
        </form>
      )}
      <Pager nextHref={nextHref} firstHref={firstHref} showingFirst={!filters.cursor} />

      {dialog && selected.length > 0 && (
        <ModerationDialog
          moderation={open as ListingModeration}
          verb={dialog.verb}
          title={dialog.title}
          suggestions={dialog.suggestions}
          selected={selected}
          chosen={chosen}
          closeTo={back}
          error={error}
          busy={busy}
        />
      )}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch listings" });
