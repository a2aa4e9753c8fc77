import type { StaffAction } from "#core/staff/permissions.ts";
import { data, Form, useNavigation } from "react-router";
import { safeRedirect } from "../lib/safe-redirect";
import type { Route } from "./+types/admin.two-factor";
import { appContext } from "../context";
import { CodeField, PasswordField } from "../components/forms/field";
import { Button, ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { KeyRound, ShieldCheck } from "../components/ui/icons";
import { readForm } from "../lib/read-form.server";
import { requireStaff } from "../lib/require-staff.server";
import { type Refusal, runAction } from "../lib/run-action.server";
import { AuthenticatorSetUp } from "../components/account/authenticator-set-up";
import { findStaffAccess } from "#core/auth/find-staff-access.ts";
import { requireVerifiedAddress } from "#core/auth/verified-address.ts";
import { AppError } from "#core/shared/app-error.ts";
import { TWO_FACTOR_REQUIRED_FOR_ADMIN } from "#core/staff/pass-staff-gate.ts";
import {
  confirmTwoFactorEnrolment,
  describeTotpUri,
  startTwoFactorEnrolment,
} from "#core/auth/two-factor-enrolment.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_dashboard";

export const meta: Route.MetaFunction = () => [
  { title: "Set up two-factor | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const actor = await requireStaff(ctx, request, permission, { allowWithoutTwoFactor: true });
  // Once on, this page says so rather than redirecting: right after confirming, the same render must still show
  // the backup codes (the loaders run again after the action, with or without JavaScript).
  // Where the staff member was going when the gate sent them here (a deep link keeps its query string).
  const next = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin");
  return {
    email: actor.email,
    enrolled: (await findStaffAccess(ctx.db, actor.userId)).twoFactorEnabled,
    next: /^\/admin(\/|\?|$)/.test(next) ? next : "/admin",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const actor = await requireStaff(ctx, request, permission, { allowWithoutTwoFactor: true });
  const form = await readForm(request);
  const backToStart = (refusal: Refusal) =>
    data({ step: "password" as const, error: refusal.message }, { status: refusal.status });
  if (form.intent === "confirm") {
    return runAction(
      () => confirmTwoFactorEnrolment(ctx, { userId: actor.userId, code: form.code }, ctx.meta),
      (confirmed) =>
        data({ step: "done" as const, backupCodes: confirmed.backupCodes }, { headers: confirmed.headers }),
      {
        onRefusal: async (refusal) => {
          // No key to confirm (the first step never ran): back to the first step, with the reason.
          if (refusal.status === 409) return backToStart(refusal);
          // The same key again (it is this person's own, from the step before): the code was wrong, not the key.
          const totpUri = form.totpUri ?? "";
          const again = totpUri.startsWith("otpauth://totp/") ? await describeTotpUri(totpUri) : null;
          if (!again) return backToStart({ status: 400, message: "Please start again.", fields: {} });
          return data({ step: "confirm" as const, ...again, error: refusal.message }, { status: refusal.status });
        },
      },
    );
  }
  return runAction(
    async () => {
      if ((await findStaffAccess(ctx.db, actor.userId)).twoFactorEnabled)
        throw new AppError("CONFLICT", "Two-factor sign-in is already on for this account.");
      await requireVerifiedAddress(ctx.db, actor.userId);
      return startTwoFactorEnrolment(ctx, { password: form.password }, ctx.meta);
    },
    (started) => ({ step: "confirm" as const, ...started, error: null }),
    { onRefusal: backToStart },
  );
}

export default function TwoFactorEnrolment({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const step = actionData?.step ?? (loaderData.enrolled ? "enrolled" : "password");
  return (
    <main id="main" className="bg-surface py-12 sm:py-16">
      <Container className="max-w-lg">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <ShieldCheck className="size-8 text-brand-600" />
          <h1 className="mt-3 text-2xl font-bold tracking-tight">Set up two-factor sign-in</h1>
          {step !== "done" && step !== "enrolled" && (
            <p
              role="alert"
              className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              {TWO_FACTOR_REQUIRED_FOR_ADMIN}
            </p>
          )}

          {actionData?.step === "confirm" ? (
            <AuthenticatorSetUp
              gap="mt-5"
              qrSvg={actionData.qrSvg}
              qrLabel={`QR code for the two-factor key of ${loaderData.email}`}
              secret={actionData.secret}
              totpUri={actionData.totpUri}
            >
              <Form method="post" className="mt-6 space-y-4" noValidate>
                <input type="hidden" name="intent" value="confirm" />
                <input type="hidden" name="totpUri" value={actionData.totpUri} />
                <CodeField id="code" label="Code from your app" error={actionData.error ?? undefined} />
                <Button type="submit" className="w-full" disabled={busy}>
                  {busy ? "Checking..." : "Turn on two-factor"}
                </Button>
              </Form>
            </AuthenticatorSetUp>
          ) : actionData?.step === "done" ? (
            <>
              <p
                role="status"
                className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800"
              >
                Two-factor sign-in is on. From now on every sign-in asks for a code from your app.
              </p>
              <h2 className="mt-6 flex items-center gap-2 text-lg font-semibold">
                <KeyRound className="size-5 text-brand-600" /> Your backup codes
              </h2>
              <p className="mt-1 text-sm text-muted">
                If you lose your phone, each of these signs you in once. Save them somewhere safe now: they are shown
                only this once.
              </p>
              <ul aria-label="Backup codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-base">
                {actionData.backupCodes.map((code) => (
                  <li key={code} className="rounded-md bg-surface px-3 py-2 text-center tracking-wider">
                    {code}
                  </li>
                ))}
              </ul>
              <ButtonLink to={loaderData.next} reloadDocument className="mt-6 w-full">
                I've saved them: go to the back office
              </ButtonLink>
            </>
          ) : step === "enrolled" ? (
            <>
              <p role="status" className="mt-3 text-sm text-muted">
                Two-factor sign-in is on for this account.
              </p>
              <ButtonLink to={loaderData.next} className="mt-6 w-full">
                Go to the back office
              </ButtonLink>
            </>
          ) : (
            <Form method="post" className="mt-5 space-y-4" noValidate>
              <p className="text-sm text-muted">
                Staff accounts must use a second step at sign-in. Confirm your password to get your key.
              </p>
              <input type="hidden" name="intent" value="start" />
              <PasswordField
                name="password"
                label="Password"
                error={actionData?.error ?? undefined}
                autoComplete="current-password"
              />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Please wait..." : "Set up two-factor"}
              </Button>
            </Form>
          )}
        </div>
      </Container>
    </main>
  );
}
