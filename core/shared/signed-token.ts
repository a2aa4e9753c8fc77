import crypto from "node:crypto";

/**
 * Links that prove themselves without anything stored (the one-click unsubscribe of every notice e-mail, the
 * suspended member's appeal link): a list of fields, base64url, and an HMAC of it keyed from the app's secret
 * (BETTER_AUTH_SECRET). A token's purpose is part of what is signed, so a signature made for one use is never
 * good for another. Tokens stay good as long as the secret does; a purpose that must expire carries its own time.
 */
let key: Buffer | null = null;

/** Called once at boot (server/app.ts, server/background.ts) and by the tests' setup. */
export function setSigningSecret(secret: string): void {
  // The label the unsubscribe links were first keyed with: a new label would break every link already mailed.
  key = crypto.createHmac("sha256", secret).update("swapshed:notice-unsubscribe").digest();
}

/** The unsubscribe links were signed before purposes were: their purpose is `null`, the body alone. */
function mac(purpose: string | null, body: string): string {
  if (!key) throw new Error("signed links are not configured (setSigningSecret)");
  return crypto
    .createHmac("sha256", key)
    .update(purpose === null ? body : `${purpose}\u0000${body}`)
    .digest("base64url");
}

/** A URL-safe token of `fields` (the first is the format's version) for `purpose`. */
export function signFields(purpose: string | null, fields: readonly unknown[]): string {
  const body = Buffer.from(JSON.stringify(fields)).toString("base64url");
  return `${body}.${mac(purpose, body)}`;
}

/**
 * The fields of a token made by signFields for `purpose`, or null when it is malformed or forged (compared in
 * constant time). What the fields mean, and whether they still hold, is the caller's to check.
 */
export function readFields(purpose: string | null, token: unknown): unknown[] | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(mac(purpose, match[1]));
  const given = Buffer.from(match[2]);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
