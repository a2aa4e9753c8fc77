import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/auth.reauthenticate";
import { appContext } from "../context";
import { describedBy, Field, inputClass } from "../components/forms/field";
import { Button } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { ShieldCheck } from "../components/ui/icons";
import { PasskeyReauthenticate } from "../components/auth/passkey-reauthenticate";
import { readForm } from "../lib/read-form.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { safeRedirect } from "../lib/safe-redirect";
import { REAUTH_MINUTES, reauthenticate, reauthenticationMethods } from "#core/auth/reauthentication.ts";
import { findPasskeys } from "#core/auth/find-passkeys.ts";
import { reauthenticateWithPasskey } from "#core/auth/reauthenticate-with-passkey.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Confirm it's you | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const url = new URL(request.url);
  const methods = await reauthenticationMethods(ctx.db, user.id);
  const wanted = url.searchParams.get("method");
  // The password first when there is one; the authenticator code when asked for (or the only way).
  const method =
    wanted === "totp" && methods.totp ? "totp" : methods.password ? "password" : methods.totp ? "totp" : null;
  const hasPasskeys = (await findPasskeys(ctx.db, { userId: user.id })).length > 0;
  return { method, methods, hasPasskeys, redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/account") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const back = () => redirect(safeRedirect(form.redirectTo, "/account"));
  if (form.method === "passkey") {
    // The browser's answer from one of the member's own passkeys (components/auth/passkey-reauthenticate.tsx).
    const deps = { db: ctx.db, clock: ctx.clock, appUrl: ctx.env.APP_URL };
    return runAction(
      () =>
        reauthenticateWithPasskey(deps, { userId: user.id, session: user.session, response: form.secret }, ctx.meta),
      back,
      { echo: () => ({ passkey: true }) },
    );
  }
  const method = form.method === "totp" ? "totp" : "password";
  return runAction(
    () => reauthenticate(ctx, { userId: user.id, session: user.session, method, secret: form.secret }, ctx.meta),
    back,
    { echo: () => ({ passkey: false }) },
  );
}

export default function Reauthenticate({ loaderData, actionData }: Route.ComponentProps) {
  const { method, methods, hasPasskeys, redirectTo } = loaderData;
  const busy = useNavigation().state !== "idle";
  const error = actionData?.passkey ? undefined : actionData?.error;
  const switchTo = (to: "password" | "totp") =>
    `/auth/reauthenticate?${new URLSearchParams({ method: to, redirectTo })}`;
  return (
    <main id="main" className="bg-surface py-12 sm:py-20">
      <Container className="max-w-md">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <ShieldCheck className="size-8 text-brand-600" />
          <h1 className="mt-3 text-2xl font-bold tracking-tight">Confirm it's you</h1>
          <p className="mt-1 text-sm text-muted">
            You signed in more than {REAUTH_MINUTES} minutes ago. Before this change, please confirm it's you.
          </p>
          {method ? (
            <Form method="post" className="mt-6 space-y-4" noValidate>
              <input type="hidden" name="method" value={method} />
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Field id="secret" label={method === "password" ? "Password" : "Authentication code"} error={error}>
                <input
                  id="secret"
                  name="secret"
                  type={method === "password" ? "password" : "text"}
                  required
                  autoComplete={method === "password" ? "current-password" : "one-time-code"}
                  inputMode={method === "password" ? undefined : "numeric"}
                  maxLength={method === "password" ? 72 : 7}
                  className={`${inputClass(error)} h-11 ${method === "totp" ? "font-mono tracking-widest" : ""}`}
                  {...describedBy("secret", error)}
                />
              </Field>
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Checking..." : "Confirm"}
              </Button>
            </Form>
          ) : hasPasskeys ? null : (
            <p className="mt-6 rounded-lg bg-surface p-4 text-sm text-muted">
              Your account has no password or authenticator app to confirm with. Sign out and sign in again, then make
              the change within {REAUTH_MINUTES} minutes.
            </p>
          )}
          {hasPasskeys && (
            <PasskeyReauthenticate
              redirectTo={redirectTo}
              primary={!method}
              error={actionData?.passkey ? actionData.error : undefined}
            />
          )}
          {methods.password && methods.totp && (
            <p className="mt-6 text-center text-sm">
              <Link
                to={switchTo(method === "password" ? "totp" : "password")}
                className="inline-block py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {method === "password"
                  ? "Use the code from your authenticator app instead"
                  : "Use your password instead"}
              </Link>
            </p>
          )}
          <p className="mt-4 text-center text-sm">
            <Link to={redirectTo} className="inline-block py-1 text-muted underline-offset-2 hover:underline">
              Cancel
            </Link>
          </p>
        </div>
      </Container>
    </main>
  );
}
