import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Hono } from "hono";

// /api/docs: the API reference, drawn by Swagger UI (swagger-ui-dist, pinned) from /api/v1/openapi.json.
// Everything comes from this origin (no CDN: the site's CSP and machines without internet), and the page needs
// no relaxation of the site's Content-Security-Policy: its scripts are files from 'self' (no inline script, no
// eval), its inline styles and data: icons are already allowed site-wide, and "Try it out" calls the API on
// the same origin, with the visitor's own session.

const require = createRequire(import.meta.url);
const distDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));
export const SWAGGER_UI_VERSION: string = JSON.parse(
  fs.readFileSync(path.join(distDir, "package.json"), "utf8"),
).version;
/** Versioned, so the files can be cached for good: a new Swagger UI has new URLs. */
const ASSETS = `/api/docs/assets/${SWAGGER_UI_VERSION}`;

const INIT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    // The public validator badge would send the document to validator.swagger.io.
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    defaultModelsExpandDepth: 0,
    docExpansion: "list",
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference | SwapShed</title>
<meta name="description" content="The SwapShed JSON API: every endpoint, its parameters, answers and errors.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
</head>
<body>
<main id="main">
<p style="margin:16px 20px 0;font-family:system-ui,sans-serif"><a href="/">SwapShed</a> · <a href="/api/v1/openapi.json">openapi.json</a></p>
<div id="swagger-ui"></div>
</main>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/init.js"></script>
</body>
</html>
`;

const FILES: Record<string, { type: string; read: () => Buffer | string }> = {
  "swagger-ui.css": {
    type: "text/css; charset=utf-8",
    read: () => fs.readFileSync(path.join(distDir, "swagger-ui.css")),
  },
  "swagger-ui-bundle.js": {
    type: "text/javascript; charset=utf-8",
    read: () => fs.readFileSync(path.join(distDir, "swagger-ui-bundle.js")),
  },
  "init.js": { type: "text/javascript; charset=utf-8", read: () => INIT },
};

export function createApiDocsRoutes() {
  const docs = new Hono();
  const loaded = new Map<string, Buffer | string>();

  docs.get("/", (c) => c.html(PAGE, 200, { "Cache-Control": "public, max-age=300" }));

  docs.get("/assets/:version/:file", (c) => {
    const file = FILES[c.req.param("file")];
    if (!file || c.req.param("version") !== SWAGGER_UI_VERSION) return c.json({ error: "Not found" }, 404);
    let body = loaded.get(c.req.param("file"));
    if (body === undefined) {
      body = file.read();
      loaded.set(c.req.param("file"), body);
    }
    return c.body(typeof body === "string" ? body : new Uint8Array(body), 200, {
      "Content-Type": file.type,
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });

  return docs;
}
