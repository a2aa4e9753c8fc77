// What a page's HTML is made of, in bytes: `npx node scripts/html-weight.mjs [--base URL] [--repeats] [path ...]`
// fetches pages as a visitor (no cookie) and prints the breakdown (with --repeats, the class strings repeated
// most); measure-frontend.mjs records the same for its pages.
//
// The parts add up to the whole document (UTF-8 bytes) and do not overlap:
// - hydration: React Router's inline scripts that carry the loaders' data and the route manifest
//   (window.__reactRouterContext / its stream), i.e. what the browser needs to hydrate;
// - otherScripts: every other <script> element (the boot script of decision 020, ScrollRestoration's);
// - head: the rest of <head> (meta, title, links);
// - classAttrs: every ` class="..."` in <body>, on SVG elements too;
// - svg: inline <svg> markup in <body>, apart from its class attributes;
// - otherAttrs: every other attribute in <body> (href, aria-*, srcset, ...);
// - tags: the rest of <body>'s tags (names, brackets, closing tags, comments);
// - text: text between the tags (words and whitespace).
import zlib from "node:zlib";

const bytes = (s) => Buffer.byteLength(s, "utf8");

/** The byte breakdown of one HTML document (see above), with its gzip size. */
export function htmlWeight(html) {
  const parts = { hydration: 0, otherScripts: 0, head: 0, classAttrs: 0, svg: 0, otherAttrs: 0, tags: 0, text: 0 };
  let svgClassAttrs = 0;
  const classCounts = new Map();
  const tokens = /<!--[\s\S]*?-->|<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>|<[^>]*>|[^<]+/g;
  let inHead = false;
  let inBody = false;
  let svgDepth = 0;
  for (const [token] of html.matchAll(tokens)) {
    const size = bytes(token);
    if (token.startsWith("<script")) {
      if (/__reactRouter(Context|RouteModules|Manifest)|streamController/.test(token)) parts.hydration += size;
      else parts.otherScripts += size;
      continue;
    }
    if (/^<head[\s>]/i.test(token)) inHead = true;
    if (/^<body[\s>]/i.test(token)) {
      inHead = false;
      inBody = true;
    }
    if (inHead || !inBody) {
      parts.head += size;
      if (/^<\/head>/i.test(token)) inHead = false;
      continue;
    }
    if (!token.startsWith("<")) {
      if (svgDepth > 0) parts.svg += size;
      else parts.text += size;
      continue;
    }
    const opensSvg = /^<svg[\s>]/i.test(token);
    if (opensSvg) svgDepth++;
    const inSvg = svgDepth > 0;
    if (/^<\/svg>/i.test(token)) svgDepth--;
    let rest = size;
    if (!token.startsWith("<!--") && !token.startsWith("</")) {
      for (const [attr, name, value] of token.matchAll(/\s([^\s=>/]+)(?:="([^"]*)"|='[^']*'|=[^\s>]+)?/g)) {
        const attrSize = bytes(attr);
        rest -= attrSize;
        if (name === "class") {
          parts.classAttrs += attrSize;
          if (inSvg) svgClassAttrs += attrSize;
          else if (value) classCounts.set(value, (classCounts.get(value) ?? 0) + 1);
        } else if (inSvg) parts.svg += attrSize;
        else parts.otherAttrs += attrSize;
      }
    }
    if (inSvg) parts.svg += rest;
    else parts.tags += rest;
  }
  const total = bytes(html);
  const counted = Object.values(parts).reduce((a, b) => a + b, 0);
  if (counted !== total) throw new Error(`html-weight: the parts add up to ${counted} bytes, not ${total}`);
  // The class strings repeated most, by the bytes their repeats cost.
  const repeatedClasses = [...classCounts]
    .filter(([, n]) => n > 1)
    .map(([value, count]) => ({ value, count, bytes: count * bytes(` class="${value}"`) }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 15);
  return {
    bytes: total,
    gzipBytes: zlib.gzipSync(html, { level: 9 }).length,
    brotliBytes: zlib.brotliCompressSync(html).length,
    parts,
    svgClassAttrs,
    svgElements: (html.match(/<svg[\s>]/g) ?? []).length,
    classAttributes: (html.match(/\sclass="/g) ?? []).length,
    repeatedClasses,
  };
}

const kb = (n) => (n / 1024).toFixed(1);

/** One line per part: "classAttrs 38.1 KB (37.8 %)". */
export function formatWeight(w) {
  const lines = [`${kb(w.bytes)} KB raw, ${kb(w.gzipBytes)} KB gzip -9, ${kb(w.brotliBytes)} KB brotli`];
  for (const [name, size] of Object.entries(w.parts)) {
    lines.push(`  ${name.padEnd(13)} ${kb(size).padStart(6)} KB  ${((100 * size) / w.bytes).toFixed(1).padStart(5)} %`);
  }
  lines.push(
    `  (${w.classAttributes} class attributes, ${kb(w.svgClassAttrs)} KB of them on SVG; ${w.svgElements} <svg>)`,
  );
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import("node:util");
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      base: { type: "string", default: "http://localhost:3000" },
      repeats: { type: "boolean", default: false },
    },
  });
  for (const pagePath of positionals.length ? positionals : ["/"]) {
    const response = await fetch(new URL(pagePath, values.base));
    const w = htmlWeight(await response.text());
    console.log(`${pagePath} (${response.status}): ${formatWeight(w)}`);
    if (values.repeats) {
      for (const r of w.repeatedClasses)
        console.log(`    ${String(r.count).padStart(3)}× ${kb(r.bytes).padStart(5)} KB  ${r.value}`);
    }
  }
}
