// Saved searches and the listings they matched (issue 27). A member saves a search from any results page, and a
// member's wants are saved searches too: one per listing's "What I'd swap it for" and one per "Looking for" phrase.
// A new or edited listing is matched against them after its transaction commits (core/events), through these
// indexes, never by reading every saved search.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, inList, tstz, updatedAt } from "./columns";
import { LISTING_CATEGORIES, LISTING_CONDITIONS } from "./listing-values";
import { listings } from "./listings";

/** How often a search's matches reach the member: each at once (at most one notice per search an hour), or one
 *  notice a day or a week listing what matched since the last. */
export const SAVED_SEARCH_FREQUENCIES = ["instantly", "daily", "weekly"] as const;
export type SavedSearchFrequency = (typeof SAVED_SEARCH_FREQUENCIES)[number];

/** search: saved from a results page; listing_wants: a listing's "What I'd swap it for"; looking_for: a phrase
 *  of the member's "Looking for" list. The last two are kept in step by the use cases that change their source. */
export const SAVED_SEARCH_SOURCES = ["search", "listing_wants", "looking_for"] as const;
export type SavedSearchSource = (typeof SAVED_SEARCH_SOURCES)[number];

const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    source: text("source", { enum: SAVED_SEARCH_SOURCES }).notNull().default("search"),
    // The listing whose wants this is (source listing_wants); gone with the listing.
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "cascade" }),
    // What was searched, as the search page's URL says it (core/listings/search-query.ts).
    q: text("q").notNull().default(""),
    location: text("location").notNull().default(""),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    radiusKm: integer("radius_km"),
    category: text("category", { enum: LISTING_CATEGORIES }),
    // A wants search may name up to 3 categories (any of them); a saved search names at most one (`category`).
    categories: text("categories").array().notNull().default(sql`'{}'::text[]`),
    condition: text("condition", { enum: LISTING_CONDITIONS }),
    minValue: integer("min_value"),
    maxValue: integer("max_value"),
    frequency: text("frequency", { enum: SAVED_SEARCH_FREQUENCIES }).notNull().default("instantly"),
    paused: boolean("paused").notNull().default(false),
    // For matching (core/saved-searches): the lexemes of the words and their synonyms (a listing is a candidate
    // when it shares one), and the 0.2° grid cells the place and radius cover (null: anywhere). See
    // db/schema/listings.ts' geo_cells.
    terms: text("terms").array().notNull().default(sql`'{}'::text[]`),
    // The words as the search page reads them, synonyms included (core/search/search-terms.ts), made once when the
    // words are saved: the exact check of a candidate is `search_vector @@ query`. Null: no words.
    query: tsquery("query"),
    geoCells: integer("geo_cells").array(),
    // When its owner was last told of matches: "at most one notice per search per window".
    lastNotifiedAt: tstz("last_notified_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("saved_searches_source_check", inList(t.source, SAVED_SEARCH_SOURCES)),
    check("saved_searches_frequency_check", inList(t.frequency, SAVED_SEARCH_FREQUENCIES)),
    check("saved_searches_category_check", sql`${t.category} IS NULL OR ${inList(t.category, LISTING_CATEGORIES)}`),
    check("saved_searches_condition_check", sql`${t.condition} IS NULL OR ${inList(t.condition, LISTING_CONDITIONS)}`),
    check("saved_searches_name_check", sql`char_length(${t.name}) BETWEEN 1 AND 80`),
    check("saved_searches_q_check", sql`char_length(${t.q}) <= 100`),
    check("saved_searches_categories_check", sql`cardinality(${t.categories}) <= 3`),
    check("saved_searches_listing_check", sql`(${t.source} = 'listing_wants') = (${t.listingId} IS NOT NULL)`),
    // My Account → Saved searches, newest first.
    index("saved_searches_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    // Matching a new listing: searches that share one of its lexemes, searches by category alone, and searches
    // that cover its grid cell. Paused searches are not matched.
    index("saved_searches_terms_idx").using("gin", t.terms).where(sql`NOT ${t.paused}`),
    index("saved_searches_category_idx").on(t.category).where(sql`NOT ${t.paused} AND cardinality(${t.terms}) = 0`),
    index("saved_searches_categories_idx")
      .using("gin", t.categories)
      .where(sql`NOT ${t.paused} AND cardinality(${t.terms}) = 0`),
    index("saved_searches_cells_idx").using("gin", t.geoCells).where(sql`NOT ${t.paused}`),
    index("saved_searches_listing_idx").on(t.listingId).where(sql`${t.listingId} IS NOT NULL`),
  ],
);

/** A listing a saved search matched: once per pair, whatever edits follow. `notifiedAt` is set when the owner was
 *  told (at once, or in the search's daily or weekly notice). */
export const savedSearchMatches = pgTable(
  "saved_search_matches",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    matchedAt: tstz("matched_at").notNull().defaultNow(),
    notifiedAt: tstz("notified_at"),
  },
  (t) => [
    primaryKey({ name: "saved_search_matches_pkey", columns: [t.savedSearchId, t.listingId] }),
    index("saved_search_matches_unnotified_idx").on(t.savedSearchId, t.matchedAt).where(sql`${t.notifiedAt} IS NULL`),
    index("saved_search_matches_listing_idx").on(t.listingId),
  ],
);
