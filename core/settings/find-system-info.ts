import { count, desc, sql, sum } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { snapshots } from "#db/schema/ops.ts";
import pkg from "#package.json" with { type: "json" };

export type SystemInfo = {
  version: string;
  uptimeSeconds: number;
  nodeVersion: string;
  /** e.g. "PostgreSQL 17.2", or "PGlite 0.5.16 (embedded PostgreSQL 18.6)": what the database says of itself. */
  database: string;
  backups: {
    last: { id: string; createdAt: Date; sizeBytes: number | null } | null;
    count: number;
    totalBytes: number;
  };
};

type Rows<T> = { rows: T[] } | T[];
const rowsOf = <T>(result: Rows<T>): T[] => ("rows" in result ? result.rows : result);

/** "PostgreSQL 17.2 (Debian ...) on x86_64..." or "PostgreSQL 18.6 (PGlite 0.5.16) on wasm32...", shortened. */
export function describeDatabase(version: string): string {
  const postgres = version.match(/^PostgreSQL (\S+)/)?.[1] ?? version;
  const pglite = version.match(/\(PGlite ([^)\s]+)\)/)?.[1];
  return pglite ? `PGlite ${pglite} (embedded PostgreSQL ${postgres})` : `PostgreSQL ${postgres}`;
}

/** The Settings page's figures, read now: this build's version, this process's uptime and Node, the database and its snapshots. */
export async function findSystemInfo(db: Db): Promise<SystemInfo> {
  const [versionRow] = rowsOf(await db.execute<{ version: string }>(sql`select version()`));
  const [last] = await db
    .select({ id: snapshots.id, createdAt: snapshots.createdAt, sizeBytes: snapshots.sizeBytes })
    .from(snapshots)
    .orderBy(desc(snapshots.createdAt))
    .limit(1);
  const [totals] = await db.select({ n: count(), bytes: sum(snapshots.sizeBytes) }).from(snapshots);
  return {
    version: pkg.version,
    uptimeSeconds: Math.floor(process.uptime()),
    nodeVersion: process.version,
    database: describeDatabase(String(versionRow.version)),
    backups: { last: last ?? null, count: Number(totals?.n ?? 0), totalBytes: Number(totals?.bytes ?? 0) },
  };
}
