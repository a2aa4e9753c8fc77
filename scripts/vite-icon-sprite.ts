import crypto from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";
import { ICON_NAMES } from "#app/components/ui/icon-names.ts";
import { type IconNode, renderIconSprite } from "#app/components/ui/icon-sprite.ts";

// Makes the icon sprite (one SVG, a <symbol> per icon) from lucide-react's own shapes for the names in
// app/components/ui/icon-names.ts, and gives the app its URL as `virtual:icon-sprite` (app/components/ui/icon.tsx
// puts it in every icon's <use href>). lucide-react is a build-time dependency only: none of it reaches the browser.
// - Build: the client build emits it as assets/icons-<content hash>.svg, so the static handler caches it for a
//   year (server/entry.ts) and the precompress plugin writes its .br/.gz. The SSR build works out the same
//   name from the same content, so the server's HTML and the client bundle agree (no hydration mismatch).
// - Dev and Vitest: a fixed URL, answered by this plugin's middleware.

const MODULE_ID = "virtual:icon-sprite";
const RESOLVED_ID = `\0${MODULE_ID}`;
const DEV_PATH = "@icon-sprite.svg";

/**
 * One icon's shapes as lucide-react draws them: the `node` its component is made from (`lucide-react/icons/<name>`,
 * pinned in package.json), without React's `key`s. A name lucide-react does not have is refused by name.
 */
export async function lucideIconShapes(name: string): Promise<IconNode> {
  let module: { __iconData?: { node?: [string, Record<string, string>][] } };
  try {
    module = await import(`lucide-react/icons/${name}`);
  } catch {
    throw new Error(`lucide-react has no icon named "${name}" (app/components/ui/icon-names.ts)`);
  }
  const node = module.__iconData?.node;
  if (!Array.isArray(node)) throw new Error(`lucide-react's "${name}" has no shapes where this build reads them`);
  return node.map(([tag, { key: _key, ...attributes }]) => [tag, attributes]);
}

let sprite: Promise<string> | undefined;

/** The sprite's markup, made once per process (the client and SSR builds, dev and Vitest each ask for it). */
export function iconSpriteSvg(): Promise<string> {
  sprite ??= Promise.all(ICON_NAMES.map(async (name) => [name, await lucideIconShapes(name)] as const)).then((shapes) =>
    renderIconSprite(Object.fromEntries(shapes)),
  );
  return sprite;
}

export function iconSprite(): Plugin {
  return {
    name: "swapshed:icon-sprite",
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return;
      const { config } = this.environment;
      if (this.environment.mode !== "build") return exportUrl(config.base + DEV_PATH);
      const svg = await iconSpriteSvg();
      const fileName = path.posix.join(config.build.assetsDir, `icons-${contentHash(svg)}.svg`);
      // Only the browser needs the file; the server only needs its name.
      if (config.consumer === "client") this.emitFile({ type: "asset", fileName, source: svg });
      return exportUrl(config.base + fileName);
    },
    configureServer(server) {
      const url = server.config.base + DEV_PATH;
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== url) return next();
        iconSpriteSvg().then((svg) => {
          res.setHeader("Content-Type", "image/svg+xml");
          res.setHeader("Cache-Control", "no-cache");
          res.end(svg);
        }, next);
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
