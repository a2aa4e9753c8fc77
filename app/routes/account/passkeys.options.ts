import { redirect } from "react-router";
import type { Route } from "./+types/passkeys.options";
import { appContext } from "#app/context.ts";
import { guardForScript, refusedForScript } from "#app/lib/json-guard.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { requireRecentAuth } from "#app/lib/require-recent-auth.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { startPasskeyRegistration } from "#core/auth/start-passkey-registration.ts";

export function loader() {
  return redirect("/account/passkeys");
}

/** What the browser needs to make a passkey: for a signed-in member who proved it's them in the last 10 minutes. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const guard = await guardForScript(async () => {
    const user = await requireUser(ctx, request);
    await requireRecentAuth(ctx, request, user);
    return user;
  });
  if (!guard.ok) return guard.response;
  const user = guard.value;
  return runAction(
    () =>
      startPasskeyRegistration(
        { db: ctx.db, clock: ctx.clock, appUrl: ctx.env.APP_URL },
        { user: { id: user.id, email: user.email, name: user.name }, sessionId: user.session.id },
        ctx.meta,
      ),
    (options) => Response.json({ options }),
    { onRefusal: refusedForScript },
  );
}
