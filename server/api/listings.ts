import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppContext } from "#app/context.ts";
import { createListing } from "#core/listings/create-listing.ts";
import { deleteListing } from "#core/listings/delete-listing.ts";
import { findFavouriteListings } from "#core/listings/find-favourite-listings.ts";
import { findListing } from "#core/listings/find-listing.ts";
import { findMyListings } from "#core/listings/find-my-listings.ts";
import { readListingForm } from "#core/listings/read-listing-form.ts";
import {
  CATEGORY_VALUES,
  listingFieldsSchema,
  MAX_IMAGE_BYTES,
  MAX_IMAGES,
  MAX_WANTS_CATEGORIES,
  MAX_WANTS_LENGTH,
  TOO_MANY_WANTS_CATEGORIES,
  VEHICLE_ID_INVALID,
  VEHICLE_ID_WRONG_CATEGORY,
  WANTS_TOO_LONG,
} from "#core/listings/listing-schema.ts";
import { searchFromUrl } from "#core/listings/search-from-url.ts";
import { RADIUS_VALUES, SEARCH_PARAM_NAMES, searchUrlSchema } from "#core/listings/search-params.ts";
import { setFavourite } from "#core/listings/toggle-favourite.ts";
import { updateListing } from "#core/listings/update-listing.ts";
import { AppError } from "#core/shared/app-error.ts";
import { findMemberLocation } from "#core/accounts/find-member-location.ts";
import { findNearestLocality } from "#core/locations/find-nearest-locality.ts";
import { AU_STATES } from "#db/schema/columns.ts";
import { LISTING_STATUSES, MODERATION_STATUSES } from "#db/schema/listings.ts";
import { cursorQuery, memberOf } from "./account";
import { createRouter, endpointsOf, isoDateTime, named, pathParam } from "./contract";
import { localitiesHandler } from "./localities";
import { idParam, ListingCard, ListingDetail, ListingImage } from "./shapes";

/** 8 pictures of up to 5 MB each, plus the text fields: anything larger is refused before it is read. */
export const LISTING_UPLOAD_LIMIT = MAX_IMAGES * MAX_IMAGE_BYTES + 1024 * 1024;

async function viewerOf(ctx: AppContext) {
  const user = await ctx.getUser();
  const point = user ? await findMemberLocation(ctx.db, user.id) : null;
  return { userId: user?.id ?? null, point };
}

// ---- What the endpoints read ----

const FEED_LIMIT = 12;
const MAX_FEED_LIMIT = 50;

/** The search's own URL schema, under the names the URL uses (`min`, `radius` ...), one parameter each. */
const searchQuery = Object.fromEntries(
  Object.entries(SEARCH_PARAM_NAMES).map(([key, name]) => [
    name,
    searchUrlSchema.shape[key as keyof typeof SEARCH_PARAM_NAMES],
  ]),
) as Record<string, z.ZodType>;
const SEARCH_PARAM_NOTES: Record<string, string> = {
  q: "Words to find: each word, or any of its Australian synonyms (`ute` is also `utility` and `pickup`), in the title, the category's everyday words or the description (English stemming; a typo-tolerant match when the words find nothing). What an owner would swap for is never matched.",
  location:
    "A place to search around: a suburb (`Bondi NSW 2026`), a city (`Melbourne`) or a postcode. Left out, distances are measured from the member's own suburb.",
  min: "The lowest value wanted, whole dollars (`$1,500` and `1500` alike); listings whose range reaches it match.",
  max: "The highest value wanted, whole dollars.",
  radius: `Kilometres around the place searched (needs a place or a member's suburb): ${RADIUS_VALUES.join(", ")}.`,
  sort: "Left out: `relevance` with words (title matches, then category, then description; then distance from a place searched, else newest), `newest` without. `nearest` needs a place (or the member's suburb); without one it is the default.",
  cursor:
    "The `nextCursor` of the previous page, with the same other parameters: the next page (keyset, never an offset).",
};
for (const [name, note] of Object.entries(SEARCH_PARAM_NOTES))
  searchQuery[name] = searchQuery[name].meta({ description: note });

const limitQuery = z
  .number()
  .int()
  .min(1)
  .max(MAX_FEED_LIMIT)
  .default(FEED_LIMIT)
  .meta({ description: `Cards per page, 1 to ${MAX_FEED_LIMIT} (a larger number is read as ${MAX_FEED_LIMIT}).` });

function readLimit(value: string | undefined) {
  return Math.min(Math.max(Number(value) || FEED_LIMIT, 1), MAX_FEED_LIMIT);
}

const LOCATION_PICK =
  "The suburb picked from `/localities` suggestions (optional): it wins while `location` still reads as its label.";

