import { data } from "react-router";
import type { Route } from "./+types/appeal";
import { appContext } from "#app/context.ts";
import { AppealForm, AppealStatus } from "#app/components/appeals/appeal-form.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { appealOf } from "#core/appeals/appealed-decisions.ts";
import { APPEAL_LINK_EXPIRED } from "#core/appeals/appeal-rules.ts";
import { findSuspensionForToken, lodgeSuspensionAppeal } from "#core/appeals/lodge-appeal.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Appeal a suspension | SwapShed" },
  { name: "robots", content: "noindex" },
];

/**
 * A suspended member's appeal (decision 097), without a session: the sign-in refusal posts its short-lived token
 * here ("open"), this page shows the suspension and the form, and the form posts the token back with the
 * statement ("lodge"). Opened any other way, the page says how to get here.
 */
export async function loader() {
  return { stage: "start" as const };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  const token = typeof form.token === "string" ? form.token : "";
  const suspension = await findSuspensionForToken(ctx.db, { token, now: ctx.clock.now() });
  if (!suspension) return data({ stage: "expired" as const, error: APPEAL_LINK_EXPIRED }, { status: 403 });
  const view = {
    token,
    reason: suspension.reason,
    suspendedOn: sydneyDateTime(suspension.decisionAt),
  };
  if (form.intent === "lodge") {
    return runAction(
      () => lodgeSuspensionAppeal(ctx, { token, statement: form.statement, meta: ctx.meta }),
      () => ({ stage: "sent" as const, ...view, appeal: { status: "pending" as const, reason: null } }),
      { echo: () => ({ stage: "form" as const, ...view, statement: String(form.statement ?? "") }) },
    );
  }
  const appeal = await appealOf(ctx.db, {
    userId: suspension.userId,
    listingId: null,
    decisionAt: suspension.decisionAt,
  });
  return appeal
    ? { stage: "sent" as const, ...view, appeal: { status: appeal.status, reason: appeal.decisionReason } }
    : { stage: "form" as const, ...view };
}

export default function AppealPage({ actionData }: Route.ComponentProps) {
  const answer = actionData;
  return (
    <main id="main" className="bg-surface py-10">
      <Container className="max-w-xl">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Appeal your suspension</h1>
          {!answer || answer.stage === "expired" ? (
            <>
              {answer?.stage === "expired" && (
                <p
                  role="alert"
                  className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger"
                >
                  {answer.error}
                </p>
              )}
              <p className="mt-3 text-sm text-muted">
                If your account is suspended, sign in with your e-mail address and password: the message that says your
                account is suspended has a button to appeal. For your security, it works for 30 minutes.
              </p>
              <p className="mt-4">
                <a href="/auth" className="font-semibold text-brand-700 underline">
                  Go to sign in
                </a>
              </p>
            </>
          ) : (
            <>
              <dl className="mt-4 space-y-2 rounded-lg border border-line bg-surface px-4 py-3 text-sm">
                <div>
                  <dt className="font-semibold">Suspended on</dt>
                  <dd className="text-muted">{answer.suspendedOn}</dd>
                </div>
                {answer.reason && (
                  <div>
                    <dt className="font-semibold">Reason</dt>
                    <dd className="whitespace-pre-line text-muted">{answer.reason}</dd>
                  </div>
                )}
              </dl>
              {answer.stage === "sent" ? (
                <AppealStatus status={answer.appeal.status} reason={answer.appeal.reason} />
              ) : (
                <AppealForm
                  action="/appeal"
                  hidden={{ intent: "lodge", token: answer.token }}
                  answer={"error" in answer ? (answer as never) : undefined}
                />
              )}
            </>
          )}
        </div>
      </Container>
    </main>
  );
}
