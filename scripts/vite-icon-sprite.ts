import crypto from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";
import { ICON_SHAPES } from "../app/components/ui/icon-shapes.ts";
import { renderIconSprite } from "../app/components/ui/icon-sprite.ts";

// Makes the icon sprite (one SVG, a <symbol> per icon) from app/components/ui/icon-shapes.ts and gives the app
// its URL as `virtual:icon-sprite` (app/components/ui/icon.tsx puts it in every icon's <use href>).
// - Build: the client build emits it as assets/icons-<content hash>.svg, so the static handler caches it for a
//   year (server/entry.ts) and the precompress plugin writes its .br/.gz. The SSR build works out the same
//   name from the same content, so the server's HTML and the client bundle agree (no hydration mismatch).
// - Dev and Vitest: a fixed URL, answered by this plugin's middleware.

const MODULE_ID = "virtual:icon-sprite";
const RESOLVED_ID = `\0${MODULE_ID}`;
const DEV_PATH = "@icon-sprite.svg";

export const iconSpriteSvg = () => renderIconSprite(ICON_SHAPES);

export function iconSprite(): Plugin {
  return {
    name: "swapshed:icon-sprite",
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return;
      const { config } = this.environment;
      if (this.environment.mode !== "build") return exportUrl(config.base + DEV_PATH);
      const svg = iconSpriteSvg();
      const fileName = path.posix.join(config.build.assetsDir, `icons-${contentHash(svg)}.svg`);
      // Only the browser needs the file; the server only needs its name.
      if (config.consumer === "client") this.emitFile({ type: "asset", fileName, source: svg });
      return exportUrl(config.base + fileName);
    },
    configureServer(server) {
      const url = server.config.base + DEV_PATH;
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== url) return next();
        res.setHeader("Content-Type", "image/svg+xml");
        res.setHeader("Cache-Control", "no-cache");
        res.end(iconSpriteSvg());
      });
    },
  };
}

function contentHash(content: string) {
  return crypto.createHash("sha256").update(content).digest("base64url").slice(0, 8);
}

function exportUrl(url: string) {
  return `export default ${JSON.stringify(url)};`;
}
