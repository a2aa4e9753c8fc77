import { defineConfig } from "vitest/config";
import { iconSprite } from "./scripts/vite-icon-sprite.ts";

// Unit tests sit beside the code (core/**/*.test.ts); integration tests use a real database
// (in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  // Components import the icon sprite's URL (`virtual:icon-sprite`).
  plugins: [iconSprite()],
  test: {
    include: [
      "core/**/*.test.ts",
      "server/**/*.test.ts",
      "app/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/security/**/*.test.ts",
    ],
    setupFiles: ["tests/support/vitest-setup.ts"],
    globalSetup: ["tests/support/postgres-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files share a worker's module cache: importing the app (drizzle, Better Auth, React Router) once per
    // worker instead of once per file took the PGlite suite from ~8 to ~3.5 minutes. Each file still opens its
    // own database (tests/support/test-db.ts), and the little module state there is (the seed queue, the
    // localities index) is safe to share.
    isolate: false,
    env: { LOG_LEVEL: "silent" },
  },
});
