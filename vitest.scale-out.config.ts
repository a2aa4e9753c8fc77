import { defineConfig } from "vitest/config";

// The scale-out suite (tests/scale-out/): two app processes from the production build over one PostgreSQL
// (TEST_DATABASE_URL), driven over HTTP. One file, one fork; long timeouts, since it waits for the processes to
// start and for their 15-second mail runs.
export default defineConfig({
  test: {
    include: ["tests/scale-out/**/*.test.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 90_000,
    hookTimeout: 150_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
    env: { LOG_LEVEL: "silent" },
  },
});
