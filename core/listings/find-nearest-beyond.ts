import type { Db } from "#db/client.ts";
import type { Point } from "../locations/distance";
import type { ListingCard } from "./find-home-listings";
import type { Viewer } from "./public-listings";
import { searchListings } from "./search-listings";
import { RADIUS_VALUES, type RadiusKm, type SearchParams } from "./search-query";

/** How many of the nearest matches past the radius an empty result shows. */
export const BEYOND_SHOWN = 3;

export type NearestBeyond = {
  /** The smallest distance choice that reaches the nearest match; null when that is past the widest (any distance). */
  radiusKm: RadiusKm | null;
  /** How many match within it (COUNT_CAP + 1 meaning more than COUNT_CAP); null when counting took too long. */
  count: number | null;
  /** The nearest of them, nearest first. */
  listings: ListingCard[];
};

/**
 * For a search that found nothing within its radius: the same search a step wider, so an empty result can say
 * "3 more within 50 km" and show them. The nearest match decides the step: the smallest of the distance
 * choices (5 ... 100 km) that reaches it, else any distance. Null when the search had no radius or place, or
 * when nothing matches at any distance. Two queries, both the search's own (the same words, filters and
 * visibility rules): one for the nearest match, one to count and show those within the step.
 */
export async function findNearestBeyond(
  db: Db,
  { params, origin, viewer }: { params: SearchParams; origin: Point | null | undefined; viewer: Viewer },
): Promise<NearestBeyond | null> {
  if (!params.radiusKm || !origin) return null;
  const anyDistance = { ...params, radiusKm: undefined, sort: "nearest" as const, cursor: undefined };
  const nearest = await searchListings(db, { params: anyDistance, origin, viewer, limit: BEYOND_SHOWN });
  const first = nearest.listings[0];
  if (!first || first.distanceKm === null) return null;
  const step = RADIUS_VALUES.find((km) => km > (params.radiusKm ?? 0) && km >= Number(first.distanceKm)) ?? null;
  if (step === null) return { radiusKm: null, count: nearest.total, listings: nearest.listings };
  const within = await searchListings(db, {
    params: { ...anyDistance, radiusKm: step },
    origin,
    viewer,
    limit: BEYOND_SHOWN,
  });
  return { radiusKm: step, count: within.total, listings: within.listings };
}
