import { defineConfig } from "drizzle-kit";

// Used by `npm run db:generate` (drizzle-kit generate). Migrations are applied by the app's own migrator
// (server/cli/migrate.ts) on PGlite or PostgreSQL, so no credentials are needed here.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  strict: true,
  verbose: true,
});
