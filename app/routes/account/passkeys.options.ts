import { redirect } from "react-router";
import type { Route } from "./+types/passkeys.options";
import { appContext } from "../../context";
import { guardForScript, refusedForScript } from "../../lib/json-guard.server";
import { runAction } from "../../lib/run-action.server";
import { requireRecentAuth } from "../../lib/require-recent-auth.server";
import { requireUser } from "../../lib/require-user.server";
import { startPasskeyRegistration } from "../../../core/auth/start-passkey-registration";

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