/** The create/edit form as multipart: the listing's fields (their rules from the form's own schema) and pictures. */
const listingFormShape = {
  ...listingFieldsSchema.shape,
  wants: z
    .string()
    .max(MAX_WANTS_LENGTH)
    .optional()
    .meta({
      description: `"What I'd swap it for" (optional): shown on the listing's page, never searched as the item. Refused with '${WANTS_TOO_LONG}'.`,
    }),
  wantsCategories: z
    .array(z.enum(CATEGORY_VALUES))
    .max(MAX_WANTS_CATEGORIES)
    .optional()
    .meta({
      description: `Up to ${MAX_WANTS_CATEGORIES} categories it would be swapped for (optional): one form field per category. Refused with '${TOO_MANY_WANTS_CATEGORIES}'.`,
    }),
  vehicleId: z
    .string()
    .optional()
    .meta({
      description: `The VIN or HIN (optional; categories cars_vehicles, motorcycles and boats_marine only): spaces and dashes dropped, upper-cased, then 5 to 17 letters and digits. Refused with '${VEHICLE_ID_INVALID}' or '${VEHICLE_ID_WRONG_CATEGORY}'.`,
    }),
  locationSuburb: z.string().optional().meta({ description: LOCATION_PICK }),
  locationState: z.enum(AU_STATES).optional().meta({ description: LOCATION_PICK }),
  locationPostcode: z.string().optional().meta({ description: LOCATION_PICK }),
};
/** JPEG, PNG, WebP or GIF, recognised by its bytes (the declared type and file name are not trusted). */
const picture = z.file().mime(["image/jpeg", "image/png", "image/webp", "image/gif"]).max(MAX_IMAGE_BYTES);

const NewListingForm = named(
  "NewListingForm",
  z
    .object({
      ...listingFormShape,
      images: z
        .array(picture)
        .min(1)
        .max(MAX_IMAGES)
        .meta({
          description: `1 to ${MAX_IMAGES} pictures of up to 5 MB each, the cover first; checked by their content, re-encoded and stripped of their metadata (GPS position included).`,
        }),
    })
    .meta({
      description: "Value range: `valueMax` at least `valueMin`. `location` must be a suburb `/localities` knows.",
    }),
);

const ListingEditForm = named(
  "ListingEditForm",
  z
    .object({
      ...listingFormShape,
      keepImages: z.array(z.string()).optional().meta({
        description: "The `key` of each current picture to keep, in the order wanted; the others are removed.",
      }),
      pictureOrder: z.array(z.string()).optional().meta({
        description:
          "Every picture in the order to show them, the cover first: a kept `key`, or `new:N` for the N-th file in `images` (from 0). It must name each kept picture and each new file exactly once; left out, the kept pictures come first and the new ones after them.",
      }),
      images: z
        .array(picture)
        .max(MAX_IMAGES)
        .optional()
        .meta({ description: `New pictures, added after the kept ones (${MAX_IMAGES} at most in all).` }),
    })
    .meta({
      description:
        "Every field again, as on the edit page. A listing in an accepted or completed swap cannot be edited.",
    }),
);

// ---- What they answer ----

const LocalityShape = z.object({
  suburb: z.string(),
  state: z.enum(AU_STATES),
  postcode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  label: z.string().meta({ description: "`Bondi NSW 2026`: what a location field takes." }),
});
const Localities = named("Localities", z.object({ localities: z.array(LocalityShape) }));
const OneLocality = named("OneLocality", z.object({ locality: LocalityShape }));

const SearchResults = named(
  "SearchResults",
  z.object({
    listings: z.array(ListingCard),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: "Pass as `cursor` (with the same search) for the next page; null on the last." }),
    total: z.number().int().nullable().meta({
      description:
        "How many match, on a first page: counted up to 100 (101 means more than 100); null on later pages or when counting took too long.",
    }),
    place: z
      .string()
      .nullable()
      .meta({ description: "The place distances were measured from, when `location` named one." }),
  }),
);

const OneListing = named("OneListing", z.object({ listing: ListingDetail }));
const ListingId = named("ListingId", z.object({ id: z.guid() }));
const Ok = named("Ok", z.object({ ok: z.literal(true) }));
const Favourite = named("Favourite", z.object({ favourite: z.boolean() }));
const Favourites = named("Favourites", z.object({ listings: z.array(ListingCard) }));

const MyListings = named(
  "MyListings",
  z.object({
    listings: z.array(
      z.object({
        id: z.guid(),
        title: z.string(),
        description: z.string(),
        category: listingFieldsSchema.shape.category,
        status: z.enum(LISTING_STATUSES),
        moderationStatus: z.enum(MODERATION_STATUSES),
        takedownReason: z.string().nullable(),
        valueMin: z.number().int(),
        valueMax: z.number().int(),
        location: z.string(),
        images: z.array(ListingImage),
        createdAt: isoDateTime,
      }),
    ),
    nextCursor: z.string().nullable(),
  }),
);

