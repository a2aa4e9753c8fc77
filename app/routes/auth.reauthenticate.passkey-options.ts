import { redirect } from "react-router";
import type { Route } from "./+types/auth.reauthenticate.passkey-options";
import { appContext } from "../context";
import { guardForScript, refusedForScript } from "../lib/json-guard.server";
import { runAction } from "../lib/run-action.server";
import { requireUser } from "../lib/require-user.server";
import { startPasskeyReauthentication } from "#core/auth/start-passkey-reauthentication.ts";

export function loader() {
  return redirect("/auth/reauthenticate");
}

/** A challenge that only the signed-in member's own passkeys can answer, to confirm it's them. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const guard = await guardForScript(() => requireUser(ctx, request));
  if (!guard.ok) return guard.response;
  const user = guard.value;
  return runAction(
    () =>
      startPasskeyReauthentication(
        { db: ctx.db, clock: ctx.clock, appUrl: ctx.env.APP_URL },
        { userId: user.id, sessionId: user.session.id },
      ),
    (options) => Response.json({ options }),
    { onRefusal: refusedForScript },
  );
}
