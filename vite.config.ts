import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite } from "./scripts/vite-icon-sprite.ts";
import { precompress } from "./scripts/vite-precompress.ts";

// The Hono app is the SSR entry, so routes, the load context, the database and auth share one
// module graph in the server bundle (see docs/decisions/002-hono-custom-server.md).
export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), iconSprite(), precompress()],
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/entry.ts" } } },
  },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg"] },
});
