import { suggestPlaces } from "#core/locations/better-known-spelling.ts";
import type { Locality } from "#core/locations/localities.ts";

/**
 * GET /api/v1/localities?q=... : suggestions for the location field. Anyone may ask (sign-up and search
 * forms need it); queries outside 2..60 characters answer with an empty list rather than an error.
 */
export function localitiesHandler(q: string | undefined): { localities: Locality[] } {
  const query = q?.trim() ?? "";
  if (query.length < 2 || query.length > 60) return { localities: [] };
  return { localities: suggestPlaces(query) };
}
