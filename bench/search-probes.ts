// The search probes: other searches, measured in the database only (EXPLAIN ANALYZE of the SQL each page ran,
// no load): the harder cases for the indexes, and "Load more" ten pages deep.
import type { BenchApp } from "./app";
import type { Captured } from "./database";
import { type DbTime, type Explainer, hottest } from "./explain";
import { log } from "./log";
import { args } from "./options";

/**
 * The search shapes issue 27 sets targets for (≤ 15 ms in the database at 1M on PostgreSQL and 100k on PGlite):
 * words (relevance, the default with words), words + 25 km, a rare word + 25 km, nearest, a category, and
 * relevance through synonyms ("ute" is also utility and pickup; Cars & Vehicles' everyday words match it at B).
 */
export function searchShapes() {
  const q = encodeURIComponent(args.query!);
  const place = encodeURIComponent(args.location!);
  return [
    { name: "shape_words", label: `${args.query} (relevance)`, path: `/search?q=${q}` },
    {
      name: "shape_words_25km",
      label: `${args.query} within 25 km of ${args.location} (relevance)`,
      path: `/search?q=${q}&location=${place}&radius=25`,
    },
    {
      name: "shape_rare_25km",
      label: `telescope (rare) within 25 km of ${args.location}`,
      path: `/search?q=telescope&location=${place}&radius=25`,
    },
    {
      name: "shape_nearest",
      label: `${args.query}, nearest to ${args.location}`,
      path: `/search?q=${q}&location=${place}&sort=nearest`,
    },
    { name: "shape_category", label: "category tradie_tools, anywhere", path: "/search?category=tradie_tools" },
    { name: "shape_synonyms", label: "ute (relevance through synonyms and category words)", path: "/search?q=ute" },
    {
      name: "shape_synonyms_25km",
      label: `motorbike within 25 km of ${args.location} (relevance through synonyms)`,
      path: `/search?q=motorbike&location=${place}&radius=25`,
    },
  ];
}

/** One request to each search shape, keeping its SQL. `warm`: a first visit to warm the database's caches, at an
 *  address of its own (`&warm=1`, which search ignores) so that the measured one is not a shared cached copy. */
export async function visitSearchShapes(app: BenchApp, { warm = false } = {}) {
  const pages: Record<string, { label: string; path: string; status: number; cards: number; queries: Captured[] }> = {};
  for (const shape of searchShapes()) {
    const path = warm ? `${shape.path}&warm=1` : shape.path;
    pages[shape.name] = { label: shape.label, path, ...(await app.visit(path)) };
  }
  return pages;
}

/** One request to each probe, keeping its SQL; `deepFrom` is the page whose "Load more" links are followed. */
export async function visitSearchProbes(app: BenchApp, deepFrom: string) {
  const { visit } = app;
  const q = encodeURIComponent(args.query!);
  const place = encodeURIComponent(args.location!);
  const probeList = [
    ...searchShapes().filter((shape) => !["shape_rare_25km", "shape_nearest"].includes(shape.name)),
    {
      name: "search_rare_25km",
      label: `telescope (rare) within 25 km of ${args.location}`,
      path: `/search?q=telescope&location=${place}&radius=25`,
    },
    {
      name: "search_remote_25km",
      label: `${args.query} within 25 km of Alice Springs NT 0870 (few listings)`,
      path: `/search?q=${q}&location=Alice%20Springs%20NT%200870&radius=25`,
    },
    { name: "search_rare", label: "telescope (rare), anywhere", path: "/search?q=telescope" },
    { name: "search_no_match", label: "zeppelin (no match)", path: "/search?q=zeppelin" },
    {
      name: "search_no_match_25km",
      label: `zeppelin (no match) within 25 km of ${args.location}`,
      path: `/search?q=zeppelin&location=${place}&radius=25`,
    },
    {
      name: "search_browse_25km",
      label: `no words, within 25 km of ${args.location}`,
      path: `/search?location=${place}&radius=25`,
    },
    {
      name: "search_nearest",
      label: `${args.query}, nearest to ${args.location}`,
      path: `/search?q=${q}&location=${place}&sort=nearest`,
    },
    {
      name: "search_value_asc_25km",
      label: `${args.query} within 25 km, value low to high`,
      path: `/search?q=${q}&location=${place}&radius=25&sort=value_asc`,
    },
    {
      name: "search_category_25km",
      label: `category tradie_tools within 25 km`,
      path: `/search?category=tradie_tools&location=${place}&radius=25`,
    },
  ];
  const probePages: Record<
    string,
    { label: string; path: string; status: number; cards: number; queries: Captured[] }
  > = {};
  for (const probe of probeList)
    probePages[probe.name] = { label: probe.label, path: probe.path, ...(await visit(probe.path)) };
  // "Load more" ten pages deep, following the page's own next link (its opaque cursor).
  {
    let pagePath: string | null = deepFrom;
    let depth = 1;
    let last: Awaited<ReturnType<typeof visit>> | null = null;
    while (pagePath && depth <= 10) {
      last = await visit(pagePath);
      const next = last.body.match(/href="(\/search\?[^"]*cursor=[^"]*)"/)?.[1]?.replaceAll("&amp;", "&") ?? null;
      if (depth === 10 || !next) break;
      pagePath = next;
      depth++;
    }
    if (last && depth > 1) {
      probePages.search_text_25km_page_10 = {
        label: `${args.query} within 25 km, "Load more" page ${depth}`,
        path: pagePath!,
        ...last,
      };
    } else log('no "Load more" link on the search page: skipping the deep search page');
  }
  return probePages;
}

/** EXPLAIN ANALYZE of every statement each probe ran, with its hottest. */
export async function explainSearchProbes(
  { explainPage }: Explainer,
  probePages: Awaited<ReturnType<typeof visitSearchProbes>>,
) {
  const probes: Record<
    string,
    {
      label: string;
      path: string;
      status: number;
      listingLinks: number;
      db: DbTime | null;
      statements: { sql: string; executionMs: number; planningMs: number; plan: string }[];
    }
  > = {};
  for (const [name, page] of Object.entries(probePages)) {
    const queries = await explainPage(page.queries);
    probes[name] = {
      label: page.label,
      path: page.path,
      status: page.status,
      listingLinks: page.cards,
      db: hottest(queries),
      // Every statement the page ran, in order (a search may retry, e.g. with fuzzy matching).
      statements: queries.map((x) => ({
        sql: x.sql.slice(0, 400),
        executionMs: x.executionMs,
        planningMs: x.planningMs,
        plan: x.plan,
      })),
    };
  }
  return probes;
}
