import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { findNearestBeyond } from "#core/listings/find-nearest-beyond.ts";
import type { SearchParams } from "#core/listings/search-params.ts";
import { findLocality, type Locality } from "#core/locations/localities.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { createListing } from "../support/factories";
import { databaseForThisFile } from "../support/database-for-file";

// An empty result shows what is just past the radius: "3 more within 50 km", with the nearest of them.

const { db } = await databaseForThisFile();

function place(suburb: string, postcode: string): Locality {
  const found = findLocality({ suburb, postcode });
  if (!found) throw new Error(`no locality ${suburb} ${postcode}`);
  return found;
}
// From Parramatta: Strathfield 9 km, Bondi 25.3 km, Newcastle 113 km.
const PARRAMATTA = place("Parramatta", "2150");
const STRATHFIELD = place("Strathfield", "2135");
const BONDI = place("Bondi", "2026");
const NEWCASTLE = place("Newcastle", "2300");

const owner = crypto.randomUUID();
await db.insert(users).values({ id: owner, name: "Kylie Nguyen", email: `${owner}@example.com.au` });
await db.insert(profiles).values({ userId: owner });

async function list(title: string, at: Locality, status: "active" | "swapped" = "active") {
  await createListing(db, owner, {
    title,
    description: "In good order, pick up any weekend.",
    category: "sports_outdoors",
    condition: "good",
    valueMin: 100,
    valueMax: 200,
    location: at.label,
    suburb: at.suburb,
    state: at.state,
    postcode: at.postcode,
    latitude: at.latitude,
    longitude: at.longitude,
    images: [{ key: "test/listing", widths: [400] }],
    status,
  });
}

await list("Sea kayak, two paddles", BONDI);
await list("Kids kayak", BONDI);
await list("Hobie kayak", NEWCASTLE);
await list("Swapped kayak", STRATHFIELD, "swapped");
await list("Camping stove", STRATHFIELD);

const params = (p: Partial<SearchParams>): SearchParams => ({ q: "", location: "", sort: "newest", ...p });
const origin = { latitude: PARRAMATTA.latitude, longitude: PARRAMATTA.longitude };

describe("the nearest matches beyond an empty search's radius", () => {
  test("kayaks within 5 km of Parramatta: the two at Bondi, within the next distance that reaches them", async () => {
    const beyond = await findNearestBeyond(db, { params: params({ q: "kayak", radiusKm: 5 }), origin, viewer: {} });
    expect(beyond?.radiusKm).toBe(50); // 25 km falls just short of Bondi
    expect(beyond?.count).toBe(2);
    expect(beyond?.listings.map((l) => l.title).sort()).toEqual(["Kids kayak", "Sea kayak, two paddles"]);
    // A swapped listing is no match, however near.
    expect(beyond?.listings.every((l) => Number(l.distanceKm) > 20)).toBe(true);
  });

  test("past the widest distance choice, the nearest at any distance", async () => {
    const beyond = await findNearestBeyond(db, {
      params: params({ q: "hobie", radiusKm: 100 }),
      origin,
      viewer: {},
    });
    expect(beyond).toMatchObject({ radiusKm: null, count: 1 });
    expect(beyond?.listings.map((l) => l.title)).toEqual(["Hobie kayak"]);
  });

  test("the same filters apply: nothing in another category", async () => {
    const beyond = await findNearestBeyond(db, {
      params: params({ q: "kayak", radiusKm: 5, category: "cars_vehicles" }),
      origin,
      viewer: {},
    });
    expect(beyond).toBeNull();
  });

  test("a search without a radius or a place has nothing beyond it", async () => {
    expect(await findNearestBeyond(db, { params: params({ q: "kayak" }), origin, viewer: {} })).toBeNull();
    expect(
      await findNearestBeyond(db, { params: params({ q: "kayak", radiusKm: 5 }), origin: null, viewer: {} }),
    ).toBeNull();
  });
});
