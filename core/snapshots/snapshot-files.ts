import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "#db/client.ts";
import { AppError } from "../shared/app-error";

/** Where snapshots are kept: beside the data they copy, never under the web root. */
export const snapshotDirectory = (dataDir: string) => path.resolve(dataDir, "snapshots");

export const PG_DUMP_MISSING =
  "pg_dump was not found on this server: install the PostgreSQL client tools (the same major version as the database server) to take snapshots";

/** The file a snapshot is written to: the embedded database's data directory as a gzipped tarball, or pg_dump's custom format. */
export const snapshotFileName = (id: string, kind: "pglite" | "postgres") =>
  `${id}${kind === "pglite" ? ".tar.gz" : ".dump"}`;

/**
 * Writes a consistent copy of the whole database to `file`. Embedded: PGlite's own dump of its data directory
 * (taken by the process that holds it, so nothing else writes meanwhile). PostgreSQL: `pg_dump --format=custom`,
 * which reads one snapshot of the database while the app keeps serving. A failed dump leaves no file behind.
 */
export async function dumpDatabase(
  db: Database,
  { kind, databaseUrl, file }: { kind: "pglite" | "postgres"; databaseUrl?: string; file: string },
): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    if (kind === "pglite") {
      const dump = await (db.$client as PGlite).dumpDataDir("gzip");
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    } else {
      if (!databaseUrl) throw new AppError("INTERNAL", "DATABASE_URL is not set");
      await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, databaseUrl]);
      fs.chmodSync(file, 0o600);
    }
    return fs.statSync(file).size;
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
}

/**
 * Puts a snapshot back, replacing the database's current contents. The app must be stopped (the embedded
 * database's data lock makes sure of it there). Embedded: the current data directory is moved aside (kept as
 * `db.before-restore-<time>`) and the tarball unpacked in its place. PostgreSQL: `pg_restore --clean` in one
 * transaction, so a failed restore changes nothing.
 */
export async function restoreDatabase({
  kind,
  file,
  dataDir,
  databaseUrl,
  now,
}: {
  kind: "pglite" | "postgres";
  file: string;
  dataDir: string;
  databaseUrl?: string;
  now: Date;
}): Promise<{ keptAside?: string }> {
  if (kind === "postgres") {
    if (!databaseUrl) throw new AppError("INTERNAL", "DATABASE_URL is not set");
    await run(
      "pg_restore",
      [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        `--dbname=${databaseUrl}`,
        file,
      ],
      "pg_restore was not found: install the PostgreSQL client tools to restore snapshots",
    );
    return {};
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const target = path.resolve(dataDir, "db");
  const keptAside = fs.existsSync(target)
    ? path.resolve(dataDir, `db.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`)
    : undefined;
  if (keptAside) fs.renameSync(target, keptAside);
  try {
    fs.mkdirSync(target, { recursive: true });
    const client = new PGlite(target, {
      loadDataDir: new Blob([fs.readFileSync(file)]),
      extensions: { pg_trgm },
    });
    await client.waitReady;
    await client.query("select 1");
    await client.close();
  } catch (error) {
    // Put the data back as it was: a restore that fails leaves the database untouched.
    fs.rmSync(target, { recursive: true, force: true });
    if (keptAside) fs.renameSync(keptAside, target);
    throw error;
  }
  return { keptAside };
}

/** Runs a PostgreSQL client tool; a missing tool is a clear message, its failure its own stderr. */
function run(command: string, args: string[], missing = PG_DUMP_MISSING): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new AppError("INTERNAL", missing) : error),
    );
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new AppError("INTERNAL", `${command} failed: ${stderr.trim().split("\n").pop()}`)),
    );
  });
}
