import { useRef } from "react";
import { data, redirect, type ShouldRevalidateFunctionArgs, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/moderation";
import { appContext } from "#app/context.ts";
import { pageLinks } from "#app/components/admin/list-filters.ts";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { ReportActions } from "#app/components/admin/moderation/report-actions.tsx";
import { ReportCard } from "#app/components/admin/moderation/report-card.tsx";
import { ReportDialog, type ReportTab, reportTab } from "#app/components/admin/moderation/report-dialog.tsx";
import { ReportInfo } from "#app/components/admin/moderation/report-info.tsx";
import { ReportListingPanel } from "#app/components/admin/moderation/report-listing-panel.tsx";
import { QueueTabs } from "#app/components/admin/moderation/queue-tabs.tsx";
import { useQueueKeys } from "#app/components/admin/moderation/use-queue-keys.ts";
import { FilterBar, FilterSelect, Pager } from "#app/components/admin/page-header.tsx";
import { useFailureToast } from "#app/components/admin/use-failure-toast.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { isFeatureEnabled } from "#core/flags/is-feature-enabled.ts";
import {
  findModerationQueue,
  QUEUE_FILTERS,
  queueFilter,
  SUBJECT_FILTERS,
  subjectFilter,
} from "#core/moderation/find-moderation-queue.ts";
import { findReportForStaff } from "#core/moderation/find-report-for-staff.ts";
import { REVIEWS, type ReportReview, reviewReport } from "#core/moderation/review-report.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import { asciiPath } from "#app/lib/safe-redirect.ts";
import { countPendingAppeals } from "#core/appeals/find-appeals.ts";

/** What it takes to open this page: the permission table's entry. */
export const permission: StaffAction = "view_moderation_queue";

export const handle = { breadcrumb: "Moderation Queue" };
export const meta: Route.MetaFunction = () => [{ title: "Moderation Queue | SwapShed back office" }];

/** The spec's words for each review: the toast on success, the failure's opening words. */
const TEXTS: Record<ReportReview, { success: string; failure: string }> = {
  approve: { success: "Report approved - Listing removed", failure: "Failed to approve report" },
  reject: { success: "Report rejected - Listing restored", failure: "Failed to reject report" },
  takedown: { success: "Listing taken down", failure: "Failed to process takedown" },
};

/** Each review this page's action takes and the permission it checks (the permission test walks these). */
export const actionPermissions = Object.fromEntries(
  Object.entries(REVIEWS).map(([key, r]) => [key, r.action]),
) as Record<ReportReview, StaffAction>;

const isReview = (value: unknown): value is ReportReview => typeof value === "string" && Object.hasOwn(REVIEWS, value);

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const url = new URL(request.url);
  const status = queueFilter(url.searchParams.get("status"));
  const subject = subjectFilter(url.searchParams.get("subject"));
  const cursor = url.searchParams.get("cursor");
  const [queue, report, moderationOn] = await Promise.all([
    findModerationQueue(ctx.db, { status, subject, cursor }),
    url.searchParams.get("report")
      ? findReportForStaff(ctx.db, { id: url.searchParams.get("report") as string })
      : null,
    isFeatureEnabled(ctx.db, "enable_moderation"),
  ]);
  // Appeals are a kind in this queue, listed on their own page (decision 097).
  const pendingAppeals = await countPendingAppeals(ctx.db);
  // A message report opens on its own page, where reading the message is audited (decision 086).
  if (report?.subject === "message") throw redirect(messageReportHref(report.id));
  if (report?.subject === "review") throw redirect(reviewReportHref(report.id));
  return {
    status,
    subject,
    paged: Boolean(cursor),
    total: queue.total,
    reports: queue.reports.map((r) => ({ ...r, createdAt: sydneyDateTime(r.createdAt) })),
    ...pageLinks(url, queue.nextCursor),
    report: report
      ? {
          ...report,
          createdAt: sydneyDateTime(report.createdAt),
          reviewedAt: report.reviewedAt ? sydneyDateTime(report.reviewedAt) : null,
        }
      : null,
    moderationOn,
    pendingAppeals,
    may: Object.fromEntries(Object.entries(REVIEWS).map(([key, r]) => [key, can(staff.roles, r.action)])) as Record<
      ReportReview,
      boolean
    >,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const review = form.get("review");
  if (!isReview(review)) return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  return runStaffAction(
    ctx,
    request,
    REVIEWS[review].action,
    { ...TEXTS[review], backTo: safeBack(form.get("back")) },
    (actor) =>
      reviewReport(ctx.db, {
        actor,
        reportId: String(form.get("reportId") ?? ""),
        review,
        notes: form.get("notes"),
        now: ctx.clock.now(),
        appUrl: ctx.env.APP_URL,
      }),
  );
}

/** The query that decides which cards show: the page's search without the dialog's own parameters. */
function listSearch(search: string) {
  const params = new URLSearchParams(search);
  params.delete("report");
  params.delete("tab");
  return params.toString();
}

/**
 * After a review the queue and the dialog load again even when the review was refused (React Router skips that
 * after a 4xx by default): a report someone else settled meanwhile then shows its real status, not stale actions.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? true : defaultShouldRevalidate;
}

/** A message report's own page (never prefetched: opening it writes an audit row). */
const messageReportHref = (id: string) => `/admin/moderation/messages/${id}`;
/** A review report's own page (decision 094). */
const reviewReportHref = (id: string) => `/admin/moderation/reviews/${id}`;
const ownPage = (r: { id: string; subject: string }) =>
  r.subject === "message" ? messageReportHref(r.id) : r.subject === "review" ? reviewReportHref(r.id) : null;

const safeBack = (value: FormDataEntryValue | null) =>
  (typeof value === "string" && /^\/admin\/moderation(\?[^\s\\]*)?$/.test(value) ? asciiPath(value) : null) ??
  "/admin/moderation";

export default function ModerationQueue({ loaderData, actionData }: Route.ComponentProps) {
  const { status, subject, total, reports, report, may, moderationOn } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const list = useRef<HTMLUListElement>(null);
  useFailureToast(actionData);
  useQueueKeys({ list, dialogOpen: Boolean(report) });

  const params = new URLSearchParams(location.search);
  const listParams = new URLSearchParams(location.search);
  listParams.delete("report");
  listParams.delete("tab");
  const back = `${location.pathname}${listParams.size ? `?${listParams}` : ""}`;
  const reportHref = (id: string, tab: ReportTab = "info") => {
    const next = new URLSearchParams(listParams);
    next.set("report", id);
    if (tab !== "info") next.set("tab", tab);
    return `?${next}`;
  };
  // Loading means the list itself changes (filter, page): opening, switching tabs in or closing the dialog keeps
  // the cards in place, so the card that opened the dialog is still there to take focus back.
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    listSearch(navigation.location.search) !== listSearch(location.search);
  const error = actionData && "error" in actionData ? actionData.error : undefined;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
            Moderation Queue
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
              {total}
              <span className="sr-only"> {total === 1 ? "report" : "reports"}</span>
            </span>
          </h1>
          <p className="text-sm text-muted">Listings, messages and reviews members reported, newest first.</p>
        </div>
      </div>
      <QueueTabs pendingAppeals={loaderData.pendingAppeals} />
      {!moderationOn && (
        <p role="status" className="mb-3 rounded-md border border-amber-200 bg-accent-100 px-3 py-2 text-sm">
          Moderation is turned off (enable_moderation): members cannot report listings and reports cannot be reviewed.
        </p>
      )}
      <FilterBar>
        <FilterSelect
          name="status"
          label="Status"
          value={status}
          options={QUEUE_FILTERS.map((s) => ({ value: s, label: s }))}
        />
        <FilterSelect
          name="subject"
          label="Subject"
          value={subject}
          options={SUBJECT_FILTERS.map((s) => ({ value: s, label: s === "all" ? "all" : `${s}s` }))}
        />
      </FilterBar>
      {/* Phones have no keyboard to use these with: the line is for wider screens with a fine pointer. */}
      <p id="queue-keys" className="mb-3 hidden text-xs text-muted sm:block pointer-coarse:hidden">
        Keyboard: <kbd className="rounded border border-line bg-white px-1">j</kbd> or{" "}
        <kbd className="rounded border border-line bg-white px-1">↓</kbd> next report,{" "}
        <kbd className="rounded border border-line bg-white px-1">k</kbd> or{" "}
        <kbd className="rounded border border-line bg-white px-1">↑</kbd> previous,{" "}
        <kbd className="rounded border border-line bg-white px-1">Enter</kbd> opens it; in the dialog{" "}
        <kbd className="rounded border border-line bg-white px-1">←</kbd>{" "}
        <kbd className="rounded border border-line bg-white px-1">→</kbd> switch tabs,{" "}
        <kbd className="rounded border border-line bg-white px-1">Tab</kbd> reaches the actions,{" "}
        <kbd className="rounded border border-line bg-white px-1">Esc</kbd> closes.
      </p>

      {loading ? (
        <p role="status" className="rounded-lg border border-line bg-white p-6 text-center text-sm text-muted">
          Loading moderation queue...
        </p>
      ) : reports.length === 0 ? (
        <p role="status" className="rounded-lg border border-line bg-white p-6 text-center text-sm text-muted">
          No {subject === "all" ? "" : `${subject} `}reports in the {status} queue
        </p>
      ) : (
        <ul
          ref={list}
          aria-label="Reports"
          aria-describedby="queue-keys"
          className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3"
        >
          {reports.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} href={ownPage(r) ?? reportHref(r.id)} />
            </li>
          ))}
        </ul>
      )}
      <Pager nextHref={loaderData.nextHref} firstHref={loaderData.firstHref} showingFirst={!loaderData.paged} />

      {params.get("report") && !report && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          Report not found
        </p>
      )}
      {report && (
        <ReportDialog
          title={report.listing?.title ?? "Deleted Listing"}
          tab={reportTab(params.get("tab"))}
          tabHref={(tab) => reportHref(report.id, tab)}
          closeTo={back}
        >
          {reportTab(params.get("tab")) === "info" && <ReportInfo report={report} />}
          {reportTab(params.get("tab")) === "listing" && <ReportListingPanel listing={report.listing} />}
          {reportTab(params.get("tab")) === "actions" && (
            <ReportActions
              reportId={report.id}
              status={report.status}
              may={may}
              moderationOn={moderationOn}
              otherOpen={report.otherOpenReports}
              listingGone={!report.listing}
              back={back}
              busy={navigation.state === "submitting"}
              error={error}
            />
          )}
        </ReportDialog>
      )}
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch reports" });
