/**
 * Moves the framework's JavaScript behind the first paint (decision 020).
 *
 * Every public page works without JavaScript: links are links, and every form posts to an action that answers
 * with a page. React Router's <Scripts> still asks for ~110 KB (gzip) of modules from <head>
 * (`<link rel="modulepreload">`) and from an inline module script with static imports, so on a slow phone
 * that JavaScript shares the connection with the stylesheet and the font the first paint waits for.
 *
 * This rewrites the finished document so that the same modules are fetched right after the first paint:
 * the modulepreload links leave <head>, and the inline module script (the one that imports the route modules
 * and then the client entry) first waits for a frame to be painted, then adds the same preload links and
 * imports the same modules, in parallel, before running the rest of React Router's script unchanged.
 * Hydration is then the framework's own, a moment later; until it runs the page is the server's HTML,
 * which is what a member on a slow connection had before the JavaScript arrived anyway.
 *
 * The script's shape is React Router 8.4's (Scripts in lib/dom/ssr/components). If a release changes it, the
 * rewrite finds no match and the document goes out untouched (eager, as before): a change costs the first
 * paint, never a page that does not hydrate. A test renders a real page through this and fails if so.
 */

const PRELOAD_START = '<link rel="modulepreload" href="';
const PRELOAD_TAG = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const BOOT_OPEN = /^<script nonce="[^"<>]*" type="module" async="">$/;
const BOOT_MARK = '" type="module" async="">';
/** `import * as route0 from "/assets/root-x.js";` (or `import "/assets/manifest-x.js";`) at a line start. */
const STATIC_IMPORT = /^\s*;?\s*import (?:\* as (\w+) from )?("[^"\n]+");[ \t]*$/gm;

/**
 * How long a page waits for its first paint before loading anyway. Long enough not to compete with the
 * stylesheet and font on a slow phone (a shorter wait would start the framework before the paint it is meant
 * to follow); short enough that a page that reports no paint (a tab opened in the background paints only
 * when shown) is still ready soon.
 */
const NO_PAINT_FALLBACK_MS = 5_000;

/**
 * Resolves `go` once the browser has recorded the first contentful paint (the paint timing entry carries the
 * time the frame was shown, which a requestAnimationFrame callback runs ahead of); without paint timing,
 * after the first frame.
 */
const AFTER_FIRST_PAINT =
  'if (PerformanceObserver.supportedEntryTypes?.includes("paint")) new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); go(); } }).observe({ type: "paint", buffered: true }); else requestAnimationFrame(() => setTimeout(go));' +
  // A page hidden while it loaded may never report its first paint: once shown, its next frame will do.
  ' document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(go)); });';

/**
 * Works on the encoded page: renderToString's result is a rope of thousands of pieces, which encoding walks
 * as it is, while a regular expression over it would first copy it flat (a third of a millisecond on the
 * home page). Only the boot script and the preload tags are decoded.
 */
export function deferBoot(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  // Near the end of the page (only the loader data follows it): searched from there.
  const mark = html.lastIndexOf(BOOT_MARK);
  if (mark < 0) return html;
  const openStart = html.lastIndexOf("<script ", mark);
  const bodyStart = mark + BOOT_MARK.length;
  const bodyEnd = html.indexOf("</script>", bodyStart);
  if (openStart < 0 || bodyEnd < 0 || !BOOT_OPEN.test(html.toString("utf8", openStart, bodyStart))) return html;
  const body = html.toString("utf8", bodyStart, bodyEnd);

  const imports: { name: string | undefined; url: string }[] = [];
  const rest = body.replace(STATIC_IMPORT, (_line, name: string | undefined, url: string) => {
    imports.push({ name, url });
    return "";
  });
  // React Router's script imports the route modules and ends with the entry's dynamic import.
  if (imports.length === 0 || !rest.includes("import(")) return html;

  // React hoists the modulepreload links into <head>, one after another: one decoded stretch holds them all.
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0 || headEnd > openStart) return html;
  const first = html.indexOf(PRELOAD_START);
  const last = html.lastIndexOf(PRELOAD_START, headEnd);
  const stretchEnd = last < 0 ? -1 : html.indexOf("/>", last) + 2;
  if (first < 0 || first > headEnd || stretchEnd < 2 || stretchEnd > headEnd) return html;
  const preloads = new Set<string>();
  const stretch = html.toString("utf8", first, stretchEnd).replace(PRELOAD_TAG, (_tag, href: string) => {
    preloads.add(href.replaceAll("&amp;", "&"));
    return "";
  });
  for (const { url } of imports) preloads.add(JSON.parse(url));

  const names = imports.map(({ name }, i) => name ?? `_unnamed${i}`);
  const deferred = [
    `await new Promise((go) => { ${AFTER_FIRST_PAINT} setTimeout(go, ${NO_PAINT_FALLBACK_MS}); });`,
    `for (const href of ${JSON.stringify([...preloads])}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }`,
    // One after another, in React Router's order, as its static imports were evaluated; the preloads above
    // have already asked for all of them at once.
    ...imports.map(({ url }, i) => `const ${names[i]} = await import(${url});`),
    rest.trim(),
  ].join("\n");
  // A fresh allocation, so backed by a plain ArrayBuffer (what a Response body takes).
  return Buffer.concat([
    html.subarray(0, first),
    Buffer.from(stretch),
    html.subarray(stretchEnd, bodyStart),
    Buffer.from(deferred),
    html.subarray(bodyEnd),
  ]) as Buffer<ArrayBuffer>;
}
