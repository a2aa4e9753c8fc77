import { redirect } from "react-router";
import type { Route } from "./+types/auth.passkey";
import { appContext } from "../context";
import { flashHeaders } from "../lib/redirect-with-flash.server";
import { jsonWithCookies, refusedForScript } from "../lib/json-guard.server";
import { readForm } from "../lib/read-form.server";
import { runAction } from "../lib/run-action.server";
import { safeRedirect } from "../lib/safe-redirect";
import { signInWithPasskey } from "#core/auth/sign-in-with-passkey.ts";

export function loader() {
  return redirect("/auth");
}

/**
 * Signs in with the browser's passkey answer. On success the session cookie and the 'Welcome back!' flash are set
 * and the script is told where to go (where the member was going, a same-site path only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  return runAction(
    () => signInWithPasskey(ctx, { response: form.response }, ctx.meta),
    async (signedIn) => {
      const headers = await flashHeaders(ctx, { type: "success", message: "Welcome back!" }, signedIn.headers);
      return jsonWithCookies({ redirectTo: safeRedirect(form.redirectTo) }, headers);
    },
    { onRefusal: refusedForScript },
  );
}
