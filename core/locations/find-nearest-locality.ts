import { z } from "zod";
import type { Db } from "#db/client.ts";
import { addressKey } from "../rate-limit/address-key";
import { hitRateLimit } from "../rate-limit/hit-rate-limit";
import { AppError } from "../shared/app-error";
import { distanceKm } from "./distance";
import { type Locality, nearestLocality } from "./localities";

/** Per address: a person taps "Use my location" a few times; a script mapping coordinates to suburbs is stopped. */
export const NEAREST_LOCALITY_LIMIT = { limit: 30, windowSeconds: 10 * 60 };
/** Further than this from every locality is not a place in Australia (out at sea, or abroad). */
const MAX_KM = 50;

export const OUTSIDE_AUSTRALIA =
  "That position isn't near any Australian suburb. Type your suburb or postcode instead.";

const pointSchema = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
});

/**
 * The suburb a browser's position ("Use my location") is in: the nearest locality of the postcode data. The
 * position is only read, never stored. Counted per client address (IPv6 by its /64); over the limit, refused
 * with when to try again.
 */
export async function findNearestLocality(
  db: Db,
  { latitude, longitude, ip, now }: { latitude: unknown; longitude: unknown; ip: string; now: Date },
): Promise<Locality> {
  const point = pointSchema.safeParse({ latitude, longitude });
  if (!point.success || latitude === "" || longitude === "" || latitude == null || longitude == null)
    throw new AppError("VALIDATION", "Send a position as latitude and longitude in degrees.");
  const hit = await hitRateLimit(db, { key: `nearest-locality:ip:${addressKey(ip)}`, ...NEAREST_LOCALITY_LIMIT, now });
  if (!hit.allowed)
    throw new AppError(
      "RATE_LIMITED",
      "Too many position look-ups. Please type your suburb instead, or try again soon.",
      {
        retryAfterSeconds: hit.retryAfterSeconds,
      },
    );
  const locality = nearestLocality(point.data);
  if (distanceKm(point.data, locality) > MAX_KM) throw new AppError("VALIDATION", OUTSIDE_AUSTRALIA);
  return locality;
}
