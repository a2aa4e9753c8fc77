// `npm run snapshot:restore -- ID`: put a snapshot taken on the Tools page ('Snapshot Before Deploy') back.
// Stop the app first: on the embedded database the data lock refuses while it runs; on PostgreSQL stop every
// process, since the restore replaces the whole database (in one transaction).
import fs from "node:fs";
import path from "node:path";
import { registerSnapshotFiles } from "#core/snapshots/register-snapshot-files.ts";
import { restoreDatabase, snapshotDirectory } from "#core/snapshots/snapshot-files.ts";
import { openDatabase } from "#db/client.ts";
import { migrate } from "#db/migrate.ts";
import { acquireDataLock } from "../data-lock";
import { readCliEnv } from "./read-cli-env";

const USAGE = `Usage:
  npm run snapshot:restore -- ID     replace the database with snapshot ID (e.g. snap-20261125-153012-7f3a)
  npm run snapshot:restore -- --list list the snapshots on this machine`;

process.env.LOG_LEVEL ??= "silent";
const [id] = process.argv.slice(2);
if (!id || !/^(snap-\d{8}-\d{6}-[0-9a-f]{4}|--list)$/.test(id)) {
  console.error(USAGE);
  process.exit(2);
}

const env = readCliEnv();
const kind = env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "pglite";
const dir = snapshotDirectory(env.DATA_DIR);
const files = fs.existsSync(dir)
  ? fs
      .readdirSync(dir)
      .filter((f) => f.startsWith("snap-"))
      .sort()
  : [];

if (id === "--list") {
  if (files.length === 0) console.log(`No snapshots in ${dir}.`);
  for (const f of files)
    console.log(`${f.replace(/\.(tar\.gz|dump)$/, "")}  ${fs.statSync(path.join(dir, f)).size} bytes`);
  process.exit(0);
}

const file = files.find((f) => f.replace(/\.(tar\.gz|dump)$/, "") === id);
if (!file) {
  console.error(`Snapshot ${id} is not in ${dir}. 'npm run snapshot:restore -- --list' shows the ones there are.`);
  process.exit(1);
}
const fileKind = file.endsWith(".dump") ? "postgres" : "pglite";
if (fileKind !== kind) {
  console.error(
    `Snapshot ${id} is of the ${fileKind === "postgres" ? "PostgreSQL" : "embedded"} database; this deployment uses the ${kind === "postgres" ? "PostgreSQL" : "embedded"} one.`,
  );
  process.exit(1);
}

let release = () => {};
try {
  if (kind === "pglite") release = acquireDataLock(env.DATA_DIR);
  const { keptAside } = await restoreDatabase({
    kind,
    file: path.join(dir, file),
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    now: new Date(),
  });
  // The snapshot may be older than this code: bring its schema up to date, and list every snapshot file again.
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrate(handle);
    const listed = await registerSnapshotFiles(handle.db, { dataDir: env.DATA_DIR });
    console.log(`Restored ${id}.`);
    if (listed.length) console.log(`Listed again: ${listed.join(", ")}.`);
    if (keptAside)
      console.log(`The data directory as it was before is kept in ${keptAside} (delete it when you are sure).`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  release();
}
