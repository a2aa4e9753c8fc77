// `npm test`: every test. Unit + integration on in-memory PGlite; the same suite on PostgreSQL when
// TEST_DATABASE_URL is set; then browser journeys in Chromium against the production build (on
// PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set); then, on PostgreSQL only, the scale-out
// suite: two processes of the production build over one database; then the fault suite: the production build
// SIGKILLed mid-write and restarted, on PGlite (and PostgreSQL).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { CHROMIUM_PATH } from "./chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const ci = process.env.CI === "true";
const chromium = CHROMIUM_PATH;
const results = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStep = false;

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    failedStep = true;
    console.error(`--- ${label}: failed (exit ${result.status})`);
  }
}

function countVitest(file) {
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!fs.existsSync(file)) return;
  const { stats } = JSON.parse(fs.readFileSync(file, "utf8"));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

async function freshPostgresDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

const vitestArgs = (out) => ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${out}`];

run("unit + integration (PGlite)", "npx", vitestArgs(path.join(results, "vitest-pglite.json")), {
  TEST_DATABASE_URL: "",
});
countVitest(path.join(results, "vitest-pglite.json"));

const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  run("unit + integration (PostgreSQL)", "npx", vitestArgs(path.join(results, "vitest-postgres.json")));
  countVitest(path.join(results, "vitest-postgres.json"));
} else {
  console.log("\nTEST_DATABASE_URL is not set: the integration suite ran on PGlite only.");
}

const haveChromium = fs.existsSync(chromium);
// The browser journeys, the scale-out suite and the fault suite run the production build.
run("build", "npx", ["react-router", "build"]);

if (!haveChromium) {
  const message = `Chromium was not found at ${chromium}: the browser tests cannot run. Install it with 'apt-get install chromium' (or set CHROMIUM_PATH).`;
  if (ci) {
    console.error(`\n${message}\nUnder CI=true this is a failure, not a skip.`);
    failedStep = true;
  } else {
    console.warn(`\n${message}\nBrowser tests SKIPPED.`);
  }
} else {
  const e2eRuns = [
    { label: "PGlite", args: [], env: { E2E_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-e2e-")) } },
  ];
  if (pgUrl) {
    // On PostgreSQL the journeys that store and read data run again; the page-by-page checks (axe, form
    // messages) do not depend on the database and ran on PGlite already.
    e2eRuns.push({
      label: "PostgreSQL",
      args: [
        "tests/e2e/auth.spec.ts",
        "tests/e2e/listings.spec.ts",
        "tests/e2e/search.spec.ts",
        "tests/e2e/swaps.spec.ts",
        "tests/e2e/back-office.spec.ts",
        "tests/e2e/moderation-queue.spec.ts",
        "tests/e2e/admin-tools.spec.ts",
        "tests/e2e/admin-settings.spec.ts",
        "tests/e2e/admin-reports.spec.ts",
        "tests/e2e/system-logs.spec.ts",
        "tests/e2e/account-data.spec.ts",
        "tests/e2e/account-email.spec.ts",
        "tests/e2e/account-security.spec.ts",
        "tests/e2e/identity-provider.spec.ts",
        "tests/e2e/passkeys.spec.ts",
        "tests/e2e/visitor-cache.spec.ts",
        "--grep-invert",
        "the form's messages",
      ],
      // One database per run: two checkouts testing on one server must not drop each other's.
      env: { E2E_DATABASE_URL: await freshPostgresDatabase(pgUrl, `swapshed_e2e_${process.pid}`) },
    });
  }
  for (const { label, args, env } of e2eRuns) {
    const out = path.join(results, `e2e-${label}.json`);
    run(`browser journeys (${label})`, "npx", ["playwright", "test", ...args], {
      ...env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    countPlaywright(fs.existsSync(out) ? out : path.join(root, "test-results/e2e.json"));
  }
  if (pgUrl) await dropPostgresDatabase(pgUrl, `swapshed_e2e_${process.pid}`);
}

if (pgUrl) {
  // Two app processes over one PostgreSQL (it makes and drops its own database on the TEST_DATABASE_URL server).
  const out = path.join(results, "vitest-scale-out.json");
  run("scale-out: two processes, one PostgreSQL", "npx", [...vitestArgs(out), "--config", "vitest.scale-out.config.ts"]);
  countVitest(out);
} else {
  console.log("\nTEST_DATABASE_URL is not set: the scale-out suite (two app processes over one PostgreSQL) was SKIPPED.");
}

// SIGKILL mid-write, then a restart, twenty times: on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is
// set (it makes and drops its own database there).
{
  const out = path.join(results, "vitest-faults.json");
  run(`faults: SIGKILL mid-write and restart (PGlite${pgUrl ? ", PostgreSQL" : ""})`, "npx", [...vitestArgs(out), "--config", "vitest.faults.config.ts"]);
  countVitest(out);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