// ---- The endpoints ----

// By who may call them: anyone (no session read), anyone with members seeing more, members only.
const publicEndpoint = endpointsOf({ tag: "Listings", access: "public" });
const browseEndpoint = endpointsOf({ tag: "Listings", access: "optional" });
const ownListingEndpoint = endpointsOf({ tag: "Listings", access: "member" });
const favouriteEndpoint = endpointsOf({ tag: "Favourites", access: "member" });

export const localitiesEndpoint = publicEndpoint("get /localities", {
  operationId: "suggestLocalities",
  summary: "Suburb suggestions for a location field",
  query: {
    q: z
      .string()
      .optional()
      .meta({ description: "2 to 60 characters of a suburb's name or postcode; anything else suggests nothing." }),
  },
  responses: { 200: { description: "Up to 8 suburbs, best first.", schema: Localities } },
});

export const nearestLocalityEndpoint = publicEndpoint("get /localities/nearest", {
  operationId: "nearestLocality",
  summary: "The suburb a position is in",
  description:
    'For a location field\'s "Use my location": the nearest suburb to a position in degrees. The position is not stored. Limited per client address.',
  query: {
    latitude: z.number().min(-90).max(90).meta({ description: "Degrees, south negative: `-33.8136`." }),
    longitude: z.number().min(-180).max(180).meta({ description: "Degrees, east positive: `151.0034`." }),
  },
  responses: { 200: { description: "The nearest suburb.", schema: OneLocality } },
  errors: {
    400: "'Send a position as latitude and longitude in degrees.', or the position is not near any Australian suburb.",
    429: "'Too many position look-ups. …' (with Retry-After).",
  },
});

export const searchEndpoint = browseEndpoint("get /listings", {
  operationId: "searchListings",
  summary: "Search public listings",
  description:
    "Every parameter is optional: with none, the newest listings. A value that does not fit is ignored (as an edited link would be), never an error. Pages are keyset: follow `nextCursor` with the same search. Asked without a cookie or a token, the answer is shared between visitors: it carries an `ETag` (send it back in `If-None-Match` for a 304) and `Cache-Control: public, max-age=0, s-maxage=10, stale-while-revalidate=30`.",
  query: { ...searchQuery, limit: limitQuery },
  responses: { 200: { description: "A page of listing cards.", schema: SearchResults } },
  errors: {
    503: "'Search is busy right now. Please try again in a moment, or narrow it down with a place or a category.'",
  },
});

export const getListingEndpoint = browseEndpoint("get /listings/:id", {
  operationId: "getListing",
  summary: "One listing",
  description:
    "Public listings for anyone; the owner also sees their own reserved or swapped ones, and so does the other party of its swap. Asked without a cookie or a token, the answer is shared between visitors: it carries an `ETag` (send it back in `If-None-Match` for a 304) and `Cache-Control: public, max-age=0, s-maxage=10, stale-while-revalidate=30`.",
  params: { id: idParam("listing") },
  responses: { 200: { description: "The listing.", schema: OneListing } },
  errors: { 404: "'Listing not found'" },
});

export const createListingEndpoint = ownListingEndpoint("post /listings", {
  operationId: "createListing",
  summary: "List an item",
  description: "10 new listings an hour and 30 a day per member.",
  body: { type: "multipart", schema: NewListingForm, required: true },
  responses: { 201: { description: "Listed: the new listing's id.", schema: ListingId } },
  errors: {
    400: "A field breaks its rule (`fields` names it), e.g. 'Title must be at least 3 characters', 'Please select an image', 'fake.jpg: Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.' (each refused picture by name, one a line).",
    429: "'You've reached the limit for new listings. …' (when you can list again).",
  },
});

export const updateListingEndpoint = ownListingEndpoint("put /listings/:id", {
  operationId: "updateListing",
  summary: "Change one of your listings",
  params: { id: idParam("listing") },
  body: { type: "multipart", schema: ListingEditForm, required: true },
  responses: { 200: { description: "Saved.", schema: ListingId } },
  errors: {
    400: "A field breaks its rule (`fields` names it; a refused picture is named: 'fake.jpg: Invalid file type. …'), or `pictureOrder` is not a permutation of the kept and new pictures.",
    404: "'Listing not found' (also for someone else's listing).",
    409: "The listing is in an accepted or completed swap, was removed by moderators, or its pictures changed meanwhile.",
  },
});

