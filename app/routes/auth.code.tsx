import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth.code";
import { appContext } from "../context";
import { CodeField, EmailField } from "../components/forms/field";
import { FormError, formLevelError } from "../components/forms/form-error";
import { Button } from "../components/ui/button";
import { AuthCard, AuthCardLink, authLinkClass } from "../components/auth/auth-card";
import { Mail } from "../components/ui/icons";
import { KeepAccountOffer } from "../components/auth/keep-account-offer";
import { afterSignIn, type KeepOffer } from "../lib/after-sign-in.server";
import { readForm } from "../lib/read-form.server";
import { runAction } from "../lib/run-action.server";
import { focusFirstError } from "../lib/focus-first-error";
import { safeRedirect } from "../lib/safe-redirect";
import { SIGN_IN_CODE_MINUTES } from "#core/auth/auth.ts";
import { requestSignInCode } from "#core/auth/request-sign-in-code.ts";
import { signInWithCode } from "#core/auth/sign-in-with-code.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in with a code | SwapShed" },
  { name: "robots", content: "noindex" },
];

type Step = "email" | "code";
type Answer = {
  step: Step;
  email: string;
  notice: string | null;
  error: string | null;
  fields: Record<string, string>;
  /** The member's own deletion is pending: the offer to keep the account instead of a session. */
  keep?: KeepOffer;
};

/**
 * The link in the code mail lands here with the address and code filled in. A GET never signs in (a mail
 * scanner following the link must not use the code up or open a session): the member presses Sign in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  if (await context.get(appContext).getUser()) throw redirect(redirectTo || "/");
  const email = url.searchParams.get("email") ?? "";
  const code = url.searchParams.get("code") ?? "";
  return { email, code, step: (email && code ? "code" : "email") as Step, redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  const email = form.email ?? "";
  const answer = (a: Partial<Answer> & { step: Step }, status = 200) =>
    data<Answer>({ email, notice: null, error: null, fields: {}, ...a }, { status });
  if (form.intent === "request") {
    return runAction(
      () => requestSignInCode(ctx, { email }, ctx.meta),
      (sent) => answer({ step: "code", email: sent.email, notice: sent.message }),
      {
        onRefusal: (refusal) =>
          answer({ step: "email", error: refusal.message, fields: refusal.fields }, refusal.status),
      },
    );
  }
  return runAction(
    () => signInWithCode({ ...ctx, appUrl: ctx.env.APP_URL }, { email, code: form.code }, ctx.meta),
    // The code proved the mailbox; with an authenticator app too, its code comes next (afterSignIn).
    (outcome) =>
      afterSignIn(ctx, outcome, {
        redirectTo: safeRedirect(form.redirectTo, ""),
        keepOffer: (keep): Answer => ({ email, notice: null, error: null, fields: {}, step: "code", keep }),
      }),
    {
      // A refused address is put right on the first step; anything about the code, on the second.
      onRefusal: (refusal) =>
        answer(
          { step: refusal.fields.email ? "email" : "code", error: refusal.message, fields: refusal.fields },
          refusal.status,
        ),
    },
  );
}

export default function SignInWithCode({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const step = actionData?.step ?? loaderData.step;
  const email = actionData?.email ?? loaderData.email;
  const { redirectTo } = loaderData;
  const fields = actionData?.fields ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (actionData?.error) focusFirstError(formRef.current);
  }, [actionData]);
  if (actionData?.keep) return <KeepAccountOffer {...actionData.keep} />;
  const restart = `/auth/code${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`;
  return (
    <AuthCard icon={<Mail className="size-8 text-brand-600" aria-hidden="true" />} title="Sign in with a code">
      {step === "email" ? (
        <>
          <p className="mt-1 text-sm text-muted">
            Enter your account's e-mail address and we'll send you a 6-digit code. No password needed.
          </p>
          <Form ref={formRef} method="post" className="mt-6 space-y-4" noValidate>
            <FormError message={formLevelError(actionData?.error, fields)} />
            <input type="hidden" name="intent" value="request" />
            <EmailField name="email" label="Email" error={fields.email} defaultValue={email} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Sending..." : "Email me a code"}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Enter the 6-digit code we e-mailed to <strong className="break-all text-ink">{email}</strong>. It works
            once, for {SIGN_IN_CODE_MINUTES} minutes.
          </p>
          {actionData?.notice && (
            <p
              role="status"
              className="mt-5 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800"
            >
              {actionData.notice}
            </p>
          )}
          <Form ref={formRef} method="post" className="mt-6 space-y-4" noValidate>
            <FormError message={formLevelError(actionData?.error, fields)} />
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="email" value={email} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <CodeField
              id="code"
              label="Sign-in code"
              error={fields.code}
              defaultValue={loaderData.step === "code" ? loaderData.code : ""}
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Checking..." : "Sign in"}
            </Button>
          </Form>
          <Form method="post" className="mt-4 text-center">
            <input type="hidden" name="intent" value="request" />
            <input type="hidden" name="email" value={email} />
            <button type="submit" className={`${authLinkClass} text-sm`} disabled={busy}>
              Send a new code
            </button>
          </Form>
          <p className="mt-1 text-center text-sm">
            <Link to={restart} className={authLinkClass}>
              Use a different address
            </Link>
          </p>
        </>
      )}
      <AuthCardLink to={`/auth${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`}>
        Sign in with your password instead
      </AuthCardLink>
    </AuthCard>
  );
}
