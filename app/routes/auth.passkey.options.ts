import { redirect } from "react-router";
import type { Route } from "./+types/auth.passkey.options";
import { appContext } from "../context";
import { jsonWithCookies, refusedForScript } from "../lib/json-guard.server";
import { runAction } from "../lib/run-action.server";
import { startPasskeySignIn } from "#core/auth/start-passkey-sign-in.ts";

export function loader() {
  return redirect("/auth");
}

/** A challenge for signing in with a passkey; Better Auth keeps it behind the cookie this answer sets. */
export async function action({ context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  return runAction(
    () => startPasskeySignIn(ctx, ctx.meta),
    (start) => jsonWithCookies({ options: start.options }, start.headers),
    { onRefusal: refusedForScript },
  );
}
