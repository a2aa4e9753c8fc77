import crypto from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { SAFE_METHODS } from "../middleware/csrf";
import { CopyStore, type StoredCopy } from "./copy-store";
import type { Freshness } from "./freshness";
import { isShareable, makeSharedCopy } from "./shared-copy";

/**
 * The visitor pages kept and sent again (decision 062): what people arriving from search engines and shared links
 * open. Everything else, and every request that carries a cookie or credentials, is rendered for its asker.
 */
const SHARED_PATHS = [
  /^\/$/,
  /^\/search$/,
  /^\/categories\/[a-z-]+(\/[a-z]+)?$/,
  /^\/listings\/[0-9a-f-]{36}$/,
  /^\/(terms|privacy|cookies|investors)$/,
  /^\/api\/v1\/listings(\/[0-9a-f-]{36})?$/,
];
/** Longer addresses are rendered, never stored: no search a person types is this long. */
const MAX_URL_LENGTH = 600;

/**
 * Browsers revalidate every time (a 304 when nothing changed). A CDN in front may keep a copy 10 s and serve it
 * 30 s more while it fetches a new one; `Vary` keeps it from handing this copy to anyone with a cookie or a token.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";
const SHARED_VARY = "Accept-Encoding, Cookie, Authorization";

export type PageCacheOptions = {
  freshness: Freshness;
  /** The upper bound on a copy's age, whatever the notifications say: the safety net if one is ever missed. */
  maxAgeMs?: number;
  maxCopies?: number;
  maxBytes?: number;
  now?: () => number;
};

export type PageCacheVars = {
  nonce: string;
  requestId: string;
  /** This render may be sent to other visitors: nothing of this request may appear in it. */
  sharedRender: boolean;
};

/** Whether this request may be answered with, and its answer kept as, a copy shared between visitors. */
export function isSharedRequest(c: Context): boolean {
  if (c.req.method !== "GET") return false;
  if (c.req.header("cookie") || c.req.header("authorization")) return false;
  if (c.req.url.length > MAX_URL_LENGTH) return false;
  const path = c.req.path;
  return SHARED_PATHS.some((shared) => shared.test(path));
}

type Encoding = "br" | "gzip" | "identity";
/** A copy with everything it is sent with, worked out once: a hit only adds its request id. */
type ReadyCopy = StoredCopy & {
  send: Record<Encoding, Record<string, string>>;
  notModified: Record<Encoding, Record<string, string>>;
};
type Flight = { generation: number; copy: Promise<ReadyCopy | null> };
/** The headers every response gets (server/middleware/security-headers.ts), given what scripts may run. */
export type SecurityHeadersFor = (scripts: string[]) => Record<string, string>;

