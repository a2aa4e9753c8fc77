import { data, Link, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import type { AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { StatusBadge } from "#app/components/admin/badges.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { ReasonBadge } from "#app/components/admin/moderation/reason-badge.tsx";
import { ReportDecisionForm } from "#app/components/admin/moderation/report-decision-form.tsx";
import { StaffThreadLines } from "#app/components/admin/moderation/staff-thread-lines.tsx";
import { appContext } from "#app/context.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { isFeatureEnabled } from "#core/flags/is-feature-enabled.ts";
import {
  MESSAGE_DECISIONS,
  type MessageReportDecision,
  settleMessageReport,
} from "#core/moderation/settle-message-report.ts";
import { viewReportedMessage } from "#core/moderation/view-reported-message.ts";
import { can, type StaffAction } from "#core/staff/permissions.ts";
import type { Route } from "./+types/moderation.messages.$id";

/**
 * A message report (decision 086): the reported line with up to 5 lines either side, as written. The only staff page
 * with members' messages on it, reached only through a report; opening it writes an audit row.
 */
export const permission: StaffAction = "view_reported_message";

/** Each decision this page's action takes and the permission it checks (the permission test walks these). */
export const actionPermissions = Object.fromEntries(
  Object.entries(MESSAGE_DECISIONS).map(([key, d]) => [key, d.action]),
) as Record<MessageReportDecision, StaffAction>;

export const handle: AdminHandle = {
  breadcrumb: "Reported message",
  parent: { label: "Moderation Queue", to: "/admin/moderation" },
};
export const meta: Route.MetaFunction = () => [{ title: "Reported message | SwapShed back office" }];

const TEXTS: Record<MessageReportDecision, { success: string; failure: string }> = {
  dismiss: { success: "Report dismissed - Message kept", failure: "Failed to dismiss report" },
  remove: { success: "Message removed", failure: "Failed to remove message" },
};

const isDecision = (value: unknown): value is MessageReportDecision =>
  typeof value === "string" && Object.hasOwn(MESSAGE_DECISIONS, value);

/** Each load is a reading of the message, audited: the page is not loaded again behind the moderator's back. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const [view, moderationOn] = await Promise.all([
    viewReportedMessage(ctx.db, { actor: staff, reportId: params.id }),
    isFeatureEnabled(ctx.db, "enable_moderation"),
  ]);
  if (!view) throw data("Report not found", { status: 404 });
  return {
    report: {
      ...view,
      createdAt: sydneyDateTime(view.createdAt),
      reviewedAt: view.reviewedAt ? sydneyDateTime(view.reviewedAt) : null,
      lines: view.lines.map((line) => ({ ...line, createdAt: sydneyDateTime(line.createdAt) })),
    },
    moderationOn,
    may: Object.fromEntries(
      Object.entries(actionPermissions).map(([key, action]) => [key, can(staff.roles, action)]),
    ) as Record<MessageReportDecision, boolean>,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const decision = form.get("decision");
  if (!isDecision(decision)) return redirectWithFlash(ctx, QUEUE, { type: "error", message: "Unknown action" });
  const answer = await runStaffAction(
    ctx,
    request,
    MESSAGE_DECISIONS[decision].action,
    { ...TEXTS[decision], backTo: QUEUE },
    (actor) =>
      settleMessageReport(ctx, {
        actor,
        reportId: params.id,
        decision,
        notes: form.get("notes"),
        now: ctx.clock.now(),
        appUrl: ctx.env.APP_URL,
      }),
  );
  if (answer instanceof Response) return answer;
  // A refusal goes back to the queue with its reason, not to this page: drawing the page again would be another
  // reading of the message (and another audit row) that nobody asked for.
  return redirectWithFlash(ctx, QUEUE, { type: "error", message: answer.data.error });
}

const QUEUE = "/admin/moderation?subject=message";

export default function ReportedMessage({ loaderData }: Route.ComponentProps) {
  const { report, may, moderationOn } = loaderData;
  const navigation = useNavigation();
  const thread = report.thread;
  const busy = navigation.state === "submitting";
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Reported message</h1>
        <p className="text-sm text-muted">
          Opening this page is recorded in the audit trail. Staff read members' messages only through a report.
        </p>
      </div>

      <section aria-labelledby="report-heading" className="rounded-lg border border-line bg-white p-4">
        <h2 id="report-heading" className="font-semibold">
          Report
        </h2>
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Status</dt>
          <dd>
            <StatusBadge status={report.status} />
          </dd>
          <dt className="text-muted">Reason</dt>
          <dd>
            <ReasonBadge reason={report.reason} />
          </dd>
          <dt className="text-muted">Reported by</dt>
          <dd>
            {report.reporterId && report.reporterName ? (
              <Link to={`/admin/users/${report.reporterId}`} className="text-brand-800 underline">
                {report.reporterName}
              </Link>
            ) : (
              "Unknown"
            )}{" "}
            on {report.createdAt}
          </dd>
          <dt className="text-muted">Notes</dt>
          <dd className="whitespace-pre-line break-words">{report.notes ?? "None"}</dd>
          {thread && (
            <>
              <dt className="text-muted">Listing</dt>
              <dd>
                {thread.listing.id ? (
                  <Link
                    to={`/admin/listings?${new URLSearchParams({ q: thread.listing.title })}`}
                    className="text-brand-800 underline"
                  >
                    {thread.listing.title}
                  </Link>
                ) : (
                  `${thread.listing.title} (gone)`
                )}
              </dd>
              <dt className="text-muted">Members</dt>
              <dd>
                <Link to={`/admin/users/${thread.asker.id}`} className="text-brand-800 underline">
                  {thread.asker.name}
                </Link>{" "}
                (asked) and{" "}
                <Link to={`/admin/users/${thread.owner.id}`} className="text-brand-800 underline">
                  {thread.owner.name}
                </Link>{" "}
                (listed)
              </dd>
            </>
          )}
          {report.reviewedAt && (
            <>
              <dt className="text-muted">Settled</dt>
              <dd>
                {report.reviewedAt} by {report.reviewerName ?? "Unknown"}
                {report.reviewNotes ? `: ${report.reviewNotes}` : ""}
              </dd>
            </>
          )}
        </dl>
      </section>

      <section aria-labelledby="context-heading" className="rounded-lg border border-line bg-white p-4">
        <h2 id="context-heading" className="font-semibold">
          The message and the lines around it
        </h2>
        <p className="text-xs text-muted">As written: contact details are not masked here.</p>
        {report.lines.length === 0 ? (
          <p className="mt-3 text-sm">The message is no longer there (its conversation was deleted).</p>
        ) : (
          <StaffThreadLines lines={report.lines} />
        )}
      </section>

      <section aria-labelledby="actions-heading" className="rounded-lg border border-line bg-white p-4">
        <h2 id="actions-heading" className="font-semibold">
          Actions
        </h2>
        {report.status !== "pending" ? (
          <p className="mt-2 text-sm">This report has already been {report.status}</p>
        ) : !moderationOn ? (
          <p className="mt-2 text-sm">Moderation is turned off (enable_moderation), so reports cannot be reviewed.</p>
        ) : (
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            {may.dismiss && (
              <ReportDecisionForm
                decision="dismiss"
                title="Dismiss report"
                explanation="The message stays; the reporter is told it doesn't break the rules."
                submit="Dismiss"
                busy={busy}
              />
            )}
            {may.remove && (
              // Destructive, so behind one more step: the form opens in place (a new page would be another reading
              // of the message, and another audit row).
              <details className="group rounded-md border border-line p-3">
                <summary className="cursor-pointer text-sm font-semibold text-danger">Remove message…</summary>
                <div className="mt-2">
                  <ReportDecisionForm
                    decision="remove"
                    title="Remove message"
                    explanation={
                      'Its words and pictures are deleted for good; both members see "Message removed by SwapShed staff". This cannot be undone.'
                    }
                    submit="Remove message"
                    busy={busy}
                    danger
                  />
                </div>
              </details>
            )}
          </div>
        )}
      </section>
      <p>
        <Link to="/admin/moderation?subject=message" className="text-sm text-brand-800 underline">
          Back to the Moderation Queue
        </Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch report" });
