import { redirect } from "react-router";
import type { AppContext } from "../context";
import type { SessionUser } from "#core/auth/find-session-user.ts";
import { isRecentlyAuthenticated } from "#core/auth/reauthentication.ts";
import { returnPath } from "./require-user.server";

/**
 * Sensitive account changes (password, e-mail, factors, passkeys, identities, deletion) need a sign-in or a fresh
 * proof within the last 10 minutes: otherwise the member confirms it's them first and comes back to the page.
 * Every such action calls this itself, before it changes anything.
 */
export async function requireRecentAuth(ctx: AppContext, request: Request, user: SessionUser) {
  if (await isRecentlyAuthenticated(ctx.db, user.session, ctx.clock.now())) return;
  throw redirect(`/auth/reauthenticate?${new URLSearchParams({ redirectTo: returnPath(request) })}`);
}
