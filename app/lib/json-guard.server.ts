import { cookiesOf } from "./redirect-with-flash.server";

/**
 * Runs a page guard (requireUser, requireRecentAuth) for an endpoint a script calls with fetch: the redirect it
 * throws becomes `{ redirectTo }` with 401, because fetch would follow a redirect and hand the script an HTML page.
 * The script then takes the member there itself (to sign in, or to confirm it's them).
 */
export async function guardForScript<T>(
  guard: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  try {
    return { ok: true, value: await guard() };
  } catch (thrown) {
    const location = thrown instanceof Response ? thrown.headers.get("Location") : null;
    if (!location) throw thrown;
    return { ok: false, response: Response.json({ redirectTo: location }, { status: 401 }) };
  }
}

/** A JSON answer that also carries the Set-Cookie headers a use case returned (a challenge or session cookie). */
export function jsonWithCookies(body: unknown, cookies: Headers | null) {
  return Response.json(body, { headers: cookiesOf(cookies) });
}

/** A refusal (runAction's onRefusal) for a script that called with fetch: the message it shows, with the status. */
export function refusedForScript(refusal: { status: number; message: string }) {
  return Response.json({ error: refusal.message }, { status: refusal.status });
}
