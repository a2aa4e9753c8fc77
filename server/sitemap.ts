import { Hono } from "hono";
import type { Db } from "#db/client.ts";
import { LISTING_CATEGORIES } from "#db/schema/listing-values.ts";
import { categoryPath } from "#core/listings/category-slugs.ts";
import { findCategoryStates } from "#core/listings/find-category-states.ts";
import { robotsTxt } from "./robots";
import { countSitemapListingPages, SITEMAP_PAGE_SIZE, sitemapListings } from "#core/listings/sitemap-listings.ts";

/** The pages anyone may open that are not listings: home, search and the site's own pages. */
const STATIC_PAGES = ["/", "/search", "/terms", "/privacy", "/cookies", "/investors"];
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
/** Crawlers come back for these now and then; an hour old is new enough, and a CDN may keep them as long. */
const CACHE_CONTROL = "public, max-age=3600";
const XML_TYPE = "application/xml; charset=utf-8";

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] as string,
  );
}

const url = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>\n`;

/**
 * robots.txt and the sitemaps it names (decision 092): /sitemap.xml is an index of /sitemaps/pages.xml (static pages and
 * category landing pages) and /sitemaps/listings-<n>.xml, each of at most 50,000 listings, streamed from the
 * database a batch at a time so that a million listings cost one batch of memory.
 */
export function createSitemapRoutes({
  db,
  origin,
  pageSize = SITEMAP_PAGE_SIZE,
}: {
  db: Db;
  origin: string;
  pageSize?: number;
}) {
  const routes = new Hono();
  const base = origin.replace(/\/$/, "");
  const xml = (body: string | ReadableStream<Uint8Array>) =>
    new Response(body, { headers: { "Content-Type": XML_TYPE, "Cache-Control": CACHE_CONTROL } });

  routes.get(
    "/robots.txt",
    () =>
      new Response(robotsTxt(base), {
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL },
      }),
  );

  routes.get("/sitemap.xml", async () => {
    const pages = await countSitemapListingPages(db, pageSize);
    const entries = [`${base}/sitemaps/pages.xml`];
    for (let page = 1; page <= pages; page++) entries.push(`${base}/sitemaps/listings-${page}.xml`);
    const body = entries.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join("");
    return xml(`${XML_HEAD}<sitemapindex ${NS}>\n${body}</sitemapindex>\n`);
  });

  routes.get("/sitemaps/pages.xml", async () => {
    const places = await findCategoryStates(db);
    const latest = new Map<string, string>();
    for (const { category, lastmod } of places) {
      if ((latest.get(category) ?? "") < lastmod) latest.set(category, lastmod);
    }
    const lines = [
      ...STATIC_PAGES.map((path) => url(`${base}${path}`)),
      ...LISTING_CATEGORIES.map((category) => url(`${base}${categoryPath(category)}`, latest.get(category))),
      ...places.map(({ category, state, lastmod }) => url(`${base}${categoryPath(category, state)}`, lastmod)),
    ];
    return xml(`${XML_HEAD}<urlset ${NS}>\n${lines.join("")}</urlset>\n`);
  });

  routes.get("/sitemaps/:file", async (c) => {
    const match = /^listings-([1-9][0-9]{0,5})\.xml$/.exec(c.req.param("file"));
    if (!match) return c.notFound();
    const page = Number(match[1]);
    if (page > (await countSitemapListingPages(db, pageSize))) return c.notFound();
    return xml(listingPageStream(db, base, page, pageSize));
  });

  return routes;
}

/** One listings page as it is read: the head, a batch of lines per query, the tail. */
function listingPageStream(db: Db, base: string, page: number, pageSize: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = sitemapListings(db, { page, pageSize });
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${XML_HEAD}<urlset ${NS}>\n`));
        return;
      }
      const next = await batches.next();
      if (next.done) {
        controller.enqueue(encoder.encode("</urlset>\n"));
        controller.close();
        return;
      }
      const lines = next.value.map(({ id, lastmod }) => url(`${base}/listings/${id}`, lastmod)).join("");
      controller.enqueue(encoder.encode(lines));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
