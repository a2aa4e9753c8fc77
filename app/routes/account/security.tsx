import { useEffect, useRef } from "react";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/security";
import { appContext } from "#app/context.ts";
import { PasswordCard } from "#app/components/account/password-card.tsx";
import { TwoFactorCard, type TwoFactorStep } from "#app/components/account/two-factor-card.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { focusFirstError } from "#app/lib/focus-first-error.ts";
import { requireRecentAuth } from "#app/lib/require-recent-auth.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { changePassword, PASSWORD_UPDATED } from "#core/auth/change-password.ts";
import { countBackupCodesLeft } from "#core/auth/count-backup-codes.ts";
import { findAccountSecurity } from "#core/auth/find-account-security.ts";
import { regenerateBackupCodes } from "#core/auth/regenerate-backup-codes.ts";
import { describeTotpUri } from "#core/auth/two-factor-enrolment.ts";
import { turnOffTwoFactor } from "#core/auth/turn-off-two-factor.ts";
import { beginTwoFactorSetup, finishTwoFactorSetup } from "#core/auth/turn-on-two-factor.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Sign-in & security | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export const TWO_FACTOR_OFF = "Two-step sign-in is off.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const status = await findAccountSecurity(ctx.db, user.id);
  const backupCodesLeft = status.twoFactorOn ? await countBackupCodesLeft(ctx.auth, user.id) : null;
  return { email: user.email, status: { ...status, backupCodesLeft } };
}

/**
 * Each form names its intent; each calls one use case. Only turning two-step sign-in off needs a recent sign-in:
 * the others ask for the password (or a code from the app) themselves, which is the fresh proof. A refusal is the
 * one answer of every page, `{ error, fields }`, with the intent of the form it belongs to.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const intent = form.intent ?? null;
  // The form a refusal belongs to; `key` only when confirming a key (below).
  const echo = () => ({ intent, key: null });
  const back = (message: string, cookies?: Headers) =>
    redirectWithFlash(ctx, "/account/security", { type: "success", message }, cookies);
  switch (intent) {
    case "change-password":
      return runAction(
        () =>
          changePassword(
            ctx,
            {
              userId: user.id,
              currentPassword: form.currentPassword,
              newPassword: form.newPassword,
              confirm: form.confirm,
            },
            ctx.meta,
          ),
        // Every session was replaced: the new cookie keeps this device signed in.
        ({ headers }) => back(PASSWORD_UPDATED, headers),
        { echo },
      );
    case "2fa-start":
      return runAction(
        () => beginTwoFactorSetup(ctx, { userId: user.id, password: form.password }, ctx.meta),
        (key): Answer => ({ twoFactor: { step: "confirm", ...key } }),
        { echo },
      );
    case "2fa-confirm": {
      // The key from the step before (the member's own), to show again when the code was wrong.
      const totpUri = form.totpUri ?? "";
      const key = totpUri.startsWith("otpauth://totp/") ? await describeTotpUri(totpUri) : null;
      return runAction(
        () => finishTwoFactorSetup(ctx, { userId: user.id, code: form.code }, ctx.meta),
        ({ backupCodes, headers }) =>
          data<Answer>({ twoFactor: { step: "codes", backupCodes, fresh: "enrolled" } }, { headers }),
        { echo: () => ({ intent, key }) },
      );
    }
    case "2fa-regenerate":
      return runAction(
        () => regenerateBackupCodes(ctx, { userId: user.id, password: form.password }, ctx.meta),
        ({ backupCodes }): Answer => ({ twoFactor: { step: "codes", backupCodes, fresh: "regenerated" } }),
        { echo },
      );
    case "2fa-off":
      await requireRecentAuth(ctx, request, user);
      return runAction(
        () => turnOffTwoFactor(ctx, { userId: user.id, code: form.code }, ctx.meta),
        () => back(TWO_FACTOR_OFF),
        { echo },
      );
    default:
      return data({ error: "Unknown action", fields: {} as Record<string, string>, ...echo() }, { status: 400 });
  }
}

/** What a step of two-step sign-in's setup shows next (a refusal is runAction's `{ error, fields }` instead). */
type Answer = { twoFactor: TwoFactorStep };

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData) focusFirstError(root.current);
  }, [actionData]);
  const refusal = actionData && "error" in actionData ? actionData : null;
  // A code refused for the key just shown (a refusal about the code field): that key again, the message by the
  // code. Any other refusal of the confirmation (no key any more, too many tries) is said where setup starts.
  const keyAgain =
    refusal?.intent === "2fa-confirm" && refusal.key && refusal.fields.code
      ? { step: "confirm" as const, ...refusal.key, error: refusal.error }
      : null;
  const twoFactorRefusal =
    refusal?.intent?.startsWith("2fa-") && !keyAgain
      ? { ...refusal, intent: refusal.intent === "2fa-confirm" ? "2fa-start" : refusal.intent }
      : null;
  return (
    <div ref={root} className="space-y-6">
      <PasswordCard
        hasPassword={loaderData.status.hasPassword}
        answer={refusal && !refusal.intent?.startsWith("2fa-") ? refusal : null}
        busy={busy}
      />
      <TwoFactorCard
        status={loaderData.status}
        email={loaderData.email}
        step={keyAgain ?? (actionData && "twoFactor" in actionData ? actionData.twoFactor : null)}
        refusal={twoFactorRefusal}
        busy={busy}
      />
    </div>
  );
}
