import { redirect } from "react-router";
import type { AppContext } from "../context";
import { type Flash, flashHeader } from "./flash.server";

/**
 * The response headers that set the one-time message, after the cookies a use case asked for (a new session, a
 * cleared challenge) in the order it gave them. The cookie is Secure in production only (local HTTP needs it plain).
 */
export async function flashHeaders(ctx: Pick<AppContext, "env">, flash: Flash, cookies?: Headers | null) {
  const headers = new Headers();
  for (const cookie of cookies?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashHeader(flash, ctx.env.NODE_ENV === "production"));
  return headers;
}

/** Post/Redirect/Get with a message: the next page (and its root loader) shows it, with or without JavaScript. */
export async function redirectWithFlash(
  ctx: Pick<AppContext, "env">,
  to: string,
  flash: Flash,
  cookies?: Headers | null,
) {
  return redirect(to, { headers: await flashHeaders(ctx, flash, cookies) });
}
