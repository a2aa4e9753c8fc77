import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Plugin } from "vite";

// Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every compressible file of the
// client build, once per build. The static middleware (server/entry.ts, `precompressed: true`) sends them with
// Content-Encoding and Vary: browsers get brotli (~13 % smaller scripts than on-the-fly gzip) and the server
// does no compression work per request. hono/compress leaves responses that already have an encoding alone.

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|xml|map)$/;
/** Below this, a compressed copy saves next to nothing (hono/compress skips such bodies too). */
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue; // .vite/manifest.json is for the build, not for browsers
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export function precompress(): Plugin {
  return {
    name: "swapshed:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options) {
      if (!options.dir) return;
      const work: Promise<void>[] = [];
      for await (const file of files(options.dir)) {
        work.push(
          (async () => {
            const raw = await fs.readFile(file);
            if (raw.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
            if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(work);
    },
  };
}
