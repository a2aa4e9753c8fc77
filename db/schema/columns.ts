// Shared column helpers and value lists for the schema files. Not a table file: the value lists are
// the single source for both the TypeScript types (text(..., { enum })) and the SQL check constraints.
//
// Descending indexes are written `.desc().nullsFirst()`: in PostgreSQL `ORDER BY x DESC` means NULLS FIRST,
// and Drizzle's bare `.desc()` emits DESC NULLS LAST, an index such queries cannot use for ordering.
import { type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, check, timestamp } from "drizzle-orm/pg-core";

/** Stored in UTC (timestamptz); shown in Australia/Sydney time by the app. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
/** Also bumped by Drizzle on every ORM update; raw SQL updates must set it themselves. */
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const tstz = (name: string) => timestamp(name, { withTimezone: true });

/** `column IN ('a', 'b', ...)` from a constant list, for check constraints. Values are our own constants. */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} IN (${sql.raw(list)})`;
}

/** Australian states and territories, as written in "Suburb STATE postcode". */
export const AU_STATES = ["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"] as const;
export type AuState = (typeof AU_STATES)[number];

/** Checks shared by every table that stores an Australian location; `prefix` names the constraints. */
export function locationChecks(
  prefix: string,
  t: { state: AnyPgColumn; postcode: AnyPgColumn; latitude: AnyPgColumn; longitude: AnyPgColumn },
) {
  return [
    check(`${prefix}_state_check`, sql`${t.state} IS NULL OR ${inList(t.state, AU_STATES)}`),
    check(`${prefix}_postcode_check`, sql`${t.postcode} IS NULL OR ${t.postcode} ~ '^[0-9]{4}$'`),
    // Coordinates come from the postcode data set: both or neither, and within range.
    check(
      `${prefix}_coords_check`,
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL) AND (${t.latitude} IS NULL OR
        (${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180))`,
    ),
  ];
}
