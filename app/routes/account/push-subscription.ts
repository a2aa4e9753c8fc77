import { data } from "react-router";
import type { Route } from "./+types/push-subscription";
import { appContext } from "#app/context.ts";
import { guardForScript, refusedForScript } from "#app/lib/json-guard.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { pushConfigFromEnv } from "#core/notifications/push-settings.ts";
import { removePushSubscription } from "#core/notifications/remove-push-subscription.ts";
import { savePushSubscription } from "#core/notifications/save-push-subscription.ts";

/** A PushSubscription's JSON is well under 4 KB (an endpoint of at most 2048 characters and two short keys). */
const MAX_BODY_BYTES = 8 * 1024;

/** Nothing to show: the endpoint is for the settings page's script (and, without VAPID keys, it does not exist). */
export function loader() {
  throw data("Not Found", { status: 404 });
}

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The settings page's "Notify this browser" (decision 085, Web Push): POST a PushSubscription's JSON to keep it for
 * the signed-in member, DELETE `{ endpoint }` to stop. JSON in, JSON out; CSRF is the site's (server/middleware/
 * csrf.ts) and React Router's origin check. Without VAPID keys: 404, as if it were not there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const push = pushConfigFromEnv(ctx.env);
  if (!push) throw data("Not Found", { status: 404 });
  if (request.method !== "POST" && request.method !== "DELETE")
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST, DELETE" } });
  const guard = await guardForScript(() => requireUser(ctx, request));
  if (!guard.ok) return guard.response;
  const user = guard.value;
  const body = await readJson(request);
  if (!body) return Response.json({ error: "Send the browser's subscription as JSON." }, { status: 400 });
  const deps = { db: ctx.db, clock: ctx.clock, push };
  if (request.method === "DELETE") {
    return runAction(
      () => removePushSubscription(deps, { userId: user.id, endpoint: body.endpoint }),
      () => Response.json({ subscribed: false }),
      { onRefusal: refusedForScript },
    );
  }
  return runAction(
    () => savePushSubscription(deps, { userId: user.id, subscription: body }),
    () => Response.json({ subscribed: true }, { status: 201 }),
    { onRefusal: refusedForScript },
  );
}
