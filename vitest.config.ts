import { defineConfig } from "vitest/config";
import { iconSprite } from "./scripts/vite-icon-sprite.ts";

// Unit tests sit beside the code (core/**/*.test.ts); integration tests use a real database
// (in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  // Components import the icon sprite's URL (`virtual:icon-sprite`).
  plugins: [iconSprite()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["core/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { LOG_LEVEL: "silent" },
  },
});
