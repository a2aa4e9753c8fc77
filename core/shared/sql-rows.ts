/** The rows of a raw `db.execute` result on either driver: node-postgres answers `{ rows }`, PGlite's Drizzle an array. */
export type SqlRows<T> = { rows: T[] } | T[];

export function rowsOf<T>(result: SqlRows<T>): T[] {
  return "rows" in result ? result.rows : result;
}
