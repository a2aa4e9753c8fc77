import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/sessions";
import { appContext } from "#app/context.ts";
import { FormError } from "#app/components/forms/form-error.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { cookiesOf, redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { findSessions } from "#core/auth/find-sessions.ts";
import { revokeSession } from "#core/auth/revoke-session.ts";
import { signOut } from "#core/auth/sign-out.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Devices | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export const SIGNED_OUT_ONE = "That device has been signed out.";
export const SIGNED_OUT_OTHERS = "You've been signed out on your other devices.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const rows = await findSessions(ctx.db, { userId: user.id, currentSessionId: user.session.id, now: ctx.clock.now() });
  // Formatted on the server, in Sydney time: the page reads the same whatever the browser's zone.
  return {
    sessions: rows.map((s) => ({
      ...s,
      signedInAt: sydneyDateTime(s.signedInAt),
      lastActiveAt: sydneyDateTime(s.lastActiveAt),
    })),
  };
}

/** Signing out never needs a fresh sign-in: it only takes access away. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const intent = form.intent;
  if (intent === "revoke") {
    return runAction(
      () =>
        revokeSession(ctx, { userId: user.id, currentSessionId: user.session.id, sessionId: form.sessionId }, ctx.meta),
      () => redirectWithFlash(ctx, "/account/sessions", { type: "success", message: SIGNED_OUT_ONE }),
    );
  }
  if (intent !== "others" && intent !== "everywhere") return data({ error: "Unknown action" }, { status: 400 });
  const result = await signOut(ctx, { scope: intent === "others" ? "others" : "global" }, ctx.meta);
  if (!result.stillSignedIn) return redirect("/auth", { headers: cookiesOf(result.headers) });
  return redirectWithFlash(ctx, "/account/sessions", { type: "success", message: SIGNED_OUT_OTHERS }, result.headers);
}

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { sessions } = loaderData;
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="sessions-heading" className="text-lg font-semibold">
        Devices
      </h2>
      <p className="mt-1 text-sm text-muted">
        Where your account is signed in. If you don't recognise a device, sign it out and change your password.
      </p>
      <FormError message={actionData?.error} className="mt-4" />
      <ul aria-label="Signed-in devices" className="mt-4 divide-y divide-line rounded-xl border border-line">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-ink">
                {s.device}
                {s.current && (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                    This device
                  </span>
                )}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-muted">
                <dt>Address</dt>
                <dd className="break-all">{s.ipAddress ?? "Unknown"}</dd>
                <dt>Signed in</dt>
                <dd>{s.signedInAt}</dd>
                <dt>Last active</dt>
                <dd>{s.lastActiveAt}</dd>
              </dl>
            </div>
            {!s.current && (
              <Form method="post">
                <input type="hidden" name="intent" value="revoke" />
                <input type="hidden" name="sessionId" value={s.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`Sign out ${s.device}, last active ${s.lastActiveAt}`}
                >
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-6 space-y-3">
        {others > 0 && (
          <details className="rounded-lg border border-line p-3">
            <summary className="cursor-pointer py-1 text-sm font-semibold">Sign out all other devices</summary>
            <Form method="post" className="mt-3 space-y-3">
              <p className="text-sm text-muted">
                {others === 1 ? "1 other device" : `${others} other devices`} will be signed out. You'll stay signed in
                here.
              </p>
              <input type="hidden" name="intent" value="others" />
              <Button type="submit" variant="outline" disabled={busy}>
                Yes, sign out other devices
              </Button>
            </Form>
          </details>
        )}
        <details className="rounded-lg border border-line p-3">
          <summary className="cursor-pointer py-1 text-sm font-semibold">Sign out everywhere</summary>
          <Form method="post" className="mt-3 space-y-3">
            <p className="text-sm text-muted">Every device will be signed out, this one included.</p>
            <input type="hidden" name="intent" value="everywhere" />
            <Button type="submit" variant="outline" className="text-danger" disabled={busy}>
              Yes, sign out everywhere
            </Button>
          </Form>
        </details>
      </div>
    </section>
  );
}
