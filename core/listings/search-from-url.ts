import type { Db } from "#db/client.ts";
import { resolveSearchPlace } from "../locations/resolve-search-place";
import type { Viewer } from "./public-listings";
import { searchListings } from "./search-listings";
import { parseSearchParams } from "./search-params";

/**
 * A search as a URL asks it (the search page and GET /api/v1/listings): the typed place is resolved to where
 * distances are measured from, then one page of results. Nothing typed: from the viewer's own suburb. Typed but
 * not understood (or one of several places): from nowhere, so that the radius and "nearest" are honestly off
 * rather than quietly measured from home.
 */
export async function searchFromUrl(
  db: Db,
  { query, viewer, limit }: { query: URLSearchParams; viewer: Viewer; limit: number },
) {
  const found = resolveSearchPlace(parseSearchParams(query).location);
  const place = found.kind === "place" ? found.place : null;
  const origin = place
    ? { latitude: place.latitude, longitude: place.longitude }
    : found.kind === "empty"
      ? undefined
      : null;
  const params = parseSearchParams(query, {
    hasOrigin: Boolean(place) || (found.kind === "empty" && Boolean(viewer.point)),
  });
  const result = await searchListings(db, { params, origin, viewer, limit });
  return { ...result, params, found, place };
}
