import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One stored visitor page (or API answer), ready to send in each encoding without further work. */
export type SharedCopy = {
  status: number;
  /** The render's own headers (Content-Type and the like): no cookies, no per-request ones. */
  headers: Record<string, string>;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong validator of the identity bytes; each encoding's ETag adds its own suffix. */
  tag: string;
  /** `'sha256-...'` of each inline script, for the Content-Security-Policy of this copy. */
  scriptHashes: string[];
  bytes: number;
  storedAt: number;
};

/** Bigger answers are sent, never stored. */
export const MAX_COPY_BYTES = 2 * 1024 * 1024;

/** Headers that belong to one request or to the way it travelled, never to a stored copy. */
const PER_REQUEST = new Set([
  "content-length",
  "content-encoding",
  "date",
  "x-request-id",
  "content-security-policy",
  "etag",
  "vary",
  "cache-control",
  "transfer-encoding",
  "connection",
]);

/**
 * Whether a render may be kept and sent to other visitors: a complete 200 in HTML or JSON that sets no cookie and
 * was not marked private by its route.
 */
export function isShareable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("set-cookie")) return false;
  const type = response.headers.get("content-type") ?? "";
  if (!/^(text\/html|application\/json)\b/.test(type)) return false;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/\b(private|no-store|no-cache)\b/.test(cacheControl)) return false;
  const vary = response.headers.get("vary");
  return !vary || /^\s*accept-encoding\s*$/i.test(vary);
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/**
 * The hashes a CSP needs to let this page's inline scripts run (script elements with content and no src).
 * The browser hashes the element's text exactly as sent, so this runs on the final bytes.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attributes) || content.length === 0) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Turns the first render into the shared copy: the request's CSP nonce is taken out of the markup (a nonce must
 * never be sent twice; hashes of the inline scripts take its place), then it is compressed once in each encoding.
 */
export async function makeSharedCopy(
  raw: Buffer,
  responseHeaders: Headers,
  nonce: string,
  now: number,
): Promise<SharedCopy | null> {
  if (raw.length > MAX_COPY_BYTES) return null;
  const html = /^text\/html\b/.test(responseHeaders.get("content-type") ?? "");
  let identity = raw;
  let scriptHashes: string[] = [];
  if (html) {
    const text = raw.toString("utf8").replaceAll(` nonce="${nonce}"`, "");
    // A nonce left anywhere (another spelling of the attribute) would be replayed to every visitor: not stored.
    if (text.includes(nonce)) return null;
    identity = Buffer.from(text);
    scriptHashes = inlineScriptHashes(text);
  }
  const [br, gz] = await Promise.all([
    // Quality 6: a listing page's 19 KB in 0.75 ms, 9 % larger than quality 11, which takes 30 ms. Every request
    // for the page after a change waits for this, so speed wins over the last few hundred bytes.
    brotli(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip(identity, { level: 9 }),
  ]);
  const headers: Record<string, string> = {};
  responseHeaders.forEach((value, name) => {
    if (!PER_REQUEST.has(name)) headers[name] = value;
  });
  return {
    status: 200,
    headers,
    identity,
    br,
    gzip: gz,
    tag: crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27),
    scriptHashes,
    bytes: identity.length + br.length + gz.length,
    storedAt: now,
  };
}
