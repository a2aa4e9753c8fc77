// `npm test`: every test, as a pool of steps run two at a time (the machine's second core would otherwise idle
// while a browser journey waits on its page). The steps, longest first:
//   - the production build (every step that runs the app waits for it);
//   - browser journeys in Chromium against the build on PGlite, in two shards, each with its own app process,
//     port and data directory;
//   - unit + integration on in-memory PGlite, and the same suite on PostgreSQL when TEST_DATABASE_URL is set;
//   - the fault suite (the production build SIGKILLed mid-write and restarted, on PGlite and PostgreSQL);
//   - on PostgreSQL, the browser journeys whose database matters, in two shards (one database each);
//   - on PostgreSQL only, the scale-out suite (two processes of the production build over one database).
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

/** Each step: its label, whether it runs the production build, and what it runs. Listed longest first. */
const steps = [];
const vitestStep = (label, file, env = {}, extra = []) => ({
  label,
  needsBuild: extra.length > 0,
  run: async () => {
    const out = path.join(results, file);
    await run(label, "npx", [...vitestArgs(out), ...extra], env);
    countVitest(out);
  },
});

/** One shard of the browser journeys, against its own app process (port, and data directory or database). */
function e2eStep(label, { shard, port, args = [], database }) {
  return {
    label,
    needsBuild: true,
    run: async () => {
      const out = path.join(results, `e2e-${label.replace(/\W+/g, "-")}.json`);
      const env = {
        E2E_PORT: String(port),
        E2E_OUTPUT_DIR: path.join("test-results", `shard-${port}`),
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      };
      if (database) env.E2E_DATABASE_URL = await freshPostgresDatabase(pgUrl, database);
      else env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-e2e-"));
      await run(label, "npx", ["playwright", "test", ...args, `--shard=${shard}`], env);
      countPlaywright(out);
      if (database) await dropPostgresDatabase(pgUrl, database);
    },
  };
}

const E2E_SHARDS = 2;
if (haveChromium) {
  for (let i = 1; i <= E2E_SHARDS; i++)
    steps.push(
      e2eStep(`browser journeys (PGlite ${i}/${E2E_SHARDS})`, { shard: `${i}/${E2E_SHARDS}`, port: 3200 + 10 * i }),
    );
} else {
  const message = `Chromium was not found at ${chromium}: the browser tests cannot run. Install it with 'apt-get install chromium' (or set CHROMIUM_PATH).`;
  if (ci) {
    console.error(`\n${message}\nUnder CI=true this is a failure, not a skip.`);
    failedStep = true;
  } else {
    console.warn(`\n${message}\nBrowser tests SKIPPED.`);
  }
}
steps.push(vitestStep("unit + integration (PGlite)", "vitest-pglite.json", { TEST_DATABASE_URL: "" }));
if (pgUrl) steps.push(vitestStep("unit + integration (PostgreSQL)", "vitest-postgres.json"));
// SIGKILL mid-write, then a restart, twenty times: on PGlite always, and on PostgreSQL too when
// TEST_DATABASE_URL is set (it makes and drops its own database there).
steps.push(
  vitestStep(`faults (PGlite${pgUrl ? ", PostgreSQL" : ""})`, "vitest-faults.json", {}, [
    "--config",
    "vitest.faults.config.ts",
  ]),
);
if (pgUrl) {
  // On PostgreSQL the journeys that store and read data run again; the page-by-page checks (axe, form
  // messages, taps on a slow phone) do not depend on the database and ran on PGlite already.
  if (haveChromium)
    for (let i = 1; i <= E2E_SHARDS; i++)
      steps.push(
        e2eStep(`browser journeys (PostgreSQL ${i}/${E2E_SHARDS})`, {
          shard: `${i}/${E2E_SHARDS}`,
          port: 3300 + 10 * i,
          args: [...E2E_ON_POSTGRES, "--grep-invert", "the form's messages"],
          // One database per shard and run: two checkouts testing on one server must not drop each other's.
          database: `swapshed_e2e_${process.pid}_${i}`,
        }),
      );
  // Two app processes over one PostgreSQL (it makes and drops its own database on the TEST_DATABASE_URL server).
  steps.push(vitestStep("scale-out", "vitest-scale-out.json", {}, ["--config", "vitest.scale-out.config.ts"]));
} else {
  console.log("\nTEST_DATABASE_URL is not set: the integration suite and the browser journeys run on PGlite only,");
  console.log("and the scale-out suite (two app processes over one PostgreSQL) is SKIPPED.");
}

// One worker makes the build first; the other starts at once on the first step that does not need it.
const build = run("build", "npx", ["react-router", "build"]);
let built = false;
build.then(() => {
  built = true;
});
async function worker(makesBuild) {
  if (makesBuild) await build;
  while (steps.length) {
    const next = built ? 0 : steps.findIndex((s) => !s.needsBuild);
    if (next < 0) {
      await build;
      continue;
    }
    const [step] = steps.splice(next, 1);
    if (step.needsBuild && (await build) !== 0) continue;
    await step.run();
  }
}

const started = Date.now();
await Promise.all([worker(true), worker(false)]);

console.log("\nSteps:");
for (const t of timings)
  console.log(`  ${t.code === 0 ? "passed" : "FAILED"}  ${String(t.seconds).padStart(5)} s  ${t.label}`);
console.log(`  in all ${Math.round((Date.now() - started) / 1000)} s (two steps at a time)`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
