import type { Route } from "./+types/push-subscription";
import { appContext } from "#app/context.ts";
import { guardForScript, refusedForScript } from "#app/lib/json-guard.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { pushConfigFromEnv } from "#core/notifications/push-settings.ts";
import { removePushSubscription } from "#core/notifications/remove-push-subscription.ts";
import { savePushSubscription } from "#core/notifications/save-push-subscription.ts";

const notFound = () =>
  new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Nothing to show: the endpoint is for the settings page's script (and, without VAPID keys, it does not exist). */
export function loader() {
  return notFound();
}

/**
 * The settings page's "Notify this browser" (decision 085, Web Push): POST a PushSubscription (the form fields
 * `endpoint`, `p256dh`, `auth`) to keep it for the signed-in member, DELETE `endpoint` to stop. A form in, as every
 * page takes (server/middleware/request-bodies.ts), JSON out for the script; CSRF is the site's (server/middleware/
 * csrf.ts) and React Router's origin check. Without VAPID keys: 404, as if it were not there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const push = pushConfigFromEnv(ctx.env);
  if (!push) return notFound();
  if (request.method !== "POST" && request.method !== "DELETE")
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST, DELETE" } });
  const guard = await guardForScript(() => requireUser(ctx, request));
  if (!guard.ok) return guard.response;
  const user = guard.value;
  const form = await readForm(request);
  const deps = { db: ctx.db, clock: ctx.clock, push };
  if (request.method === "DELETE") {
    return runAction(
      () => removePushSubscription(deps, { userId: user.id, endpoint: form.endpoint }),
      () => Response.json({ subscribed: false }),
      { onRefusal: refusedForScript },
    );
  }
  return runAction(
    () =>
      savePushSubscription(deps, {
        userId: user.id,
        subscription: { endpoint: form.endpoint, keys: { p256dh: form.p256dh, auth: form.auth } },
      }),
    () => Response.json({ subscribed: true }, { status: 201 }),
    { onRefusal: refusedForScript },
  );
}