export const deleteListingEndpoint = ownListingEndpoint("delete /listings/:id", {
  operationId: "deleteListing",
  summary: "Delete one of your listings",
  params: { id: idParam("listing") },
  responses: { 200: { description: "Deleted.", schema: Ok } },
  errors: {
    404: "'Listing not found' (also for someone else's listing).",
    409: "The listing is in an accepted or completed swap.",
  },
});

export const myListingsEndpoint = ownListingEndpoint("get /me/listings", {
  operationId: "listMyListings",
  summary: "Your listings",
  description: "Every state but deleted, newest first, 24 a page.",
  query: { cursor: cursorQuery("listings") },
  responses: { 200: { description: "A page of your listings and the next page's cursor.", schema: MyListings } },
});

export const favouritesEndpoint = favouriteEndpoint("get /me/favourites", {
  operationId: "listFavourites",
  summary: "Your saved listings",
  description: "Those still public, most recently saved first (200 at most).",
  responses: { 200: { description: "Listing cards.", schema: Favourites } },
});

export const addFavouriteEndpoint = favouriteEndpoint("put /listings/:id/favourite", {
  operationId: "addFavourite",
  summary: "Save a listing",
  description: "Saving one already saved changes nothing.",
  params: { id: idParam("listing") },
  responses: { 200: { description: "Saved.", schema: Favourite } },
  errors: { 404: "'Listing not found': only public listings can be saved." },
});

export const removeFavouriteEndpoint = favouriteEndpoint("delete /listings/:id/favourite", {
  operationId: "removeFavourite",
  summary: "Un-save a listing",
  description: "Always works, even when the listing has gone since.",
  params: { id: idParam("listing") },
  responses: { 200: { description: "No longer saved.", schema: Favourite } },
});

const refusedUpload = bodyLimit({
  maxSize: LISTING_UPLOAD_LIMIT,
  onError: (c) => c.json({ error: "File size exceeds 5MB limit." }, 413),
});

/** /api/v1 listings, favourites and localities: the same use cases the pages call. */
export function createListingRoutes() {
  const router = createRouter();

  router.add(localitiesEndpoint, (c, reply) => reply(200, localitiesHandler(c.req.query("q"))));

  router.add(nearestLocalityEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const locality = await findNearestLocality(ctx.db, {
      latitude: c.req.query("latitude"),
      longitude: c.req.query("longitude"),
      ip: ctx.meta.ip,
      now: ctx.clock.now(),
    });
    return reply(200, { locality });
  });

  router.add(searchEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const query = new URL(c.req.url).searchParams;
    const found = await searchFromUrl(ctx.db, {
      query,
      viewer: await viewerOf(ctx),
      limit: readLimit(query.get("limit") ?? undefined),
    });
    return reply(200, {
      listings: found.listings,
      nextCursor: found.nextCursor,
      total: found.total,
      place: found.place?.label ?? null,
    });
  });

  router.add(getListingEndpoint, async (c, reply) => {
    const ctx = c.get("ctx");
    const listing = await findListing(ctx.db, { id: pathParam(c, "id"), viewer: await viewerOf(ctx) });
    if (!listing) throw new AppError("NOT_FOUND", "Listing not found");
    return reply(200, { listing });
  });

  router.add(
    createListingEndpoint,
    async (c, reply) => {
      const { ctx, user } = await memberOf(c);
      const input = await readListingForm(c.req.raw);
      return reply(201, { id: await createListing(ctx, { ownerId: user.id, ...input }) });
    },
    refusedUpload,
  );

  router.add(
    updateListingEndpoint,
    async (c, reply) => {
      const { ctx, user } = await memberOf(c);
      const input = await readListingForm(c.req.raw);
      return reply(200, {
        id: await updateListing(ctx, { listingId: pathParam(c, "id"), actorId: user.id, ...input }),
      });
    },
    refusedUpload,
  );

  router.add(deleteListingEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    await deleteListing(ctx, { listingId: pathParam(c, "id"), actorId: user.id });
    return reply(200, { ok: true });
  });

  router.add(myListingsEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    return reply(200, await findMyListings(ctx.db, { ownerId: user.id, cursor: c.req.query("cursor") }));
  });

  router.add(favouritesEndpoint, async (c, reply) => {
    const { ctx, user } = await memberOf(c);
    return reply(200, {
      listings: await findFavouriteListings(ctx.db, { userId: user.id, viewer: await viewerOf(ctx) }),
    });
  });

  for (const [endpoint, favourite] of [
    [addFavouriteEndpoint, true],
    [removeFavouriteEndpoint, false],
  ] as const) {
    router.add(endpoint, async (c, reply) => {
      const { ctx, user } = await memberOf(c);
      return reply(200, {
        favourite: await setFavourite(ctx.db, { userId: user.id, listingId: pathParam(c, "id"), favourite }),
      });
    });
  }

  return router;
}
