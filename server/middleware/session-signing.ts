import type { MiddlewareHandler } from "hono";
import { isSignedAuthCookie, signOutgoingCookie, verifyIncomingCookies } from "#core/session-keys/cookie-signatures.ts";
import { loadSigningKeys } from "#core/session-keys/signing-keys.ts";
import type { Clock } from "#core/shared/clock.ts";
import type { Database } from "#db/client.ts";

type Deps = { db: Database; authSecret: string; clock: Clock };

const hasSignedAuthCookie = (header: string | null | undefined) =>
  !!header && header.split(";").some((part) => isSignedAuthCookie(part.trim().split("=", 1)[0]));

/**
 * Session cookies signed with the rotating keys (decision 058). Better Auth signs and checks its cookies with
 * BETTER_AUTH_SECRET; at the edge of the app the browser's cookie carries the current key's signature instead:
 * coming in, a cookie signed with any accepted key is handed to Better Auth re-signed with its secret (one signed
 * with none is dropped); going out, every auth cookie Better Auth sets is re-signed with the current key. The keys
 * are read from the database on each request that carries or sets one, so a rotation is in force at once in every
 * process. Before the first rotation the current key is BETTER_AUTH_SECRET and nothing changes.
 */
export function sessionSigning({ db, authSecret, clock }: Deps) {
  const keys = () => loadSigningKeys(db, { authSecret, now: clock.now() });

  /** The request's Cookie header as Better Auth should read it. */
  async function incoming(header: string | null): Promise<string | null> {
    if (!header || !hasSignedAuthCookie(header)) return header;
    const { accepted } = await keys();
    return verifyIncomingCookies(header, { accepted: accepted.map((k) => k.key), innerKey: authSecret });
  }

  /** Re-signs the auth cookies the response sets. */
  const outgoing: MiddlewareHandler = async (c, next) => {
    await next();
    const setCookies = c.res.headers.getSetCookie();
    if (!setCookies.some((cookie) => isSignedAuthCookie(cookie.split("=", 1)[0]))) return;
    const { current } = await keys();
    if (current.key === authSecret) return;
    const headers = new Headers(c.res.headers);
    headers.delete("set-cookie");
    for (const cookie of setCookies)
      headers.append("set-cookie", signOutgoingCookie(cookie, { current: current.key, innerKey: authSecret }));
    const response = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
    // Hono's setter copies the old response's Set-Cookie onto the new one unless the old one is cleared first.
    c.res = undefined;
    c.res = response;
  };

  return { incoming, outgoing };
}
