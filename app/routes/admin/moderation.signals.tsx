import { data, type ShouldRevalidateFunctionArgs, useLocation, useNavigation } from "react-router";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { pageLinks } from "#app/components/admin/list-filters.ts";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { QueueTabs } from "#app/components/admin/moderation/queue-tabs.tsx";
import { SignalCard } from "#app/components/admin/moderation/signal-card.tsx";
import { FilterBar, FilterSearch, FilterSelect, Pager } from "#app/components/admin/page-header.tsx";
import { useFailureToast } from "#app/components/admin/use-failure-toast.ts";
import { appContext } from "#app/context.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { asciiPath } from "#app/lib/safe-redirect.ts";
import { signalForPage } from "#app/lib/signal-for-page.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import { isFeatureEnabled } from "#core/flags/is-feature-enabled.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import {
  countOpenSignals,
  findSignalsForStaff,
  SIGNAL_KIND_FILTERS,
  SIGNAL_KIND_LABELS,
  SIGNAL_STATUS_FILTERS,
  signalKindFilter,
  signalStatusFilter,
} from "#core/trust/find-signals.ts";
import { SETTLEMENTS, type SignalSettlement, settleSignal } from "#core/trust/settle-signal.ts";
import { HOLD_SCORE } from "#core/trust/signal-rules.ts";
import type { Route } from "./+types/moderation.signals";

/** What it takes to open this page: the Moderation Queue's entry in the permission table. */
export const permission: StaffAction = "view_moderation_queue";

/** Each settlement this page's action takes and the permission it checks (the permission test walks these). */
export const actionPermissions = {
  dismiss: SETTLEMENTS.dismiss.action,
  action: SETTLEMENTS.action.action,
} as const satisfies Record<SignalSettlement, StaffAction>;

export const handle: AdminHandle = {
  breadcrumb: "Scam signals",
  parent: { label: "Moderation Queue", to: "/admin/moderation" },
};
export const meta: Route.MetaFunction = () => [{ title: "Scam signals | SwapShed back office" }];

const TEXTS: Record<SignalSettlement, { success: string; failure: string }> = {
  dismiss: { success: "Signal dismissed", failure: "Failed to dismiss signal" },
  action: { success: "Signal marked actioned", failure: "Failed to mark signal actioned" },
};

const isSettlement = (value: unknown): value is SignalSettlement =>
  typeof value === "string" && Object.hasOwn(SETTLEMENTS, value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const status = signalStatusFilter(url.searchParams.get("status"));
  const kind = signalKindFilter(url.searchParams.get("kind"));
  const cursor = url.searchParams.get("cursor");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [list, open, holdsOn] = await Promise.all([
    findSignalsForStaff(ctx.db, { status, kind, q, cursor }),
    countOpenSignals(ctx.db),
    isFeatureEnabled(ctx.db, "enable_signal_holds"),
  ]);
  return {
    status,
    kind,
    q,
    paged: Boolean(cursor),
    total: list.total,
    open,
    holdsOn,
    holdScore: HOLD_SCORE,
    signals: list.signals.map(signalForPage),
    ...pageLinks(url, list.nextCursor),
    may: { dismiss: can(staff.roles, actionPermissions.dismiss), action: can(staff.roles, actionPermissions.action) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const settlement = form.get("settle");
  if (!isSettlement(settlement)) return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  return runStaffAction(
    ctx,
    request,
    actionPermissions[settlement],
    { ...TEXTS[settlement], backTo: safeBack(form.get("back")) },
    (actor) =>
      settleSignal(ctx.db, {
        actor,
        signalId: String(form.get("signalId") ?? ""),
        settlement,
        notes: form.get("notes"),
        now: ctx.clock.now(),
      }),
  );
}

/** After a settlement the list loads again even when it was refused: a signal someone else settled shows so. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

/** Back to the signals list or to a member's page, never elsewhere. */
const safeBack = (value: FormDataEntryValue | null) =>
  (typeof value === "string" && /^\/admin\/(moderation\/signals(\?[^\s\\]*)?|users\/[A-Za-z0-9_-]{1,64})$/.test(value)
    ? asciiPath(value)
    : null) ?? "/admin/moderation/signals";

export default function ScamSignals({ loaderData, actionData }: Route.ComponentProps) {
  const { status, kind, q, total, open, signals, may, holdsOn, holdScore } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  useFailureToast(actionData);
  const back = `${location.pathname}${location.search}`;
  const error = actionData && "error" in actionData ? actionData.error : undefined;

  return (
    <div>
      <div className="mb-2">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          Moderation Queue
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
            {total}
            <span className="sr-only"> {total === 1 ? "signal" : "signals"}</span>
          </span>
        </h1>
        <p className="text-sm text-muted">
          What the scam signals noticed, newest first. Each explains itself; none acts on its own except the hold.
        </p>
      </div>
      <QueueTabs openSignals={open} />
      <p role="status" className="mb-3 rounded-md border border-line bg-white px-3 py-2 text-sm">
        {holdsOn
          ? `Holds are on (enable_signal_holds): a signal scoring ${holdScore} or more hides its listing, or flags its member so no swap of theirs goes ahead, until staff settle it.`
          : "Holds are off (enable_signal_holds): signals only list here and never hide a listing or flag a member."}
      </p>
      {error && (
        <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <FilterBar>
        <FilterSearch label="Member, listing or explanation" value={q} placeholder="Search signals" />
        <FilterSelect
          name="status"
          label="Status"
          value={status}
          options={SIGNAL_STATUS_FILTERS.map((s) => ({ value: s, label: s }))}
        />
        <FilterSelect
          name="kind"
          label="Kind"
          value={kind}
          options={SIGNAL_KIND_FILTERS.map((k) => ({ value: k, label: k === "all" ? "all" : SIGNAL_KIND_LABELS[k] }))}
        />
      </FilterBar>
      {signals.length === 0 ? (
        <p role="status" className="rounded-lg border border-line bg-white p-6 text-center text-sm text-muted">
          No {kind === "all" ? "" : `${SIGNAL_KIND_LABELS[kind].toLowerCase()} `}signals in the {status} queue
          {q ? ` matching “${q}”` : ""}
        </p>
      ) : (
        <ul aria-label="Signals" className="grid gap-3 lg:grid-cols-2">
          {signals.map((s) => (
            <li key={s.id}>
              <SignalCard
                signal={s}
                holdScore={holdScore}
                may={may}
                back={back}
                busy={navigation.state === "submitting"}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager nextHref={loaderData.nextHref} firstHref={loaderData.firstHref} showingFirst={!loaderData.paged} />
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch signals" });
