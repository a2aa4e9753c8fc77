import { desc, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { isUuid } from "./ids";

/**
 * Keyset paging for lists ordered newest first by (created_at, id). The cursor is the id of the last row shown;
 * the next page is the rows after that row in (created_at, id) order, compared in the database against the
 * row's stored values (timestamps keep their microseconds, which a JavaScript Date would round away and so
 * skip or repeat rows). Never OFFSET: a deep page costs what the first does.
 */
export function afterRow(
  table: PgTable,
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  cursorId: string | null | undefined,
): SQL | undefined {
  if (!cursorId) return undefined;
  return sql`(${columns.createdAt}, ${columns.id}) < (select ${columns.createdAt}, ${columns.id} from ${table} where ${columns.id} = ${cursorId})`;
}

/**
 * Newest-first paging of a table keyed by a UUID `id` and `createdAt`: `after`, the condition for the rows after
 * the cursor's row (none for a first page, or a cursor that is not one of its ids); `order`, the order to read them.
 * Read `limit + 1` rows and hand them to pageOf.
 */
export function newestFirst(
  table: PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn },
  cursor: string | null | undefined,
) {
  const keys = { createdAt: table.createdAt, id: table.id };
  return { after: afterRow(table, keys, isUuid(cursor) ? cursor : null), order: [desc(keys.createdAt), desc(keys.id)] };
}

/** One page of `limit` from `limit + 1` fetched rows, with the next page's cursor (or null at the end). */
export function pageOf<T extends { id: string }>(rows: T[], limit: number): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? last.id : null };
}

/** A cursor that can be an id of ours (Better Auth's text ids or UUIDs); anything else means the first page. */
export function cursorId(cursor: string | null | undefined): string | null {
  return cursor && /^[A-Za-z0-9_-]{1,64}$/.test(cursor) ? cursor : null;
}
