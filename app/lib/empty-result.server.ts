import type { Db } from "#db/client.ts";
import { findNearestBeyond } from "#core/listings/find-nearest-beyond.ts";
import { COUNT_CAP } from "#core/listings/search-listings.ts";
import { type SearchParams, toSearchQuery } from "#core/listings/search-params.ts";
import type { Viewer } from "#core/listings/public-listings.ts";
import type { SearchPlace } from "#core/locations/resolve-search-place.ts";
import { cardData } from "../components/listings/listing-card";
import type { EmptyResultData } from "../components/search/empty-result";
import { categoryLabel } from "./categories";
import { describeEmptySearch } from "./describe-empty-search";

/** The search's own fields that a saved search keeps (helper C's POST /account/saved-searches reads them). */
const SAVED_FIELDS = ["q", "location", "category", "condition", "min", "max", "radius"];

/**
 * What the search page shows when a search finds nothing: what was searched, the nearest matches past the
 * radius with a one-click wider search, and the fields for "Tell me when one is listed".
 */
export async function emptyResult(
  db: Db,
  {
    params,
    place,
    viewer,
  }: { params: SearchParams; place: SearchPlace | null; viewer: Viewer & { userId: string | null } },
): Promise<EmptyResultData> {
  const beyond = await findNearestBeyond(db, { params, origin: place, viewer });
  const query = new URLSearchParams(toSearchQuery({ ...params, sort: "newest", cursor: undefined }));
  return {
    description: describeEmptySearch({
      q: params.q,
      category: params.category ? categoryLabel(params.category) : undefined,
      place: place?.label,
      radiusKm: params.radiusKm,
      filtered: Boolean(params.condition || params.minValue || params.maxValue),
    }),
    beyond: beyond && {
      heading: beyondHeading(beyond.count, beyond.radiusKm),
      listings: beyond.listings.map((listing) => cardData(listing, viewer.userId)),
      wider: {
        label: beyond.radiusKm ? `Search within ${beyond.radiusKm} km` : "Search at any distance",
        href: `/search?${toSearchQuery({ ...params, radiusKm: beyond.radiusKm ?? undefined, cursor: undefined })}`,
      },
    },
    saveFields: SAVED_FIELDS.flatMap((name) => {
      const value = query.get(name);
      return value ? [{ name, value }] : [];
    }),
  };
}

/** "3 more within 50 km", "100+ more within 100 km", "2 more further away"; "More within 50 km" uncounted. */
function beyondHeading(count: number | null, radiusKm: number | null): string {
  const where = radiusKm ? `within ${radiusKm} km` : "further away";
  if (count === null) return `More ${where}`;
  return `${count > COUNT_CAP ? `${COUNT_CAP}+` : count} more ${where}`;
}
