import { redirect } from "react-router";
import type { Route } from "./+types/auth.passkey.options";
import { appContext } from "../context";
import { jsonWithCookies } from "../lib/json-guard.server";
import { startPasskeySignIn } from "../../core/auth/start-passkey-sign-in";

export function loader() {
  return redirect("/auth");
}

/** A challenge for signing in with a passkey; Better Auth keeps it behind the cookie this answer sets. */
export async function action({ context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const result = await startPasskeySignIn(ctx, ctx.meta);
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
  return jsonWithCookies({ options: result.options }, result.headers);
}
