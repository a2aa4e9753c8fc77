import crypto from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { isAppError } from "#core/shared/app-error.ts";
import { createAccountRoutes } from "./account";
import { createAuthRoutes } from "./auth";
import { type ApiEnv, createRouter, type Endpoint, named } from "./contract";
import { createConversationRoutes } from "./conversations";
import { createListingRoutes } from "./listings";
import { buildOpenApiDocument } from "./openapi";
import { createSwapRoutes } from "./swaps";

const OpenApiDocument = named(
  "OpenApiDocument",
  z.looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  }),
);

export const openApiEndpoint = {
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  tag: "Documentation",
  summary: "This document (OpenAPI 3.1)",
  description: "Readable at `/api/docs`. Cacheable: it changes only with a new version of the site (ETag).",
  access: "public",
  responses: { 200: { description: "The OpenAPI document.", schema: OpenApiDocument } },
} as const satisfies Endpoint;

/** The JSON API: the same use cases the pages call, answering with the same messages. */
export function createApiRoutes() {
  const api = new Hono<ApiEnv>();
  const groups = [
    createAuthRoutes(),
    createAccountRoutes(),
    createListingRoutes(),
    createSwapRoutes(),
    createConversationRoutes(),
  ];
  const docs = createRouter();
  const endpoints: Endpoint[] = [...groups.flatMap((group) => group.endpoints), openApiEndpoint];

  // Built on first request: the declarations do not change while the process runs.
  let document: { text: string; etag: string } | undefined;
  docs.add(openApiEndpoint, (c) => {
    document ??= (() => {
      const text = JSON.stringify(buildOpenApiDocument(endpoints));
      return { text, etag: `"${crypto.createHash("sha256").update(text).digest("base64url").slice(0, 27)}"` };
    })();
    c.header("ETag", document.etag);
    c.header("Cache-Control", "public, max-age=300");
    const known = (c.req.header("if-none-match") ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    if (known.includes(document.etag)) return c.body(null, 304);
    return c.body(document.text, 200, { "Content-Type": "application/json; charset=utf-8" });
  });

  for (const group of [...groups, docs]) api.route("/", group.hono);

  // The API's errors speak JSON with the spec's message (and the field it is about, and when to come back);
  // unexpected ones are logged by the app.
  api.onError((error, c) => {
    if (!isAppError(error)) throw error;
    const { field, fields, retryAfterSeconds } = error.details;
    if (retryAfterSeconds) c.header("Retry-After", String(retryAfterSeconds));
    const named = { ...(field ? { [field]: error.message } : {}), ...fields };
    return c.json(
      { error: error.message, ...(Object.keys(named).length > 0 ? { fields: named } : {}) },
      error.status as 400,
    );
  });
  api.all("*", (c) => c.json({ error: "Not found" }, 404));
  return api;
}
