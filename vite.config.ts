import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress";

// The Hono app is the SSR entry, so routes, the load context, the database and auth share one
// module graph in the server bundle (see docs/decisions/002-hono-custom-server.md).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/entry.ts" } } },
  },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg"] },
});