export function createPageCache({
  freshness,
  maxAgeMs = 60_000,
  maxCopies = 2_000,
  maxBytes = 96 * 1024 * 1024,
  now = Date.now,
}: PageCacheOptions) {
  const store = new CopyStore<ReadyCopy>(maxCopies, maxBytes);
  const flights = new Map<string, Flight>();
  const counts = { hits: 0, renders: 0, notModified: 0 };

  const fresh = (copy: ReadyCopy | undefined): copy is ReadyCopy =>
    !!copy && copy.generation === freshness.generation() && now() - copy.storedAt < maxAgeMs;

  /**
   * Registered first, so a hit skips the rest of the stack: it carries the security headers the rest would add.
   * `securityHeadersFor` gives them; a render's own pass through the stack is left uncompressed for the copy.
   */
  function middleware(securityHeadersFor: SecurityHeadersFor): MiddlewareHandler<{ Variables: PageCacheVars }> {
    const ready = (copy: StoredCopy): ReadyCopy => {
      const security = securityHeadersFor(copy.scriptHashes);
      // The render passed the security middleware too, with its own nonce: those are replaced, not repeated.
      const replaced = new Set(Object.keys(security).map((name) => name.toLowerCase()));
      const own = Object.fromEntries(Object.entries(copy.headers).filter(([name]) => !replaced.has(name)));
      const common: Record<string, string> = {
        ...own,
        ...security,
        "Cache-Control": SHARED_CACHE_CONTROL,
        Vary: SHARED_VARY,
      };
      const { "content-type": _type, ...bodiless } = common;
      const each = (encoding: Encoding, body: Buffer) => {
        const etag = `"${copy.tag}${encoding === "br" ? "-br" : encoding === "gzip" ? "-gz" : ""}"`;
        return {
          send: {
            ...common,
            ETag: etag,
            "Content-Length": String(body.length),
            ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
          },
          notModified: { ...bodiless, ETag: etag },
        };
      };
      const [identity, br, gzip] = [each("identity", copy.identity), each("br", copy.br), each("gzip", copy.gzip)];
      return {
        ...copy,
        send: { identity: identity.send, br: br.send, gzip: gzip.send },
        notModified: { identity: identity.notModified, br: br.notModified, gzip: gzip.notModified },
      };
    };

    /** The one render a burst on a missing or stale page waits for; its answer becomes the copy when it can. */
    const lead = async (
      c: Context<{ Variables: PageCacheVars }>,
      next: () => Promise<void>,
      key: string,
      generation: number,
    ) => {
      let settle: (copy: ReadyCopy | null) => void = () => {};
      const flight: Flight = { generation, copy: new Promise((resolve) => (settle = resolve)) };
      flights.set(key, flight);
      let copy: ReadyCopy | null = null;
      try {
        counts.renders++;
        c.set("sharedRender", true);
        await next();
        const response = c.res;
        if (!isShareable(response)) return;
        const raw = Buffer.from(await response.arrayBuffer());
        const made = await makeSharedCopy(raw, response.headers, c.get("nonce"), now());
        if (!made) {
          // Not storable after all (too large, or the nonce is still in it): sent as rendered, to this visitor alone.
          c.res = new Response(raw, { status: response.status, headers: response.headers });
          return;
        }
        copy = ready({ ...made, generation });
        // A change committed while this rendered may be missing from it: answered, not kept.
        if (freshness.generation() === generation) store.set(key, copy);
        c.res = undefined as never;
        // The render's own request id, as its logs have it.
        c.res = send(c, copy, c.get("requestId"));
      } finally {
        if (flights.get(key) === flight) flights.delete(key);
        settle(copy);
      }
    };

    return async (c, next) => {
      if (!isSharedRequest(c)) {
        await next();
        // A change made here is seen by the next request, whoever sends it and to whichever process: this one has
        // read every notification up to now, and the others were sent theirs before it (commit order).
        if (!SAFE_METHODS.has(c.req.method)) await freshness.caughtUp();
        return;
      }
      if (!freshness.trusted()) return next();
      const key = c.req.url;
      const stored = store.get(key);
      if (fresh(stored)) {
        counts.hits++;
        return send(c, stored);
      }
      const generation = freshness.generation();
      const flight = flights.get(key);
      if (!flight || flight.generation !== generation) return lead(c, next, key, generation);
      const copy = await flight.copy;
      if (!copy) return next();
      counts.hits++;
      return send(c, copy);
    };
  }

  function send(c: Context, copy: ReadyCopy, requestId: string = crypto.randomUUID()): Response {
    const encoding = preferredEncoding(c.req.header("accept-encoding")) ?? "identity";
    if (matches(c.req.header("if-none-match"), copy.tag)) {
      counts.notModified++;
      return new Response(null, { status: 304, headers: { ...copy.notModified[encoding], "X-Request-Id": requestId } });
    }
    const body = encoding === "br" ? copy.br : encoding === "gzip" ? copy.gzip : copy.identity;
    return new Response(body as Uint8Array<ArrayBuffer>, {
      status: copy.status,
      headers: { ...copy.send[encoding], "X-Request-Id": requestId },
    });
  }

  return {
    middleware,
    /** Waits until this process has read every change committed so far (what a request that wrote does). */
    caughtUp: () => freshness.caughtUp(),
    /** How the shared copies are doing (the tests read it). */
    stats: () => ({ ...counts, copies: store.size, bytes: store.bytes }),
    clear: () => store.clear(),
    /** Settles once the first attempt to listen for changes has ended: copies are kept from then on. */
    ready: () => freshness.ready(),
    close: () => freshness.close(),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** br, then gzip, then none: each only when the client accepts it (a q of 0 refuses it). */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  let br = false;
  let gzip = false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    if (name === "br") br = true;
    else if (name === "gzip" || name === "x-gzip") gzip = true;
  }
  return br ? "br" : gzip ? "gzip" : null;
}

/** If-None-Match against a copy: any of its encodings' tags (weak or strong) or `*`. */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const value = candidate.trim().replace(/^W\//, "");
    return value === "*" || value === `"${tag}"` || value === `"${tag}-br"` || value === `"${tag}-gz"`;
  });
}
