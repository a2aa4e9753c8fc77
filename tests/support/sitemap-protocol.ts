// A validator for the sitemap protocol (https://www.sitemaps.org/protocol.html) as far as our sitemaps use it,
// with no network and no XML library: a strict tokenizer for well-formed XML of elements and text, then the
// protocol's structure. Returns the problems found (none when valid) and what the file lists.

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const MAX_ENTRIES = 50_000;
const MAX_BYTES = 50 * 1024 * 1024;
const MAX_LOC = 2_048;
/** W3C Datetime as the protocol allows it: a date, or a date and time with a zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const ENTITY = /&(amp|lt|gt|quot|apos);/g;

type Element = { name: string; attributes: Record<string, string>; children: Element[]; text: string };

function parse(xml: string): { root: Element | null; problems: string[] } {
  const problems: string[] = [];
  let rest = xml;
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(rest);
  if (!declaration) problems.push('must start with <?xml version="1.0" encoding="UTF-8"?>');
  else rest = rest.slice(declaration[0].length);
  const stack: Element[] = [];
  let root: Element | null = null;
  const token = /<(\/?)([a-zA-Z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)/y;
  let match: RegExpExecArray | null;
  let position = 0;
  while (position < rest.length) {
    token.lastIndex = position;
    match = token.exec(rest);
    if (!match) {
      problems.push(`not well-formed XML near ${JSON.stringify(rest.slice(position, position + 40))}`);
      return { root: null, problems };
    }
    position = token.lastIndex;
    const [, closing, name, attributeText, selfClosing, text] = match;
    if (text !== undefined) {
      if (text.replace(ENTITY, "").includes("&")) problems.push(`an unescaped & in ${JSON.stringify(text)}`);
      if (/[<>]/.test(text.replace(ENTITY, ""))) problems.push(`an unescaped < or > in ${JSON.stringify(text)}`);
      const open = stack[stack.length - 1];
      if (open) open.text += text;
      else if (text.trim()) problems.push("text outside the root element");
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) {
        problems.push(`</${name}> closes <${open?.name ?? "nothing"}>`);
        return { root: null, problems };
      }
      continue;
    }
    const attributes = Object.fromEntries(
      [...attributeText.matchAll(/([\w:.-]+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    const element: Element = { name, attributes, children: [], text: "" };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) problems.push("more than one root element");
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) problems.push(`<${stack[stack.length - 1].name}> is never closed`);
  return { root, problems };
}

const decodeEntities = (text: string) =>
  text.replace(ENTITY, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[name] as string);

function checkEntries(
  root: Element,
  entry: "url" | "sitemap",
  problems: string[],
): { loc: string; lastmod?: string }[] {
  const entries: { loc: string; lastmod?: string }[] = [];
  const allowed = entry === "url" ? ["loc", "lastmod", "changefreq", "priority"] : ["loc", "lastmod"];
  for (const child of root.children) {
    if (child.name !== entry) {
      problems.push(`<${root.name}> may hold only <${entry}>, found <${child.name}>`);
      continue;
    }
    const locs = child.children.filter((c) => c.name === "loc");
    const lastmods = child.children.filter((c) => c.name === "lastmod");
    for (const c of child.children) if (!allowed.includes(c.name)) problems.push(`<${entry}> holds <${c.name}>`);
    if (locs.length !== 1) problems.push(`<${entry}> needs exactly one <loc>, has ${locs.length}`);
    if (lastmods.length > 1) problems.push(`<${entry}> has ${lastmods.length} <lastmod>`);
    const loc = decodeEntities(locs[0]?.text.trim() ?? "");
    if (!/^https?:\/\/[^\s]+$/.test(loc)) problems.push(`<loc> is not an absolute http(s) address: ${loc}`);
    else if (loc.length > MAX_LOC) problems.push(`<loc> is over ${MAX_LOC} characters`);
    const lastmod = lastmods[0]?.text.trim();
    if (lastmod !== undefined && (!W3C_DATETIME.test(lastmod) || Number.isNaN(Date.parse(lastmod))))
      problems.push(`<lastmod> is not a W3C datetime: ${lastmod}`);
    entries.push({ loc, lastmod });
  }
  if (entries.length > MAX_ENTRIES) problems.push(`${entries.length} entries: the limit is ${MAX_ENTRIES}`);
  return entries;
}

/** A sitemap index (`sitemapindex`) or a sitemap (`urlset`): its kind, entries and every rule it breaks. */
export function validateSitemap(xml: string) {
  const { root, problems } = parse(xml);
  if (Buffer.byteLength(xml) > MAX_BYTES) problems.push("over 50 MB uncompressed");
  if (!root) return { kind: null, entries: [], problems };
  if (root.attributes.xmlns !== NAMESPACE) problems.push(`the root's xmlns must be ${NAMESPACE}`);
  if (root.name !== "urlset" && root.name !== "sitemapindex")
    problems.push(`the root must be <urlset> or <sitemapindex>, not <${root.name}>`);
  const kind = root.name === "sitemapindex" ? ("index" as const) : ("urlset" as const);
  const entries = checkEntries(root, kind === "index" ? "sitemap" : "url", problems);
  return { kind, entries, problems };
}
