import { Link, redirect } from "react-router";
import type { Route } from "./+types/auth.identity";
import { appContext } from "../context";
import { FormError } from "../components/forms/form-error";
import { AuthCard, authLinkClass } from "../components/auth/auth-card";
import { readForm } from "../lib/read-form.server";
import { cookiesOf } from "../lib/redirect-with-flash.server";
import { runAction } from "../lib/run-action.server";
import { safeRedirect } from "../lib/safe-redirect";
import { identityProvidersFromEnv } from "#core/auth/identity-providers.ts";
import { startIdentitySignIn } from "#core/auth/start-identity-sign-in.ts";

export const meta: Route.MetaFunction = () => [{ title: "Sign In | SwapShed" }, { name: "robots", content: "noindex" }];

/** Nothing to show without a sign-in to start: the choices are on the Sign In page. */
export async function loader() {
  return null;
}

/**
 * "Continue with <provider>" (the forms under the Sign In form): sends the browser to the provider with Better
 * Auth's state cookie. It comes back signed in to /auth/identity/complete, or to /auth with ?error=<code>.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  const provider = form.provider ?? "";
  const back = safeRedirect(form.redirectTo, "");
  const query = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ provider, ...(back ? { redirectTo: back } : {}), ...extra }).toString();
  return runAction(
    () =>
      startIdentitySignIn(
        { ...ctx, providers: identityProvidersFromEnv(ctx.env) },
        {
          provider,
          callbackURL: `/auth/identity/complete?${query()}`,
          newUserCallbackURL: `/auth/identity/complete?${query({ new: "1" })}`,
          errorCallbackURL: `/auth?${query()}`,
        },
        ctx.meta,
      ),
    (to) => redirect(to.url, { headers: cookiesOf(to.headers) }),
  );
}

export default function IdentitySignIn({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Sign in with an identity provider">
      <FormError message={actionData?.error} className="mt-4" />
      <p className="mt-4 text-sm text-muted">
        <Link to="/auth" className={authLinkClass}>
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
