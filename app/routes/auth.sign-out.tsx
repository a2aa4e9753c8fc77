import { data, redirect } from "react-router";
import type { Route } from "./+types/auth.sign-out";
import { appContext } from "../context";
import { cookiesOf, redirectWithFlash } from "../lib/redirect-with-flash.server";
import { BAD_SCOPE, parseSignOutScope, signOut } from "#core/auth/sign-out.ts";

// Sign-out changes state, so it is a POST only; a GET just goes home.
export function loader() {
  return redirect("/");
}

/**
 * scope = local | others | global, global when absent (the spec's default); the header's Sign Out posts local.
 * "others" keeps this device signed in and comes back to the sessions list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const scope = parseSignOutScope((await request.formData()).get("scope"), "global");
  if (!scope) return data({ error: BAD_SCOPE }, { status: 400 });
  const result = await signOut(ctx, { scope }, ctx.meta);
  if (result.stillSignedIn) {
    return redirectWithFlash(
      ctx,
      "/account/sessions",
      { type: "success", message: "You've been signed out on your other devices." },
      result.headers,
    );
  }
  return redirect("/auth", { headers: cookiesOf(result.headers) });
}
