import { z } from "zod";
import { CATEGORY_VALUES, CONDITION_VALUES, MAX_VALUE } from "./listing-schema";
import {
  defaultSort,
  MAX_QUERY_LENGTH,
  RADIUS_VALUES,
  type RadiusKm,
  SEARCH_PARAM_NAMES,
  type SearchParams,
  type SearchSort,
  SORT_VALUES,
} from "./search-query";

// Reading a search from a URL, for the search page's loader, and its "Load more" cursor. Server-side in practice:
// the page's component takes what it needs from the zod-free search-query.ts (re-exported here). Nothing in
// a URL makes parsing fail: a value that does not fit is dropped, so an edited or stale link still searches.

export * from "./search-query";

const text = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, " ").trim().slice(0, max))
    .catch("");
// "$1,500" and "1500" alike; anything else (decimals, words, out of range) is no limit at all.
const dollars = z
  .string()
  .transform((s) => s.replace(/[\s$,]/g, ""))
  .pipe(
    z
      .string()
      .regex(/^\d{1,7}$/)
      .transform(Number),
  )
  .pipe(z.number().int().min(1).max(MAX_VALUE))
  .optional()
  .catch(undefined);

/** The search a URL asks for, by SearchParams key (the URL names are SEARCH_PARAM_NAMES); also documents the API's. */
export const searchUrlSchema = z.object({
  q: text(MAX_QUERY_LENGTH),
  location: text(100),
  category: z.enum(CATEGORY_VALUES).optional().catch(undefined),
  condition: z.enum(CONDITION_VALUES).optional().catch(undefined),
  minValue: dollars,
  maxValue: dollars,
  radiusKm: z.coerce
    .number()
    .refine((km): km is RadiusKm => (RADIUS_VALUES as readonly number[]).includes(km))
    .optional()
    .catch(undefined),
  // Left out (or not one of ours): the default for the words, decided below.
  sort: z.enum(SORT_VALUES).optional().catch(undefined),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,400}$/)
    .optional()
    .catch(undefined),
});

type Input = URLSearchParams | Record<string, string | null | undefined>;

/**
 * Reads a search from URL parameters. `hasOrigin` says whether distance can be measured (the typed location
 * resolved, or the viewer has a suburb); it defaults to "a location was typed". Without one, "nearest" is
 * the default order. No sort asked for: relevance when there are words, newest when there are none.
 */
export function parseSearchParams(input: Input, { hasOrigin }: { hasOrigin?: boolean } = {}): SearchParams {
  const get = (name: string) => (input instanceof URLSearchParams ? input.get(name) : input[name]) ?? undefined;
  const parsed = searchUrlSchema.parse(
    Object.fromEntries(Object.entries(SEARCH_PARAM_NAMES).map(([key, name]) => [key, get(name)])),
  );
  // Relevance without words has nothing to rank by: it is the newest first.
  const sort = parsed.sort === "relevance" && !parsed.q ? "newest" : (parsed.sort ?? defaultSort(parsed.q));
  const params: SearchParams = { q: parsed.q, location: parsed.location, sort };
  if (parsed.category) params.category = parsed.category;
  if (parsed.condition) params.condition = parsed.condition;
  let { minValue, maxValue } = parsed;
  // "500 to 100" means 100 to 500.
  if (minValue !== undefined && maxValue !== undefined && minValue > maxValue)
    [minValue, maxValue] = [maxValue, minValue];
  if (minValue !== undefined) params.minValue = minValue;
  if (maxValue !== undefined) params.maxValue = maxValue;
  if (parsed.radiusKm) params.radiusKm = parsed.radiusKm;
  if (params.sort === "nearest" && !(hasOrigin ?? params.location !== "")) params.sort = defaultSort(params.q);
  if (parsed.cursor) params.cursor = parsed.cursor;
  return params;
}

// The cursor: the last card's sort key and id, base64url JSON. `fuzzy` keeps "Load more" on typo-tolerant
// matching when the first page needed it; `tier` is relevance's (title, category, description: 0-2), the key
// then being the order inside the tier. Encoded by the server, validated here like any other input.
export type SearchCursor = { sort: SearchSort; fuzzy: boolean; key: string | number; id: string; tier?: number };

const cursorSchema = z.object({
  s: z.enum(SORT_VALUES),
  f: z.literal(1).optional(),
  k: z.union([z.string().max(40), z.number().finite()]),
  i: z.guid(),
  t: z.number().int().min(0).max(2).optional(),
});

export function encodeCursor(cursor: SearchCursor): string {
  const json = JSON.stringify({
    s: cursor.sort,
    ...(cursor.fuzzy ? { f: 1 } : {}),
    k: cursor.key,
    i: cursor.id,
    ...(cursor.tier === undefined ? {} : { t: cursor.tier }),
  });
  return btoa(json).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor, or null when it is not one of ours (a stale or edited link starts again at page one). */
export function decodeCursor(value: string | undefined): SearchCursor | null {
  if (!value) return null;
  try {
    const json = atob(value.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed = cursorSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    const { s, f, k, i, t } = parsed.data;
    return { sort: s, fuzzy: f === 1, key: k, id: i, ...(t === undefined ? {} : { tier: t }) };
  } catch {
    return null;
  }
}
