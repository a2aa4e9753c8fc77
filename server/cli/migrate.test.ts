import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { acquireDataLock } from "../data-lock";

// `npm run db:migrate` on the embedded database, as an operator runs it: a process of its own.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-migrate-"));
  dirs.push(dir);
  return dir;
}

const migrateCli = (dir: string) =>
  spawnSync("npx", ["tsx", "server/cli/migrate.ts"], {
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "development", DATA_DIR: dir, DATABASE_URL: "" },
  });

test("migrating the embedded database while the app runs on it is refused, and PGlite is never opened", () => {
  const dir = dataDir();
  // This test process stands for the running app: it holds the data directory's lock, as `npm start` does.
  const release = acquireDataLock(dir);
  try {
    const run = migrateCli(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Another SwapShed process (pid ${process.pid}) is already using the data directory`);
    expect(run.stderr).toContain("The app applies pending migrations itself each time it starts");
    expect(run.stdout).not.toContain("Migrations applied");
    // The refusal comes before the database is opened: no second process ever touched PGlite's files.
    expect(fs.existsSync(path.join(dir, "db"))).toBe(false);
  } finally {
    release();
  }
}, 60_000);
// (The command with the directory free is the app's own openAppDatabase, which every app start runs; a run of it
// here would cost ~15 s of a loaded CI machine for nothing more.)
