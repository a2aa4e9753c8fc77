import { Hono } from "hono";
import type { AppContext } from "../../app/context";
import { signIn } from "../../core/users/sign-in";
import { signUp } from "../../core/users/sign-up";
import { BAD_SCOPE, parseSignOutScope, signOut } from "../../core/users/sign-out";
import { isAppError } from "../../core/shared/app-error";
import { createListingRoutes } from "./listings";
import { createSwapRoutes } from "./swaps";

type Env = { Variables: { ctx: AppContext } };

/** The JSON API: the same use cases the pages call, answering with the same messages. */
export function createApiRoutes() {
  const api = new Hono<Env>();

  api.post("/auth/sign-up", async (c) => {
    const ctx = c.get("ctx");
    const body = await readJson(c.req.raw);
    const result = await signUp(ctx, body, ctx.meta);
    if (!result.ok) return refused(result);
    return withCookies(c.json({ userId: result.userId }, 201), result.headers);
  });

  api.post("/auth/sign-in", async (c) => {
    const ctx = c.get("ctx");
    const body = await readJson(c.req.raw);
    const result = await signIn(ctx, body, ctx.meta);
    if (!result.ok) return refused(result);
    return withCookies(c.json({ userId: result.userId }), result.headers);
  });

  // scope = local | others | global (the spec's sign-out; global when absent). A session already gone is not an error.
  api.post("/auth/sign-out", async (c) => {
    const ctx = c.get("ctx");
    const scope = parseSignOutScope((await readJson(c.req.raw)).scope, "global");
    if (!scope) return c.json({ error: BAD_SCOPE }, 400);
    const result = await signOut(ctx, { scope }, ctx.meta);
    return withCookies(c.json({ ok: true, scope, signedIn: result.stillSignedIn }), result.headers);
  });

  api.get("/me", async (c) => {
    const user = await c.get("ctx").getUser();
    if (!user) return c.json({ error: "Authentication required" }, 401);
    return c.json({ user });
  });

  api.route("/", createListingRoutes());
  api.route("/", createSwapRoutes());

  // The API's errors speak JSON with the spec's message; unexpected ones are logged by the app.
  api.onError((error, c) => {
    if (isAppError(error)) return c.json({ error: error.message }, error.status as 400);
    throw error;
  });
  api.all("*", (c) => c.json({ error: "Not found" }, 404));
  return api;
}

/** The JSON shape of a refused auth attempt; 429s also say when to come back. */
function refused(result: { status: number; message: string; fields?: Record<string, string>; retryAfterSeconds?: number }) {
  const headers: Record<string, string> = {};
  if (result.retryAfterSeconds) headers["Retry-After"] = String(result.retryAfterSeconds);
  return Response.json({ error: result.message, fields: result.fields }, { status: result.status, headers });
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = await request.json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function withCookies(response: Response, headers: Headers) {
  for (const cookie of headers.getSetCookie()) response.headers.append("set-cookie", cookie);
  return response;
}
