// Listings: the goods members offer. Rows are never hard-deleted by members (status 'deleted' is a
// tombstone) so that swap, payment and report history keeps pointing at something.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { categoryWordsCase } from "./category-words";
import { createdAt, inList, locationChecks, tstz, updatedAt } from "./columns";

import { LISTING_CATEGORIES, LISTING_CONDITIONS, type ListingCategory } from "./listing-values";

export { LISTING_CATEGORIES, LISTING_CONDITIONS, type ListingCategory, type ListingCondition } from "./listing-values";

/** active: public and offerable; reserved: in an accepted swap; swapped: swap completed;
 *  cancelled: removed by moderation; deleted: removed by its owner (tombstone). */
export const LISTING_STATUSES = ["active", "reserved", "swapped", "cancelled", "deleted"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const MODERATION_STATUSES = ["pending", "approved", "rejected", "takedown"] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MAX_LISTING_IMAGES = 8;
export const MAX_LISTING_VALUE_AUD = 1_000_000;

/** One uploaded image, re-encoded to WebP at several widths. `key` is the storage key prefix; the file
 *  for a width is derived from key + width by the image module. The first image is the cover. */
export type ListingImage = { key: string; widths: number[] };

/** Grid cells per degree for `geo_cells` (0.2°: about 22 km north-south). Search turns a radius's bounding box
 *  into the cells it touches, so one GIN index can intersect words and place before reading any row. */
export const GEO_CELLS_PER_DEGREE = 5;
/** A cell's number: row * 10000 + column (|column| <= 900, so numbers never collide). */
export const GEO_CELL_ROW_FACTOR = 10_000;

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // RESTRICT: members are anonymised, not deleted, so their listings' history survives.
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    // "What I'd swap it for" (issue 27): free text and up to 3 categories. Never part of the item's search vector:
    // a motorbike whose owner wants a car is not a car. Saved searches (wants) are made from it.
    wants: text("wants").notNull().default(""),
    wantsCategories: text("wants_categories").array().$type<ListingCategory[]>().notNull().default(sql`'{}'::text[]`),
    category: text("category", { enum: LISTING_CATEGORIES }).notNull(),
    condition: text("condition", { enum: LISTING_CONDITIONS }).notNull(),
    // Whole AUD (not cents): an indicative range for barter, never charged.
    valueMin: integer("value_min").notNull(),
    valueMax: integer("value_max").notNull(),
    // Display form "Suburb STATE postcode", resolved from the postcode data set.
    location: text("location").notNull(),
    suburb: text("suburb").notNull(),
    state: text("state").notNull(),
    postcode: text("postcode").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    images: jsonb("images").$type<ListingImage[]>().notNull(),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("active"),
    // Default 'approved': listings are public at once; moderation is reactive (reports, auto takedown).
    moderationStatus: text("moderation_status", { enum: MODERATION_STATUSES }).notNull().default("approved"),
    // Set by reports / auto takedown; cleared when a moderator approves or rejects the report.
    isFlagged: boolean("is_flagged").notNull().default(false),
    takedownReason: text("takedown_reason"),
    takedownAt: tstz("takedown_at"),
    // When the owner deleted it (status 'deleted').
    deletedAt: tstz("deleted_at"),
    // A vehicle's VIN, a motorbike's VIN or a boat's HIN (optional; cars, motorbikes, boats and trailers only), upper
    // case letters and digits. Shown on the listing so both members can run a PPSR search on handover day.
    vehicleId: text("vehicle_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Full-text search, English stemming: the title (weight A), then the category's everyday words (B:
    // db/schema/category-words.ts), then the description (C). Relevance orders by the best weight matched.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce("title", '')), 'A') || setweight(to_tsvector('english', ${sql.raw(categoryWordsCase('"category"'))}), 'B') || setweight(to_tsvector('english', coalesce("description", '')), 'C')`,
    ),
    // The 0.2° grid cell holding the listing (see GEO_CELLS_PER_DEGREE), as an array so that GIN can index it
    // beside search_vector without the btree_gin extension.
    geoCells: integer("geo_cells")
      .array()
      .generatedAlwaysAs(
        sql`CASE WHEN "latitude" IS NULL OR "longitude" IS NULL THEN NULL ELSE ARRAY[floor("latitude" * ${sql.raw(String(GEO_CELLS_PER_DEGREE))})::int * ${sql.raw(String(GEO_CELL_ROW_FACTOR))} + floor("longitude" * ${sql.raw(String(GEO_CELLS_PER_DEGREE))})::int] END`,
      ),
  },
  (t) => [
    check("listings_category_check", inList(t.category, LISTING_CATEGORIES)),
    check("listings_condition_check", inList(t.condition, LISTING_CONDITIONS)),
    check("listings_status_check", inList(t.status, LISTING_STATUSES)),
    check("listings_moderation_status_check", inList(t.moderationStatus, MODERATION_STATUSES)),
    check(
      "listings_vehicle_id_check",
      sql`${t.vehicleId} IS NULL OR (${t.vehicleId} ~ '^[A-Z0-9]{5,17}$' AND ${t.category} IN ('cars_vehicles', 'motorcycles', 'boats_marine'))`,
    ),
    // Wider than the form (3-100, 10-1000) on purpose: the app validates, the database only guards.
    check("listings_title_check", sql`char_length(${t.title}) BETWEEN 1 AND 200`),
    check("listings_description_check", sql`char_length(${t.description}) <= 5000`),
    check("listings_wants_check", sql`char_length(${t.wants}) <= 500`),
    check(
      "listings_wants_categories_check",
      sql`cardinality(${t.wantsCategories}) <= 3 AND ${t.wantsCategories} <@ ARRAY[${sql.raw(LISTING_CATEGORIES.map((c) => `'${c}'`).join(", "))}]::text[]`,
    ),
    check("listings_value_min_check", sql`${t.valueMin} >= 1`),
    check(
      "listings_value_max_check",
      sql`${t.valueMax} >= ${t.valueMin} AND ${t.valueMax} <= ${sql.raw(String(MAX_LISTING_VALUE_AUD))}`,
    ),
    // CASE so jsonb_array_length never sees a non-array.
    check(
      "listings_images_check",
      sql`CASE WHEN jsonb_typeof(${t.images}) = 'array'
        THEN jsonb_array_length(${t.images}) BETWEEN 1 AND ${sql.raw(String(MAX_LISTING_IMAGES))} ELSE false END`,
    ),
    check("listings_deleted_check", sql`${t.status} <> 'deleted' OR ${t.deletedAt} IS NOT NULL`),
    ...locationChecks("listings", t),
    // Home feed / browse: newest active first, keyset-paginated on (created_at, id).
    index("listings_feed_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    // Browse by category.
    index("listings_category_feed_idx")
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    // Distance search pre-filters on a latitude/longitude bounding box. user_id and id make it covering, so
    // "nearest" ranks candidates from the index alone (index-only scan). A btree rather than a GiST on point():
    // PostgreSQL estimates `point <@ box` at a fixed 0.1% of rows whatever the box, and in dense areas that
    // chose plans 10x slower than this one.
    index("listings_geo_idx").on(t.latitude, t.longitude, t.userId, t.id).where(sql`${t.status} = 'active'`),
    // Search: words (and, when a radius is set, grid cells) in one GIN index, intersected before the heap.
    index("listings_search_idx").using("gin", t.searchVector, t.geoCells).where(sql`${t.status} = 'active'`),
    // Typo tolerance (pg_trgm) when the words match nothing: `q <% title`, with grid cells as above.
    index("listings_title_trgm_idx")
      .using("gin", t.title.op("gin_trgm_ops"), t.geoCells)
      .where(sql`${t.status} = 'active'`),
    // Sort by value: low to high on value_min, high to low on value_max (scanned backwards).
    index("listings_value_min_idx").on(t.valueMin, t.id).where(sql`${t.status} = 'active'`),
    index("listings_value_max_idx").on(t.valueMax, t.id).where(sql`${t.status} = 'active'`),
    // My Listings and the admin per-user view.
    index("listings_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // Admin listing list, newest first, all statuses.
    index("listings_created_at_idx").on(t.createdAt.desc().nullsFirst()),
    // Reports: new listings per Sydney day, per category and per suburb over a period, from one index-only scan.
    index("listings_report_idx").on(t.createdAt, t.category, t.suburb, t.state),
    // The back office's filters that match few rows: a moderation state other than approved, a status other
    // than active (each newest first), and a title search across every status (ILIKE '%...%', pg_trgm).
    index("listings_moderation_created_idx")
      .on(t.moderationStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.moderationStatus} <> 'approved'`),
    index("listings_status_created_idx")
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'active'`),
    index("listings_title_all_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    // A picture's listing, for deciding who may see it (/uploads): `images @> [{"key": ...}]`.
    index("listings_images_idx").using("gin", t.images.op("jsonb_path_ops")),
  ],
);
