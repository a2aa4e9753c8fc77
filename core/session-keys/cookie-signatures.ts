import crypto from "node:crypto";

/** Better Auth's signed cookies: `value.signature`, the signature base64 HMAC-SHA256 (44 characters), URL-encoded. */
const SIGNED_COOKIE = /^(__Secure-)?better-auth\.(session_token|dont_remember|two_factor|trust_device|admin_session)$/;

export const isSignedAuthCookie = (name: string) => SIGNED_COOKIE.test(name);

export function sign(value: string, key: string): string {
  return crypto.createHmac("sha256", key).update(value).digest("base64");
}

function verify(value: string, signature: string, key: string): boolean {
  const expected = Buffer.from(sign(value, key));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** The value and signature of a cookie value as sent (URL-encoded), or null if it is not a signed value. */
function split(raw: string): { value: string; signature: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const at = decoded.lastIndexOf(".");
  if (at < 1) return null;
  const signature = decoded.slice(at + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  return { value: decoded.slice(0, at), signature };
}

const encode = (value: string, signature: string) => encodeURIComponent(`${value}.${signature}`);

/**
 * A request's Cookie header as Better Auth should see it: each of its signed cookies that carries a signature by
 * one of the accepted keys is re-signed with `innerKey` (the secret Better Auth checks with); one that does not is
 * dropped, so a cookie signed with a retired or unknown key reads as signed out. Other cookies pass untouched.
 */
export function verifyIncomingCookies(
  header: string,
  { accepted, innerKey }: { accepted: string[]; innerKey: string },
): string {
  return header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const eq = part.indexOf("=");
      const name = eq < 0 ? part : part.slice(0, eq);
      if (!isSignedAuthCookie(name)) return [part];
      const signed = split(part.slice(eq + 1));
      if (!signed) return [];
      const key = accepted.find((k) => verify(signed.value, signed.signature, k));
      if (key === undefined) return [];
      return [`${name}=${key === innerKey ? part.slice(eq + 1) : encode(signed.value, sign(signed.value, innerKey))}`];
    })
    .join("; ");
}

/**
 * A Set-Cookie header on its way to the browser: a signed auth cookie set by Better Auth (signed with `innerKey`)
 * is re-signed with the current key. Deletions and other cookies pass untouched.
 */
export function signOutgoingCookie(
  setCookie: string,
  { current, innerKey }: { current: string; innerKey: string },
): string {
  if (current === innerKey) return setCookie;
  const semi = setCookie.indexOf(";");
  const pair = semi < 0 ? setCookie : setCookie.slice(0, semi);
  const eq = pair.indexOf("=");
  if (eq < 0 || !isSignedAuthCookie(pair.slice(0, eq))) return setCookie;
  const signed = split(pair.slice(eq + 1));
  if (!signed || !verify(signed.value, signed.signature, innerKey)) return setCookie;
  return `${pair.slice(0, eq)}=${encode(signed.value, sign(signed.value, current))}${semi < 0 ? "" : setCookie.slice(semi)}`;
}
