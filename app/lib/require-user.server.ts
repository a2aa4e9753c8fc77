import { redirect } from "react-router";
import type { AppContext } from "../context";

/**
 * Member-only pages send visitors to /auth, and back here after signing in: a GET names its own path, an action
 * (a form sent while signed out) the page the form was on, if the browser said so and it is this site.
 */
export async function requireUser(ctx: AppContext, request?: Request) {
  const user = await ctx.getUser();
  if (!user) throw redirect(request ? `/auth?${new URLSearchParams({ redirectTo: returnPath(request) })}` : "/auth");
  return user;
}

export function returnPath(request: Request): string {
  const url = new URL(request.url);
  if (request.method === "GET") return `${url.pathname.replace(/\.data$/, "") || "/"}${url.search}`;
  const referer = request.headers.get("referer");
  // server/middleware/referer-is-a-url.ts refuses a Referer that is not a URL; this never throws on one either.
  const from = referer && URL.canParse(referer, url) ? new URL(referer, url) : null;
  return from && from.origin === url.origin ? `${from.pathname}${from.search}` : "/";
}
