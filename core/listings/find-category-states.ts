import { sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { rowsOf, type SqlRows } from "../shared/sql-rows";
import { isPublicListing } from "./public-listings";

export type CategoryState = { category: string; state: string; lastmod: string };

/**
 * Each category and state that has public listings, with the last time one of them changed: the landing pages
 * worth a crawler's visit (an empty state's page is a page of nothing). At most 10 x 8 rows, whatever the table.
 */
export async function findCategoryStates(db: Db): Promise<CategoryState[]> {
  const result = await db.execute<CategoryState>(
    sql`select ${listings.category} as category, ${listings.state} as state,
        to_char(max(${listings.updatedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as lastmod
      from ${listings} left join ${profiles} on ${profiles.userId} = ${listings.userId}
      where ${isPublicListing()}
      group by ${listings.category}, ${listings.state}
      order by 1, 2`,
  );
  return rowsOf(result as SqlRows<CategoryState>);
}
