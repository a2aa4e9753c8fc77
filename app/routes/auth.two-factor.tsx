import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth.two-factor";
import { appContext } from "../context";
import { CodeField } from "../components/forms/field";
import { Button } from "../components/ui/button";
import { AuthCard, AuthCardLink } from "../components/auth/auth-card";
import { ShieldCheck } from "../components/ui/icons";
import { KeepAccountOffer } from "../components/auth/keep-account-offer";
import { afterSignIn } from "../lib/after-sign-in.server";
import { readForm } from "../lib/read-form.server";
import { runAction } from "../lib/run-action.server";
import { safeRedirect } from "../lib/safe-redirect";
import { TWO_FACTOR_EXPIRED, verifyTwoFactorSignIn } from "#core/auth/verify-two-factor-sign-in.ts";
import { AppError } from "#core/shared/app-error.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Two-step verification | SwapShed" },
  { name: "robots", content: "noindex" },
];

/** The second step exists only between a right password and a session: Better Auth's signed cookie. */
const hasPendingSignIn = (request: Request) =>
  /(^|;\s*)(__Secure-)?better-auth\.two_factor=/.test(request.headers.get("cookie") ?? "");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await context.get(appContext).getUser()) throw redirect("/");
  if (!hasPendingSignIn(request)) throw redirect("/auth");
  const url = new URL(request.url);
  return {
    backup: url.searchParams.get("method") === "backup",
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  return runAction(
    async () => {
      // Without the first step's cookie Better Auth would check the code against a signed-in session instead (its
      // enrolment check, which turns on a set-up that was started but never confirmed): this is the sign-in step only.
      if (!hasPendingSignIn(request)) throw new AppError("UNAUTHENTICATED", TWO_FACTOR_EXPIRED);
      const kind = form.method === "backup" ? "backup" : "totp";
      return verifyTwoFactorSignIn(ctx, { code: form.code, kind }, ctx.meta);
    },
    // Both steps were right: signed in, or, when the member's own deletion is pending, the offer to keep it
    // (decision 068).
    (outcome) =>
      afterSignIn(ctx, outcome, {
        redirectTo: safeRedirect(form.redirectTo, ""),
        keepOffer: (keep) => ({ error: null, keep }),
      }),
    { echo: () => ({ keep: null }) },
  );
}

export default function TwoFactorSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { backup, redirectTo } = loaderData;
  const busy = useNavigation().state !== "idle";
  if (actionData?.keep) return <KeepAccountOffer {...actionData.keep} redirectTo={redirectTo} />;
  const error = actionData?.error;
  const switchTo = `/auth/two-factor?${new URLSearchParams({ ...(backup ? {} : { method: "backup" }), ...(redirectTo ? { redirectTo } : {}) })}`;
  return (
    <AuthCard icon={<ShieldCheck className="size-8 text-brand-600" />} title="Two-step verification">
      <p className="mt-1 text-sm text-muted">
        {backup
          ? "Enter one of the backup codes you saved when you set up two-step sign-in. Each code works once."
          : "Enter the 6-digit code from your authenticator app."}
      </p>
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="method" value={backup ? "backup" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <CodeField
          id="code"
          label={backup ? "Backup code" : "Authentication code"}
          error={error ?? undefined}
          backup={backup}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Checking..." : "Verify"}
        </Button>
      </Form>
      <AuthCardLink to={switchTo}>
        {backup ? "Use the code from your app instead" : "Use a backup code instead"}
      </AuthCardLink>
    </AuthCard>
  );
}
