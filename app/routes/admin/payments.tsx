import { data, Link } from "react-router";
import type { Route } from "./+types/payments";
import { appContext } from "#app/context.ts";
import { StatusBadge } from "#app/components/admin/badges.tsx";
import { hasFilters, useListLoading } from "#app/components/admin/list-state.tsx";
import { filterOptions, pageLinks, readListFilters } from "#app/components/admin/list-filters.ts";
import { FilteredList, MemberCell } from "#app/components/admin/list-table.tsx";
import { PageAlert } from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { FilterBar, FilterSelect, PageHeader } from "#app/components/admin/page-header.tsx";
import { failureText, holdText, refundText } from "#app/components/admin/payment-labels.ts";
import { ReplayWebhooksDialog } from "#app/components/admin/payments/replay-dialog.tsx";
import { usePageDialog } from "#app/components/admin/use-page-dialog.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import { formatCents, sydneyDateTime } from "#app/lib/sydney-format.ts";
import { countPaymentsForStaff, findPaymentsForStaff } from "#core/payments/find-payments-for-staff.ts";
import { REPLAY_SINCE_HOURS, replayPaymentWebhooks } from "#core/payments/replay-payment-webhooks.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from "#db/schema/payments.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_payments";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = { replay: "replay_webhooks" } as const satisfies Record<string, StaffAction>;

export const handle = { breadcrumb: "Payments" };
export const meta: Route.MetaFunction = () => [{ title: "Payments | SwapShed back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const filters = readListFilters(url, ["status", "provider"]);
  const [{ payments, nextCursor }, total] = [
    await findPaymentsForStaff(ctx.db, filters),
    await countPaymentsForStaff(ctx.db, filters),
  ];
  return {
    filters,
    total,
    payments: payments.map((p) => ({
      id: p.id,
      swapId: p.swapId,
      circleId: p.circleId,
      userId: p.userId,
      memberName: p.memberName,
      amount: formatCents(p.amountCents),
      credit: p.creditCents ? formatCents(p.creditCents) : null,
      status: p.status,
      provider: p.provider,
      paymentIntentId: p.paymentIntentId,
      failure: failureText(p),
      refund: refundText(p),
      hold: holdText(p),
      createdAt: sydneyDateTime(p.createdAt),
    })),
    ...pageLinks(url, nextCursor),
    mayReplay: can(staff.roles, actionPermissions.replay),
    replayHours: REPLAY_SINCE_HOURS,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  if (form.get("intent") !== "replay") return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  return runStaffAction(
    ctx,
    request,
    actionPermissions.replay,
    {
      success: (r: { replayed: number }) => `Replayed ${r.replayed} webhook events`,
      failure: "Failed to replay webhooks",
      backTo: "/admin/payments",
    },
    (actor) =>
      replayPaymentWebhooks(
        { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL },
        { actor },
      ),
  );
}

export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, total, payments, nextHref, firstHref, mayReplay, replayHours } = loaderData;
  const loading = useListLoading();
  const { open, params, pathname, error, busy } = usePageDialog(actionData);
  const listParams = new URLSearchParams(params);
  listParams.delete("do");
  const back = `${pathname}${listParams.size ? `?${listParams}` : ""}`;
  const replayLink = new URLSearchParams(listParams);
  replayLink.set("do", "replay");

  return (
    <div>
      <PageHeader title="Payments" description="Payment logs, newest first, 100 to a page. Amounts in AUD.">
        {mayReplay && (
          <Link
            to={`?${replayLink}`}
            preventScrollReset
            className="inline-flex h-9 items-center rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-surface"
          >
            Replay payment webhooks
          </Link>
        )}
      </PageHeader>
      <FilterBar>
        <FilterSelect
          name="status"
          label="Status"
          value={filters.status}
          options={filterOptions("Any status", PAYMENT_STATUSES)}
        />
        <FilterSelect
          name="provider"
          label="Provider"
          value={filters.provider}
          options={filterOptions("Any provider", PAYMENT_PROVIDERS)}
        />
      </FilterBar>
      {error && open !== "replay" && <PageAlert spacing="mb-3">{error}</PageAlert>}
      <FilteredList
        loading={loading}
        total={total}
        rows={payments.length}
        filtered={hasFilters(filters)}
        texts={{
          loading: "Loading payments...",
          one: "payment",
          many: "payments",
          none: "No payments yet.",
          noMatch: "No payments match these filters.",
        }}
        table={{
          caption: "Payments",
          columns: ["Amount", "Member", "Status", "Provider", "Swap", "Created"],
          minWidth: "sm:min-w-[860px]",
        }}
        pager={{ nextHref, firstHref, showingFirst: !filters.cursor }}
      >
        {payments.map((p) => (
          <tr key={p.id} className="hover:bg-surface">
            <td className="whitespace-nowrap px-3 py-2 tabular-nums">
              <Link to={`/admin/payments/${p.id}`} className="font-medium text-brand-800 hover:underline">
                {p.amount}
              </Link>
              {p.credit && <span className="block text-xs text-muted">+ {p.credit} credit</span>}
            </td>
            <MemberCell label="Member" id={p.userId} name={p.memberName} />
            <td data-label="Status" className="px-3 py-2 sm:max-w-72">
              <StatusBadge status={p.status} />
              {p.failure && <span className="block text-xs text-danger">{p.failure}</span>}
              {p.hold && <span className="block text-xs text-muted">{p.hold}</span>}
              {p.refund && <span className="block text-xs text-muted">{p.refund}</span>}
            </td>
            <td data-label="Provider" className="px-3 py-2 text-muted">
              {p.provider}
              {p.paymentIntentId && (
                <span className="block font-mono text-xs sm:max-w-48 sm:truncate">{p.paymentIntentId}</span>
              )}
            </td>
            <td data-label="Swap" className="px-3 py-2">
              {p.swapId ? (
                <Link
                  to={`/admin/swaps/${p.swapId}`}
                  className="font-mono text-xs hover:underline"
                  aria-label={`Swap ${p.swapId.slice(0, 8)}`}
                >
                  {p.swapId.slice(0, 8)}
                </Link>
              ) : (
                <Link
                  to={`/admin/circles/${p.circleId}`}
                  className="font-mono text-xs hover:underline"
                  aria-label={`Swap circle ${p.circleId?.slice(0, 8)}`}
                >
                  Circle {p.circleId?.slice(0, 8)}
                </Link>
              )}
            </td>
            <td data-label="Created" className="whitespace-nowrap px-3 py-2 text-muted">
              {p.createdAt}
            </td>
          </tr>
        ))}
      </FilteredList>

      {open === "replay" && mayReplay && (
        <ReplayWebhooksDialog hours={replayHours} closeTo={back} error={error} busy={busy} />
      )}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch payments" });
