import { redirect } from "react-router";
import type { Route } from "./+types/auth.passkey";
import { appContext } from "../context";
import { flashHeaders } from "../lib/redirect-with-flash.server";
import { jsonWithCookies } from "../lib/json-guard.server";
import { safeRedirect } from "../lib/safe-redirect";
import { signInWithPasskey } from "../../core/auth/sign-in-with-passkey";

export function loader() {
  return redirect("/auth");
}

/**
 * Signs in with the browser's passkey answer. On success the session cookie and the 'Welcome back!' flash are set
 * and the script is told where to go (where the member was going, a same-site path only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const result = await signInWithPasskey(ctx, { response: form.get("response") }, ctx.meta);
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status });
  const headers = await flashHeaders(ctx, { type: "success", message: "Welcome back!" }, result.headers);
  return jsonWithCookies({ redirectTo: safeRedirect(form.get("redirectTo")) }, headers);
}
