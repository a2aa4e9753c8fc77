import crypto from "node:crypto";
import { type Cookie, createCookie } from "react-router";

/**
 * A one-time message carried across a redirect (e.g. 'Welcome back!' after signing in). The cookie is signed
 * (server/app.ts gives it the app's secret at boot, so every process of one deployment reads another's), and a
 * message whose signature or shape is wrong is ignored: nobody can make the site say something it did not.
 */
let flashCookie: Cookie = makeCookie(crypto.randomBytes(32).toString("hex"));

function makeCookie(secret: string) {
  return createCookie("flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60, secrets: [secret] });
}

/** Called once at boot with the app's secret (BETTER_AUTH_SECRET). Until then a per-process secret signs. */
export function setFlashSecret(secret: string) {
  flashCookie = makeCookie(`flash:${secret}`);
}

export type Flash = { type: "success" | "error" | "info"; message: string; description?: string };

export async function flashHeader(flash: Flash, secure = false) {
  return flashCookie.serialize(flash, { secure });
}

/** Reads the pending message, returning it with the header that clears it. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("flash=")) return { flash: null, clear: null };
  const value: unknown = await flashCookie.parse(header);
  return { flash: isFlash(value) ? value : null, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}

function isFlash(value: unknown): value is Flash {
  if (!value || typeof value !== "object") return false;
  const { type, message, description } = value as Record<string, unknown>;
  return (
    (type === "success" || type === "error" || type === "info") &&
    typeof message === "string" &&
    (description === undefined || typeof description === "string")
  );
}
