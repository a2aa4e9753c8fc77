import { z } from "zod";
import { CATEGORY_VALUES, CONDITION_VALUES } from "#core/listings/listing-schema.ts";
import { LISTING_STATUSES } from "#db/schema/listings.ts";
import { isoDateTime, named } from "./contract";

// The answers more than one group of endpoints shares: listing cards (search, favourites, a listing's page).

export const ListingImage = named(
  "ListingImage",
  z
    .object({
      key: z.string(),
      widths: z.array(z.number().int().positive()),
    })
    .meta({
      description:
        "A picture, stored in several widths: each is served at `/uploads/{key}-{width}.webp`. The first is the cover.",
    }),
);

const cardShape = {
  id: z.guid(),
  title: z.string(),
  category: z.enum(CATEGORY_VALUES),
  condition: z.enum(CONDITION_VALUES),
  valueMin: z.number().int().meta({ description: "Indicative value, whole AUD: the low end of the range." }),
  valueMax: z.number().int().meta({ description: "Indicative value, whole AUD: the high end of the range." }),
  location: z.string().meta({ description: "Suburb, state and postcode, e.g. `Bondi NSW 2026`." }),
  images: z.array(ListingImage),
  status: z.enum(LISTING_STATUSES),
  createdAt: isoDateTime,
  ownerId: z.string(),
  ownerName: z.string(),
  ownerVerified: z.boolean().meta({ description: "The owner's e-mail address is verified." }),
  ownerRating: z
    .number()
    .nullable()
    .meta({ description: "The average of the owner's reviews (1 to 5), null before the first." }),
  ownerReviewCount: z.number().int(),
  isFavourite: z.boolean().meta({ description: "The signed-in member has saved it (always false for visitors)." }),
  distanceKm: z.number().nullable().meta({
    description: "From the place searched, else from the signed-in member's suburb; null when neither is known.",
  }),
};

export const ListingCard = named(
  "ListingCard",
  z.object(cardShape).meta({ description: "A public listing as its card shows it." }),
);

export const ListingDetail = named(
  "ListingDetail",
  z
    .object({
      ...cardShape,
      description: z.string(),
      wants: z.string().meta({ description: `"What I'd swap it for", as its owner wrote it; empty when not said.` }),
      wantsCategories: z
        .array(z.enum(CATEGORY_VALUES))
        .meta({ description: "Up to 3 categories its owner would swap it for." }),
      vehicleId: z
        .string()
        .nullable()
        .meta({ description: "The VIN or HIN its owner gave (cars, motorbikes and boats only), or null." }),
      suburb: z.string(),
      state: z.string(),
      postcode: z.string(),
      ownerSince: isoDateTime,
    })
    .meta({ description: "A listing as its page shows it." }),
);

/** A path parameter holding a listing's or a swap's id; anything else is simply not found (404). */
export const idParam = (what: string) => z.string().meta({ description: `The ${what}'s id (a UUID).` });
