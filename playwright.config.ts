import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";
import { E2E_STAFF_PASSWORD } from "./tests/e2e/staff-password";

// Browser journeys against the production build, in Debian's Chromium (no browser download).
// scripts/test.mjs builds first and gives each run (a group of files) its own port and a fresh data directory (or
// PostgreSQL database).
const port = Number(process.env.E2E_PORT ?? 3210);
// A local OpenID provider for "Sign in with an identity provider" (tests/support/oidc-provider.ts), started first:
// the app discovers it when it boots.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1000);
const oidc = {
  issuer: `http://127.0.0.1:${oidcPort}`,
  clientId: "swapshed-e2e",
  clientSecret: "swapshed-e2e-client-secret-0123456789",
};

export default defineConfig({
  testDir: "tests/e2e",
  // Two groups of files run side by side in `npm test`, each against its own app: each keeps its traces in its own
  // folder (Playwright empties this folder when a run starts).
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  fullyParallel: false,
  workers: 1,
  // In CI a journey that fails is tried once more, and one that passed only then is named at the end of the run
  // (decision 107): CI runs two groups of journeys beside the integration suites on a loaded two-core machine.
  retries: process.env.CI === "true" ? 1 : 0,
  // Generous, because CI runs two groups of journeys beside the integration suites on a busy two-core machine: a
  // journey of twenty pages there can take a minute. A dead control still fails (its expectation times out), just later.
  // Under CI=true half as long again (decision 107): journeys there share two cores with the integration suites.
  timeout: process.env.CI === "true" ? 135_000 : 90_000,
  expect: { timeout: process.env.CI === "true" ? 25_000 : 15_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: [
    {
      command: "node scripts/oidc-test-provider.mjs",
      url: `${oidc.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        OIDC_TEST_PORT: String(oidcPort),
        OIDC_TEST_APP_URL: `http://localhost:${port}`,
        OIDC_TEST_CLIENT_ID: oidc.clientId,
        OIDC_TEST_CLIENT_SECRET: oidc.clientSecret,
      },
    },
    {
      command: "node scripts/start.mjs",
      url: `http://localhost:${port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        SKIP_BUILD: "1",
        NODE_ENV: "production",
        DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        APP_URL: `http://localhost:${port}`,
        BETTER_AUTH_SECRET: "e2e-secret-0123456789-0123456789-0123456789",
        // Every journey signs up from 127.0.0.1; the per-e-mail limit stays at the spec's 5.
        AUTH_ADDRESS_LIMIT: "1000",
        // The journeys pay with the local test checkout, on PostgreSQL too (a staging deployment, in effect).
        ALLOW_TEST_PAYMENTS: "true",
        // The demo staff accounts (embedded database) are made at boot with this password instead of a random one.
        DEMO_STAFF_PASSWORD: E2E_STAFF_PASSWORD,
        LOG_LEVEL: "silent",
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
        OIDC_NAME: "Test ID",
      },
    },
  ],
});
