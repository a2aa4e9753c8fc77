// The benchmark's command-line options (`npm run bench -- --listings 1000000 ...`) and the sizes they set, read
// once for every part of the run.
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_USER_COUNT } from "./seed";

export const root = path.resolve(import.meta.dirname, "..");

/** PostgreSQL when DATABASE_URL points at a server, else PGlite. */
export const KIND: "pglite" | "postgres" = process.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "pglite";

export const { values: args } = parseArgs({
  options: {
    listings: { type: "string", default: "100000" },
    // Members in all: the listings' 200 owners plus members without listings (the back office's Users page).
    members: { type: "string", default: "10000" },
    "back-office-samples": { type: "string", default: "30" },
    // The Moderation Queue's reports and the Payments page's payment rows (issue 12 measures 100k and 1M).
    reports: { type: "string", default: "10000" },
    payments: { type: "string", default: "100000" },
    // bench:holds: swaps at the handshake per batch, two fee holds each.
    holds: { type: "string", default: "1000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    rounds: { type: "string", default: "1" },
    query: { type: "string", default: "bike" },
    location: { type: "string", default: "Bondi NSW 2026" },
    "explain-runs": { type: "string", default: "5" },
    build: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    // PostgreSQL only: measure again on the database a --keep run left (same --listings), without seeding anew.
    reuse: { type: "boolean", default: false },
    "no-docs": { type: "boolean", default: false },
  },
});
export const N = Number(args.listings);
export const DURATION = Number(args.duration);
export const CONNECTIONS = Number(args.connections);
export const WARMUP = Number(args.warmup);
export const ROUNDS = Math.max(1, Number(args.rounds));
export const EXPLAIN_RUNS = Math.max(1, Number(args["explain-runs"]));
if (!Number.isInteger(N) || N < 100) throw new Error("--listings must be a whole number of at least 100");
export const MEMBERS = Math.max(BENCH_USER_COUNT, Number(args.members));
export const BACK_OFFICE_SAMPLES = Math.max(5, Number(args["back-office-samples"]));
export const REPORTS = Math.max(0, Number(args.reports));
export const PAYMENTS = Math.max(0, Number(args.payments));
/** The search words and the place the visitor pages and the search probes ask for. */
export const QUERY = args.query!;
export const LOCATION = args.location!;
