import { redirect } from "react-router";
import type { AppContext } from "../context";
import { type Flash, flashHeader } from "./flash.server";

/**
 * The response headers that set the one-time message, after the cookies a use case asked for (a new session, a
 * cleared challenge) in the order it gave them. The cookie is Secure in production only (local HTTP needs it plain).
 */
export async function flashHeaders(ctx: Pick<AppContext, "env">, flash: Flash, cookies?: Headers | null) {
  const headers = cookiesOf(cookies);
  headers.append("Set-Cookie", await flashHeader(flash, ctx.env.NODE_ENV === "production"));
  return headers;
}

/** Only the Set-Cookie headers of what a use case (Better Auth) answered: a response of ours takes nothing else. */
export function cookiesOf(source: Headers | null | undefined) {
  const headers = new Headers();
  for (const cookie of source?.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
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
