import { useEffect, useRef } from "react";
import { data, useNavigation } from "react-router";
import type { Route } from "./+types/security";
import { appContext } from "../../context";
import { type PasswordAnswer, PasswordCard } from "../../components/account/password-card";
import { type TwoFactorAnswer, TwoFactorCard } from "../../components/account/two-factor-card";
import { redirectWithFlash } from "../../lib/redirect-with-flash.server";
import { focusFirstError } from "../../lib/focus-first-error";
import { requireRecentAuth } from "../../lib/require-recent-auth.server";
import { requireUser } from "../../lib/require-user.server";
import { changePassword, PASSWORD_UPDATED } from "../../../core/auth/change-password";
import { countBackupCodesLeft } from "../../../core/auth/count-backup-codes";
import { findAccountSecurity } from "../../../core/auth/find-account-security";
import { regenerateBackupCodes } from "../../../core/auth/regenerate-backup-codes";
import { describeTotpUri } from "../../../core/auth/two-factor-enrolment";
import { turnOffTwoFactor } from "../../../core/auth/turn-off-two-factor";
import { beginTwoFactorSetup, finishTwoFactorSetup } from "../../../core/auth/turn-on-two-factor";

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

type Answer = { password: PasswordAnswer; twoFactor: TwoFactorAnswer | null };
const answer = (a: Partial<Answer>, status = 200, headers?: Headers) =>
  data<Answer>({ password: null, twoFactor: null, ...a }, { status, headers });
const refused = (intent: string, r: { status: number; message: string; fields?: Record<string, string> }) =>
  answer({ twoFactor: { step: "error", intent, error: r.message, fields: r.fields } }, r.status);

/** Each form names its intent; each calls one use case. Only turning two-step sign-in off needs a recent sign-in:
 * the others ask for the password (or a code from the app) themselves, which is the fresh proof. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await request.formData();
  const back = (message: string, cookies?: Headers) =>
    redirectWithFlash(ctx, "/account/security", { type: "success", message }, cookies);
  switch (form.get("intent")) {
    case "change-password": {
      const input = {
        userId: user.id,
        currentPassword: form.get("currentPassword"),
        newPassword: form.get("newPassword"),
        confirm: form.get("confirm"),
      };
      const result = await changePassword(ctx, input, ctx.meta);
      if (!result.ok) return answer({ password: { error: result.message, fields: result.fields } }, result.status);
      // Every session was replaced: the new cookie keeps this device signed in.
      return back(PASSWORD_UPDATED, result.headers);
    }
    case "2fa-start": {
      const result = await beginTwoFactorSetup(ctx, { userId: user.id, password: form.get("password") }, ctx.meta);
      if (!result.ok) return refused("2fa-start", result);
      return answer({
        twoFactor: { step: "confirm", qrSvg: result.qrSvg, secret: result.secret, totpUri: result.totpUri },
      });
    }
    case "2fa-confirm": {
      const result = await finishTwoFactorSetup(ctx, { userId: user.id, code: form.get("code") }, ctx.meta);
      if (result.ok)
        return answer(
          { twoFactor: { step: "codes", backupCodes: result.backupCodes, fresh: "enrolled" } },
          200,
          result.headers,
        );
      // The same key again (the member's own, from the step before): the code was wrong, not the key.
      const totpUri = String(form.get("totpUri") ?? "");
      if (result.status !== 400 || !totpUri.startsWith("otpauth://totp/")) return refused("2fa-start", result);
      return answer(
        { twoFactor: { step: "confirm", ...(await describeTotpUri(totpUri)), error: result.message } },
        400,
      );
    }
    case "2fa-regenerate": {
      const result = await regenerateBackupCodes(ctx, { userId: user.id, password: form.get("password") }, ctx.meta);
      if (!result.ok) return refused("2fa-regenerate", result);
      return answer({ twoFactor: { step: "codes", backupCodes: result.backupCodes, fresh: "regenerated" } });
    }
    case "2fa-off": {
      await requireRecentAuth(ctx, request, user);
      const result = await turnOffTwoFactor(ctx, { userId: user.id, code: form.get("code") }, ctx.meta);
      if (!result.ok) return refused("2fa-off", result);
      return back(TWO_FACTOR_OFF);
    }
    default:
      return answer({ password: { error: "Unknown action" } }, 400);
  }
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData) focusFirstError(root.current);
  }, [actionData]);
  return (
    <div ref={root} className="space-y-6">
      <PasswordCard hasPassword={loaderData.status.hasPassword} answer={actionData?.password ?? null} busy={busy} />
      <TwoFactorCard
        status={loaderData.status}
        email={loaderData.email}
        answer={actionData?.twoFactor ?? null}
        busy={busy}
      />
    </div>
  );
}
