import { useId } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/messages.$id.report.$messageId";
import { appContext } from "#app/context.ts";
import { ReportFormActions, ReportReasonFields } from "#app/components/forms/report-reason-fields.tsx";
import { REPORT_SENT } from "#app/components/listings/report-listing-form.tsx";
import { RouteError } from "#app/components/layout/route-error.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { isReportingOn } from "#core/moderation/can-report.ts";
import { findMessageToReport, reportMessage } from "#core/moderation/report-message.ts";
import { isAppError } from "#core/shared/app-error.ts";
import { formatDayAndTime } from "#core/shared/time.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Report message | SwapShed" },
  { name: "robots", content: "noindex" },
];

/**
 * Reporting a line the other member wrote (decision 086): the line as the member sees it in the thread, a reason and
 * optional notes. A plain form: the thread's "Report" link leads here, with or without JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  if (!(await isReportingOn(ctx.db))) throw data("Not found", { status: 404 });
  const thread = `/messages/${encodeURIComponent(params.id)}`;
  try {
    const message = await findMessageToReport(
      { db: ctx.db, mask: maskContactDetails },
      { reporterId: user.id, conversationId: params.id, messageId: params.messageId },
    );
    return { message, thread };
  } catch (error) {
    if (!isAppError(error)) throw error;
    // Not their thread, or no such line in it: the site's 404. Their own line, or one removed: back, told why.
    if (error.status === 404) throw data(error.message, { status: 404 });
    throw await redirectWithFlash(ctx, thread, { type: "error", message: error.message });
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  return runAction(
    () =>
      reportMessage(ctx, {
        reporterId: user.id,
        conversationId: params.id,
        messageId: params.messageId,
        reason: form.reason,
        notes: form.notes,
      }),
    () =>
      redirectWithFlash(ctx, `/messages/${encodeURIComponent(params.id)}`, { type: "success", message: REPORT_SENT }),
    {
      unexpected: { message: "Failed to send report", log: "message report failed" },
      echo: () => ({ reason: String(form.reason ?? ""), notes: String(form.notes ?? "") }),
    },
  );
}

export default function ReportMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, thread } = loaderData;
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: Record<string, string> = actionData && "fields" in actionData ? actionData.fields : {};
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <main id="main" className="bg-surface py-10">
      <Container className="max-w-xl">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Report message</h1>
          <figure className="mt-4 rounded-xl bg-surface px-3.5 py-2 text-sm">
            <blockquote className="whitespace-pre-line wrap-anywhere">
              {message.body ?? (message.pictures > 0 ? `${message.pictures} picture(s)` : "")}
            </blockquote>
            <figcaption className="mt-1 text-xs text-muted">
              <time dateTime={new Date(message.createdAt).toISOString()}>{formatDayAndTime(message.createdAt)}</time>
            </figcaption>
          </figure>
          <Form method="post" className="mt-6 space-y-4">
            {error && !Object.keys(errors).length && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
                {error}
              </p>
            )}
            <ReportReasonFields
              id={id}
              what="message"
              errors={errors}
              values={{
                reason: actionData && "reason" in actionData ? String(actionData.reason) : undefined,
                notes: actionData && "notes" in actionData ? String(actionData.notes) : undefined,
              }}
            />
            <p className="text-xs text-muted">
              Reports are private: the member who wrote it is not told who reported it. Our moderators read the reported
              message and the messages around it, nothing else of your conversations.
            </p>
            <ReportFormActions cancelTo={thread} busy={busy} />
          </Form>
        </div>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
