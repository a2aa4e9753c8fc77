// `npm test`: every test, in two lanes side by side (the machine's second core would otherwise idle while a
// browser journey waits on its page):
//   lane 1: unit + integration on in-memory PGlite; the same suite on PostgreSQL when TEST_DATABASE_URL is set;
//           then, on PostgreSQL only, the scale-out suite (two processes of the production build over one
//           database); then the fault suite (the production build SIGKILLed mid-write and restarted, on PGlite
//           and PostgreSQL).
//   lane 2: the production build, then browser journeys in Chromium against it (on PGlite, and the journeys
//           whose database matters on PostgreSQL too).
// Each line of output is prefixed with its step, and each step's time is printed at the end.
import { spawn } from "node:child_process";
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
const timings = [];

/** Runs one step to its end, its output line by line with the step's tag in front; resolves to its exit code. */
function run(label, command, args, env = {}) {
  const tag = `[${label}]`;
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0", ...env },
    });
    const relay = (stream, out) => {
      let rest = "";
      stream.on("data", (chunk) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) out.write(`${tag} ${line}\n`);
      });
      stream.on("end", () => rest && out.write(`${tag} ${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on("close", (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      timings.push({ label, seconds, code });
      if (code !== 0) {
        failedStep = true;
        console.error(`--- ${label}: failed (exit ${code}) after ${seconds} s`);
      } else console.log(`--- ${label}: passed in ${seconds} s`);
      resolve(code);
    });
  });
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

/** The browser journeys whose database matters: they run on PostgreSQL too. */
const E2E_ON_POSTGRES = [
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
  "tests/e2e/back-office-review.spec.ts",
  "tests/e2e/account-email-change.spec.ts",
  "tests/e2e/member-details.spec.ts",
  "tests/e2e/listing-pictures.spec.ts",
];

const vitestArgs = (out) => ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${out}`];

const pgUrl = process.env.TEST_DATABASE_URL;
const haveChromium = fs.existsSync(chromium);

// The browser journeys, the scale-out suite and the fault suite run the production build: lane 2 makes it, and
// lane 1 waits for it before its own suites that need it.
let buildDone;
const built = new Promise((resolve) => {
  buildDone = resolve;
});

async function lane1() {
  await run("unit + integration (PGlite)", "npx", vitestArgs(path.join(results, "vitest-pglite.json")), {
    TEST_DATABASE_URL: "",
  });
  countVitest(path.join(results, "vitest-pglite.json"));
  if (pgUrl) {
    await run("unit + integration (PostgreSQL)", "npx", vitestArgs(path.join(results, "vitest-postgres.json")));
    countVitest(path.join(results, "vitest-postgres.json"));
  } else {
    console.log("\nTEST_DATABASE_URL is not set: the integration suite ran on PGlite only.");
  }
  if ((await built) !== 0) return;
  if (pgUrl) {
    // Two app processes over one PostgreSQL (it makes and drops its own database on the TEST_DATABASE_URL server).
    const out = path.join(results, "vitest-scale-out.json");
    await run("scale-out", "npx", [...vitestArgs(out), "--config", "vitest.scale-out.config.ts"]);
    countVitest(out);
  } else {
    console.log(
      "\nTEST_DATABASE_URL is not set: the scale-out suite (two app processes over one PostgreSQL) was SKIPPED.",
    );
  }
  // SIGKILL mid-write, then a restart, twenty times: on PGlite always, and on PostgreSQL too when
  // TEST_DATABASE_URL is set (it makes and drops its own database there).
  const out = path.join(results, "vitest-faults.json");
  await run(`faults (PGlite${pgUrl ? ", PostgreSQL" : ""})`, "npx", [
    ...vitestArgs(out),
    "--config",
    "vitest.faults.config.ts",
  ]);
  countVitest(out);
}

async function lane2() {
  const buildCode = await run("build", "npx", ["react-router", "build"]);
  buildDone(buildCode);
  if (buildCode !== 0) return;
  if (!haveChromium) {
    const message = `Chromium was not found at ${chromium}: the browser tests cannot run. Install it with 'apt-get install chromium' (or set CHROMIUM_PATH).`;
    if (ci) {
      console.error(`\n${message}\nUnder CI=true this is a failure, not a skip.`);
      failedStep = true;
    } else {
      console.warn(`\n${message}\nBrowser tests SKIPPED.`);
    }
    return;
  }
  const e2eRuns = [
    { label: "PGlite", args: [], env: { E2E_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-e2e-")) } },
  ];
  if (pgUrl) {
    // On PostgreSQL the journeys that store and read data run again; the page-by-page checks (axe, form
    // messages, taps on a slow phone) do not depend on the database and ran on PGlite already.
    e2eRuns.push({
      label: "PostgreSQL",
      args: [...E2E_ON_POSTGRES, "--grep-invert", "the form's messages"],
      // One database per run: two checkouts testing on one server must not drop each other's.
      env: { E2E_DATABASE_URL: await freshPostgresDatabase(pgUrl, `swapshed_e2e_${process.pid}`) },
    });
  }
  for (const { label, args, env } of e2eRuns) {
    const out = path.join(results, `e2e-${label}.json`);
    await run(`browser journeys (${label})`, "npx", ["playwright", "test", ...args], {
      ...env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    countPlaywright(fs.existsSync(out) ? out : path.join(root, "test-results/e2e.json"));
  }
  if (pgUrl) await dropPostgresDatabase(pgUrl, `swapshed_e2e_${process.pid}`);
}

const started = Date.now();
await Promise.all([lane1(), lane2()]);

console.log("\nSteps:");
for (const t of timings)
  console.log(`  ${t.code === 0 ? "passed" : "FAILED"}  ${String(t.seconds).padStart(5)} s  ${t.label}`);
console.log(`  in all ${Math.round((Date.now() - started) / 1000)} s (two lanes side by side)`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
