import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/email";
import { appContext } from "#app/context.ts";
import { describedBy, Field, inputClass } from "#app/components/forms/field.tsx";
import { FormError, formLevelError } from "#app/components/forms/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { BadgeCheck, CircleAlert } from "#app/components/ui/icons.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { focusFirstError } from "#app/lib/focus-first-error.ts";
import { requireRecentAuth } from "#app/lib/require-recent-auth.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { VERIFY_EMAIL_HOURS } from "#core/auth/auth.ts";
import { requestEmailChange } from "#core/accounts/request-email-change.ts";
import { resendVerificationEmail } from "#core/auth/resend-verification-email.ts";
import { cancelEmailChange } from "#core/accounts/cancel-email-change.ts";
import { findPendingEmailChange } from "#core/auth/pending-email-change.ts";
import { resendEmailChange } from "#core/accounts/resend-email-change.ts";
import { PendingEmailChange } from "#app/components/account/pending-email-change.tsx";
import { formatDayAndTime } from "#core/shared/time.ts";

export const meta: Route.MetaFunction = () => [
  { title: "E-mail address | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const pending = await findPendingEmailChange(ctx.db, { userId: user.id, now: ctx.clock.now() });
  return {
    email: user.email,
    verified: user.emailVerified,
    pending: pending ? { newEmail: pending.newEmail, expiresAt: formatDayAndTime(pending.expiresAt) } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const intent = form.intent;
  // Each use case's own words go back to the page as its toast.
  const done = ({ message }: { message: string }) =>
    redirectWithFlash(ctx, "/account/email", { type: "success", message });
  if (intent === "resend") {
    return runAction(() => resendVerificationEmail(ctx, { userId: user.id }, ctx.meta), done, {
      echo: () => ({ intent, newEmail: "" }),
    });
  }
  if (intent === "change") {
    // A new address takes over the account's sign-in and notices: only for a member who proved it's them lately.
    await requireRecentAuth(ctx, request, user);
    const newEmail = form.newEmail ?? "";
    return runAction(
      () => requestEmailChange({ ...ctx, appUrl: ctx.env.APP_URL }, { userId: user.id, newEmail }, ctx.meta),
      done,
      { echo: () => ({ intent, newEmail }) },
    );
  }
  if (intent === "resend-change" || intent === "cancel-change") {
    // Both act on the change already asked for; neither needs a fresh sign-in (see resendEmailChange).
    return runAction(
      () =>
        intent === "resend-change"
          ? resendEmailChange({ ...ctx, appUrl: ctx.env.APP_URL }, { userId: user.id }, ctx.meta)
          : cancelEmailChange(ctx.db, { userId: user.id }, ctx.meta),
      done,
      { echo: () => ({ intent, newEmail: "" }) },
    );
  }
  return data(
    { intent: null, error: "Unknown action", fields: {} as Record<string, string>, newEmail: "" },
    { status: 400 },
  );
}

export default function AccountEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { email, verified, pending } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const changeRef = useRef<HTMLFormElement>(null);
  const resendRef = useRef<HTMLFormElement>(null);
  const changeErrors = actionData?.intent === "change" ? actionData.fields : {};
  useEffect(() => {
    if (actionData?.error) focusFirstError(actionData.intent === "resend" ? resendRef.current : changeRef.current);
  }, [actionData]);
  return (
    <>
      <section aria-labelledby="email-heading" className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <h2 id="email-heading" className="text-lg font-semibold">
          E-mail address
        </h2>
        <p className="mt-3 break-all text-base font-medium">{email}</p>
        {verified ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-brand-800">
            <BadgeCheck className="size-5 shrink-0 text-brand-600" aria-hidden="true" />
            Verified. Members see a verified mark beside your name.
          </p>
        ) : (
          <>
            <p className="mt-2 flex items-center gap-2 text-sm text-ink">
              <CircleAlert className="size-5 shrink-0 text-danger" aria-hidden="true" />
              Not verified yet.
            </p>
            <p className="mt-2 text-sm text-muted">
              Open the link we e-mailed you when you signed up to confirm this address; members then see a verified mark
              beside your name. Links work for {VERIFY_EMAIL_HOURS} hours.
            </p>
            <Form ref={resendRef} method="post" className="mt-4 space-y-3">
              <FormError message={actionData?.intent === "resend" ? actionData.error : null} />
              <input type="hidden" name="intent" value="resend" />
              <Button type="submit" variant="outline" disabled={busy}>
                Resend verification e-mail
              </Button>
            </Form>
          </>
        )}
      </section>
      {pending && (
        <PendingEmailChange
          pending={pending}
          email={email}
          busy={busy}
          error={
            actionData?.intent === "resend-change" || actionData?.intent === "cancel-change" ? actionData.error : null
          }
        />
      )}
      <section
        aria-labelledby="change-email-heading"
        className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
      >
        <h2 id="change-email-heading" className="text-lg font-semibold">
          Change e-mail address
        </h2>
        <p className="mt-1 text-sm text-muted">
          We'll send a link to the new address; your account keeps {email} until you open it. We'll also let your
          current address know.
        </p>
        <Form ref={changeRef} method="post" className="mt-5 space-y-4" noValidate>
          <FormError
            message={actionData?.intent === "change" ? formLevelError(actionData.error, changeErrors) : null}
          />
          <input type="hidden" name="intent" value="change" />
          <Field id="newEmail" label="New e-mail address" error={changeErrors.newEmail}>
            <input
              id="newEmail"
              name="newEmail"
              type="email"
              required
              autoComplete="email"
              defaultValue={actionData?.intent === "change" ? actionData.newEmail : ""}
              className={`${inputClass(changeErrors.newEmail)} h-11`}
              {...describedBy("newEmail", changeErrors.newEmail)}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            Send confirmation link
          </Button>
        </Form>
      </section>
    </>
  );
}
