import { data, redirect } from "react-router";
import type { Route } from "./+types/auth";
import { appContext } from "../context";
import { AuthForm, type AuthMode } from "../components/auth/auth-form";
import { KeepAccountOffer } from "../components/auth/keep-account-offer";
import { cookiesOf, redirectWithFlash } from "../lib/redirect-with-flash.server";
import { signIn } from "../../core/auth/sign-in";
import { signUp } from "../../core/auth/sign-up";
import { safeRedirect } from "../lib/safe-redirect";
import {
  identityProviderChoices,
  identityProviderLabel,
  identityProvidersFromEnv,
} from "../../core/auth/identity-providers";
import { identityErrorMessage } from "../../core/auth/identity-errors";

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
  const form = await request.formData();
  const mode: AuthMode = form.get("mode") === "signup" ? "signup" : "signin";
  const input = {
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
    fullName: form.get("fullName") ?? "",
  };
  const result = mode === "signup" ? await signUp(ctx, input, ctx.meta) : await signIn(ctx, input, ctx.meta);
  if (!result.ok && result.twoFactor) {
    // The password was right and the account has two-step sign-in: the code comes next, on its own page.
    const back = safeRedirect(form.get("redirectTo"), "");
    return redirect(`/auth/two-factor${back ? `?${new URLSearchParams({ redirectTo: back })}` : ""}`, {
      headers: cookiesOf(result.twoFactor.headers),
    });
  }
  if (!result.ok && result.pendingDeletion) {
    // The password was right and the member's own deletion is pending: no session, the offer to keep the account.
    return data({ mode, keep: result.pendingDeletion }, { status: 403 });
  }
  if (!result.ok) {
    return data(
      {
        mode,
        error: result.message,
        fields: result.fields ?? {},
        values: { email: String(input.email), fullName: String(input.fullName) },
      },
      { status: result.status },
    );
  }
  // The spec's words, and what a new member must do next: confirm the address the link was sent to (N24).
  const flash =
    mode === "signup"
      ? {
          type: "success" as const,
          message: "Account created! Redirecting...",
          description: `Please confirm your e-mail address: we've sent a link to ${String(input.email).trim()}.`,
        }
      : { type: "success" as const, message: "Welcome back!" };
  return redirectWithFlash(ctx, safeRedirect(form.get("redirectTo")), flash, result.headers);
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
    />
  );
}
