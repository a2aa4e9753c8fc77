import { withParam } from "./page-header";

/**
 * A back-office list's filters as its address carries them: each named one ("" when absent, as the filter bar's
 * "Any" choice sends it) and the page's cursor. What a value means is the core finder's business: it keeps only
 * the values it knows.
 */
export function readListFilters<const K extends string>(url: URL, keys: readonly K[]) {
  const filters = Object.fromEntries(keys.map((key) => [key, url.searchParams.get(key) ?? ""])) as Record<K, string>;
  return { ...filters, cursor: url.searchParams.get("cursor") ?? undefined };
}

/** The Pager's links: the next page (when there is one) and back to the first, with the filters kept. */
export function pageLinks(url: URL, nextCursor: string | null | undefined) {
  return {
    nextHref: nextCursor ? withParam(url, "cursor", nextCursor) : null,
    firstHref: withParam(url, "cursor", null),
  };
}

/** A filter's choices: "any" first (sent as "": no filter), then each value, named by `label` (itself by default). */
export function filterOptions<const T extends string>(
  any: string,
  values: readonly T[],
  label: (value: T) => string = (value) => value,
) {
  return [{ value: "", label: any }, ...values.map((value) => ({ value, label: label(value) }))];
}
