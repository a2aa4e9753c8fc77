import { redirect } from "react-router";
import type { Route } from "./+types/auth.identity.complete";
import { appContext } from "../context";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { safeRedirect } from "../lib/safe-redirect";

/**
 * Where Better Auth sends the browser after a sign-in with an identity provider made a session (the
 * login_attempt row is written where the session is made: core/auth/identity-auth-hooks.ts). Greets the member
 * as the Sign In form does and goes on to where they were going.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  if (!(await ctx.getUser())) throw redirect("/auth");
  const message = url.searchParams.get("new") === "1" ? "Account created! Redirecting..." : "Welcome back!";
  throw await redirectWithFlash(ctx, safeRedirect(url.searchParams.get("redirectTo")), { type: "success", message });
}
