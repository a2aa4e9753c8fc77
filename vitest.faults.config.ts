import { defineConfig } from "vitest/config";

// The fault suite (tests/faults/): one app process from the production build, SIGKILLed mid-write and restarted,
// on embedded PGlite and (with TEST_DATABASE_URL) on PostgreSQL. One file, one fork; long timeouts, since each
// database gets twenty kills and restarts.
export default defineConfig({
  test: {
    include: ["tests/faults/**/*.test.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    env: { LOG_LEVEL: "silent" },
  },
});
