import { type AnyColumn, type SQL, type SQLWrapper, sql } from "drizzle-orm";

export type Point = { latitude: number; longitude: number };
export type BoundingBox = { minLat: number; maxLat: number; minLng: number; maxLng: number };

/** Mean Earth radius. Distances are as the crow flies; good to well under 1% for our purpose. */
const EARTH_RADIUS_KM = 6371;
const RAD = Math.PI / 180;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const h =
    Math.sin(((b.latitude - a.latitude) * RAD) / 2) ** 2 +
    Math.cos(a.latitude * RAD) * Math.cos(b.latitude * RAD) * Math.sin(((b.longitude - a.longitude) * RAD) / 2) ** 2;
  // min(1, ...) guards asin against rounding just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const wholeKm = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });

/** "< 1 km", "3 km", "42 km", "1,250 km". */
export function formatDistance(km: number): string {
  if (!(km >= 1)) return "< 1 km";
  return `${wholeKm.format(Math.round(km))} km`;
}

/**
 * The same haversine in SQL, from functions PostgreSQL and PGlite both have built in (no PostGIS or
 * earthdistance), so a query can order and filter by distance. Pair it with `boundingBox` in the WHERE
 * clause so the (latitude, longitude) index narrows the rows before this is computed for each.
 */
export function distanceKmSql(
  latCol: AnyColumn | SQLWrapper,
  lngCol: AnyColumn | SQLWrapper,
  lat: number,
  lng: number,
): SQL<number> {
  const lat2 = sql`cast(${lat} as double precision)`;
  const lng2 = sql`cast(${lng} as double precision)`;
  const h = sql`power(sin(radians(${lat2} - ${latCol}) / 2), 2)
    + cos(radians(${latCol})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lngCol}) / 2), 2)`;
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(${h}))))`.mapWith(Number);
}

/**
 * The smallest latitude/longitude box holding every point within `radiusKm` of (lat, lng), for an indexed
 * pre-filter (`latitude BETWEEN minLat AND maxLat AND longitude BETWEEN minLng AND maxLng`). Longitude
 * widens towards the poles; near a pole, or across the antimeridian, it spans all longitudes.
 */
export function boundingBox(lat: number, lng: number, radiusKm: number): BoundingBox {
  const angular = Math.max(0, radiusKm) / EARTH_RADIUS_KM; // radians
  const minLat = lat - angular / RAD;
  const maxLat = lat + angular / RAD;
  if (minLat <= -90 || maxLat >= 90) {
    return { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLng: -180, maxLng: 180 };
  }
  // Widest longitude offset on a circle of that radius (Matuschek, "Finding points within a distance").
  const dLng = Math.asin(Math.min(1, Math.sin(angular) / Math.cos(lat * RAD))) / RAD;
  const minLng = lng - dLng;
  const maxLng = lng + dLng;
  if (minLng < -180 || maxLng > 180) return { minLat, maxLat, minLng: -180, maxLng: 180 };
  return { minLat, maxLat, minLng, maxLng };
}
