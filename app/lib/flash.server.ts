import { createCookie } from "react-router";

/** A one-time message carried across a redirect (e.g. 'Welcome back!' after signing in). */
const flashCookie = createCookie("flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

export type Flash = { type: "success" | "error" | "info"; message: string; description?: string };

export async function flashHeader(flash: Flash, secure = false) {
  return flashCookie.serialize(flash, { secure });
}

/** Reads the pending message, returning it with the header that clears it. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes("flash=")) return { flash: null, clear: null };
  const flash = (await flashCookie.parse(header)) as Flash | null;
  return { flash, clear: await flashCookie.serialize("", { maxAge: 0 }) };
}
