import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { addressHasNul, formHasNul, hasNul, NUL_REFUSED } from "#core/shared/nul-characters.ts";

/** Forms and JSON are a few kilobytes; nothing bigger is read, let alone parsed. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * A route with its own limit, and the refusal's wording when the spec has one (a picture's size). `allowed`, when
 * given, is asked before any of the body is read: the larger limit only for those it says yes to (a signed-in
 * member sending a file), the default for everyone else.
 */
export type BodyRoute = {
  match: (method: string, path: string) => boolean;
  maxSize: number;
  message?: string;
  allowed?: (c: Context) => Promise<boolean>;
};

const hasBody = (method: string) => method !== "GET" && method !== "HEAD" && method !== "OPTIONS";
const isApi = (path: string) => path.startsWith("/api/");

function tooLarge(path: string, message = "Request body too large.") {
  return isApi(path)
    ? Response.json({ error: message }, { status: 413 })
    : new Response(message, { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/**
 * One body limit for every route, stopping the read as soon as it is passed (a declared Content-Length is
 * refused up front; a chunked body is counted as it streams). The listing uploads and the webhooks name their
 * own larger limits in `exceptions`, which must be at least what their own route allows.
 */
export function boundedBodies(exceptions: BodyRoute[]): MiddlewareHandler {
  const limiters = new Map<string, MiddlewareHandler>();
  const limiter = (maxSize: number, message?: string) => {
    const key = `${maxSize} ${message ?? ""}`;
    let handler = limiters.get(key);
    if (!handler) {
      handler = bodyLimit({ maxSize, onError: (c) => tooLarge(c.req.path, message) });
      limiters.set(key, handler);
    }
    return handler;
  };
  return async (c, next) => {
    if (!hasBody(c.req.method)) return next();
    const found = exceptions.find((e) => e.match(c.req.method, c.req.path));
    const exception = found && (!found.allowed || (await found.allowed(c))) ? found : undefined;
    return limiter(exception?.maxSize ?? DEFAULT_BODY_LIMIT, exception?.message)(c, next);
  };
}

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const JSON_TYPE = /^application\/(json|[a-z0-9.+-]+\+json)\b/i;

/**
 * Bodies in the shape their route reads, or a clear 4xx before any handler runs: the JSON API takes JSON (the
 * listing upload takes multipart), pages take forms. A form that cannot be parsed is refused here too, so no
 * action meets a malformed body. Requests without a body pass: some actions carry everything in the URL.
 */
export function parseableBodies({
  multipartApi,
  multipartAlsoApi = () => false,
  uploadPage,
}: {
  multipartApi: (method: string, path: string) => boolean;
  /** API routes that take JSON or, with files, multipart (read and checked by their handler). */
  multipartAlsoApi?: (method: string, path: string) => boolean;
  /** Pages whose picture forms their action parses (and checks) itself; `type` is the request's content type. */
  uploadPage: (path: string, type: string) => boolean;
}): MiddlewareHandler {
  return async (c, next) => {
    const { method, path } = c.req;
    if (!hasBody(method) || path.startsWith("/api/webhooks/") || path.startsWith("/api/auth/")) return next();
    const type = c.req.header("content-type") ?? "";
    const length = c.req.header("content-length");
    const empty = length === "0" || (!type && !length && !c.req.header("transfer-encoding"));
    if (empty) return next();

    if (isApi(path)) {
      if (multipartApi(method, path)) {
        if (!/^multipart\/form-data\b/i.test(type))
          return c.json({ error: "Send this as multipart/form-data (a listing with its pictures)." }, 415);
        return next();
      }
      if (multipartAlsoApi(method, path) && /^multipart\/form-data\b/i.test(type)) return next();
      if (!JSON_TYPE.test(type)) return c.json({ error: "Send JSON: Content-Type: application/json." }, 415);
      let body: unknown;
      try {
        body = await c.req.raw.clone().json();
      } catch {
        return c.json({ error: "The request body is not valid JSON." }, 400);
      }
      if (hasNul(body)) return c.json({ error: NUL_REFUSED }, 400);
      return next();
    }

    if (!FORM_TYPES.test(type)) return c.text("Unsupported Media Type: send a form.", 415);
    // Picture uploads are parsed once, by their action (which refuses a malformed one); every other form is
    // small (the body limit) and checked here on a copy, so an action never fails on a body it cannot read.
    if (!uploadPage(path, type)) {
      let form: FormData;
      try {
        form = await c.req.raw.clone().formData();
      } catch {
        return c.text("Bad Request: the form could not be read.", 400);
      }
      if (formHasNul(form)) return c.text(`Bad Request: ${NUL_REFUSED}`, 400);
    }
    return next();
  };
}

/**
 * Refuses an address whose path or query carries a NUL (%00): no id, search or filter of ours can hold one, and
 * the database would fail on it (core/shared/nul-characters.ts). Bodies are checked by parseableBodies, picture forms as read.
 */
export function addressesWithoutNul(): MiddlewareHandler {
  return async (c, next) => {
    if (!addressHasNul(c.req.url)) return next();
    return isApi(c.req.path) ? c.json({ error: NUL_REFUSED }, 400) : c.text(`Bad Request: ${NUL_REFUSED}`, 400);
  };
}
