import { redirect } from "react-router";
import type { Route } from "./+types/auth";
import { appContext } from "../context";
import { AuthForm, type AuthMode } from "../components/auth/auth-form";
import { KeepAccountOffer } from "../components/auth/keep-account-offer";
import { AppealOffer } from "../components/appeals/appeal-offer";
import { isAppError } from "#core/shared/app-error.ts";
import { afterSignIn } from "../lib/after-sign-in.server";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { runAction } from "../lib/run-action.server";
import { signIn } from "#core/auth/sign-in.ts";
import { signUp } from "#core/auth/sign-up.ts";
import { safeRedirect } from "../lib/safe-redirect";
import {
  identityProviderChoices,
  identityProviderLabel,
  identityProvidersFromEnv,
} from "#core/auth/identity-providers.ts";
import { identityErrorMessage } from "#core/auth/identity-errors.ts";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${modeOf(location.search) === "signup" ? "Create Account" : "Sign In"} | SwapShed` },
  { name: "description", content: "Sign in to SwapShed or create a free account to list and swap your goods." },
];

function modeOf(search: string): AuthMode {
  return new URLSearchParams(search).get("mode") === "signup" ? "signup" : "signin";
}

/** Why a visitor was sent here: shown above the form (the spec's 'Please sign in to propose swaps'). */
const REASONS: Record<string, string> = {
  propose: "Please sign in to propose swaps",
  favourite: "Please sign in to save favourites",
  message: "Please sign in to message members",
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const ctx = context.get(appContext);
  if (await ctx.getUser()) throw redirect(safeRedirect(url.searchParams.get("redirectTo")));
  const providers = identityProvidersFromEnv(ctx.env);
  // An identity provider's sign-in that went wrong comes back here with ?error=<code> (core/auth/identity-errors.ts).
  const error = url.searchParams.get("error");
  const label = identityProviderLabel(providers, url.searchParams.get("provider") ?? "") ?? "your identity provider";
  return {
    identityProviders: identityProviderChoices(providers),
    identityError: error ? identityErrorMessage(error, label) : null,
    mode: modeOf(url.search),
    notice: REASONS[url.searchParams.get("reason") ?? ""] ?? null,
    // Where the member was going: back there after signing in (a same-site path only).
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  const mode: AuthMode = form.mode === "signup" ? "signup" : "signin";
  const input = { email: form.email ?? "", password: form.password ?? "", fullName: form.fullName ?? "" };
  const redirectTo = safeRedirect(form.redirectTo, "");
  const echo = () => ({ mode, values: { email: input.email, fullName: input.fullName } });
  if (mode === "signup") {
    return runAction(
      () => signUp(ctx, input, ctx.meta),
      // The spec's words, and what a new member must do next: confirm the address the link was sent to (N24).
      (signedUp) =>
        redirectWithFlash(
          ctx,
          redirectTo || "/",
          {
            type: "success",
            message: "Account created! Redirecting...",
            description: `Please confirm your e-mail address: we've sent a link to ${input.email.trim()}.`,
          },
          signedUp.headers,
        ),
      { echo },
    );
  }
  // A suspended member's refusal carries their one appeal form's token (decision 097).
  const refusal: { appealToken: string | null } = { appealToken: null };
  return runAction(
    () =>
      signIn(ctx, input, ctx.meta).catch((error: unknown) => {
        if (isAppError(error) && error.details.appealToken) refusal.appealToken = error.details.appealToken;
        throw error;
      }),
    (outcome) => afterSignIn(ctx, outcome, { redirectTo, keepOffer: (keep) => ({ mode, keep }) }),
    { echo: () => ({ ...echo(), appealToken: refusal.appealToken }) },
  );
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "keep" in actionData)
    return <KeepAccountOffer {...actionData.keep} redirectTo={loaderData.redirectTo} />;
  return (
    <AuthForm
      mode={actionData?.mode ?? loaderData.mode}
      result={
        actionData ??
        (loaderData.identityError
          ? { error: loaderData.identityError, fields: {}, values: { email: "", fullName: "" } }
          : undefined)
      }
      notice={loaderData.notice}
      redirectTo={loaderData.redirectTo}
      identityProviders={loaderData.identityProviders}
      afterError={
        actionData && "appealToken" in actionData && typeof actionData.appealToken === "string" ? (
          <AppealOffer token={actionData.appealToken} />
        ) : undefined
      }
    />
  );
}
