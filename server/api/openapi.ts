import { z } from "zod";
import { type Endpoint, ErrorBody, namedSchemas } from "./contract";

// The OpenAPI 3.1 document of /api/v1, generated from the endpoints' own declarations and zod schemas
// (z.toJSONSchema: JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Nothing here is written by hand but the
// prose: a path, a parameter or a field exists in the document because it exists in the code.

const COMPONENT = (id: string) => `#/components/schemas/${id}`;

const INTRODUCTION = `The JSON API of SwapShed, the Australian barter marketplace: the same rules and messages as the site.

**Signing in.** \`POST /auth/sign-in\` (or \`/auth/sign-up\`) sets the session cookie; send it back on every call (a cookie jar).
Endpoints marked with the lock need it and answer 401 without. On \`/api/docs\`, "Try it out" uses your own session on this site.

**Changes from outside the site.** A POST, PUT or DELETE that carries the session cookie must say where it comes from:
send \`Origin: <the site's own origin>\` (browsers do this themselves). Otherwise: 403 'Cross-site request refused'.

**Errors** all have one shape, \`{ "error": "…", "fields"?: { "<field>": "…" }, "requestId"?: "…" }\`, with the
message the site itself shows. Every answer carries an \`X-Request-Id\`.

**Limits.** Sign-in and sign-up: 5 attempts per e-mail address and 20 per client address in 5 minutes; new listings:
10 an hour, 30 a day; offers: 20 an hour, 60 a day, 3 a day on one listing; messages: 30 a minute, 500 a day; new
conversations: 30 a day (an account younger than 7 days: 10 messages a minute, 100 a day, 5 new conversations a
day). Over a limit: 429 with the time to try
again in the message (and a \`Retry-After\` header in seconds where the wait is known).

**Lists** page with keyset cursors: pass the \`nextCursor\` of one page as \`cursor\` for the next (null on the last).

**Pictures** are \`{ key, widths }\`: each width is served at \`/uploads/{key}-{width}.webp\`.`;

const TAGS = [
  { name: "Auth", description: "Sign up, sign in and out (the session cookie)." },
  { name: "Account", description: "The signed-in member: profile and sessions." },
  { name: "Listings", description: "Search, read, list, change and delete listings." },
  { name: "Favourites", description: "Saved listings." },
  { name: "Swaps", description: "Proposals: propose, accept, decline, withdraw, review." },
  { name: "Payments", description: "The AUD 9.99 handshake fee each party pays once a swap is accepted." },
  {
    name: "Conversations",
    description:
      "Ask about a listing and talk it over: contact details are masked for the other member until both fees are paid.",
  },
  { name: "Blocks", description: "Members you have blocked: neither of you can message or propose to the other." },
  { name: "Documentation", description: "This document." },
];

type JsonSchema = Record<string, unknown>;

/** A schema for a parameter: no `$schema` (it is part of a document), its description lifted to the parameter. */
function parameterSchema(schema: z.ZodType): { schema: JsonSchema; description?: string } {
  const {
    $schema: _,
    description,
    ...rest
  } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return { schema: rest, description: description as string | undefined };
}

function ref(schema: z.ZodType, where: string) {
  const id = namedSchemas.get(schema)?.id;
  if (!id) throw new Error(`${where}: give this schema a name with named() so that the document can refer to it`);
  return { $ref: COMPONENT(id) };
}

/** The refusals every endpoint of a kind can give, from the middleware and the API's guards. */
function commonErrors(endpoint: Endpoint): Record<number, string> {
  const errors: Record<number, string> = {};
  if (endpoint.access === "member")
    errors[401] = "'Authentication required': no session cookie, or its session has ended.";
  if (endpoint.method !== "get") {
    errors[403] =
      "'Cross-site request refused': a request with the session cookie must come from this site (send `Origin`).";
  }
  if (endpoint.body?.type === "json") {
    errors[400] = "'The request body is not valid JSON.'";
    errors[415] = "'Send JSON: Content-Type: application/json.'";
  }
  if (endpoint.body?.type === "multipart") {
    errors[400] = "'The form could not be read. Please try again.'";
    errors[415] = "'Send this as multipart/form-data (a listing with its pictures).'";
  }
  if (endpoint.body?.multipart)
    errors[400] = `${errors[400]} Or, as a form, 'The form could not be read. Please try again.'`;
  if (endpoint.body)
    errors[413] =
      "'Request body too large.' (64 KB for JSON; 8 pictures of 5 MB for a listing, 4 for a message: 'File size exceeds 5MB limit.').";
  errors[500] = "'An unexpected error occurred.', with the `requestId` to quote.";
  return errors;
}

function operation(endpoint: Endpoint) {
  const where = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
  const parameters = [
    ...Object.entries(endpoint.params ?? {}).map(([name, schema]) => ({
      name,
      in: "path",
      required: true,
      ...parameterSchema(schema),
    })),
    ...Object.entries(endpoint.query ?? {}).map(([name, schema]) => ({
      name,
      in: "query",
      required: !schema.safeParse(undefined).success,
      ...parameterSchema(schema),
    })),
  ];

  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(endpoint.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, description]) => [
                name,
                { description, schema: { type: "string" } },
              ]),
            ),
          }
        : {}),
      content: { "application/json": { schema: ref(response.schema, where) } },
    };
  }
  const errors = commonErrors(endpoint);
  for (const [status, description] of Object.entries(endpoint.errors ?? {})) {
    errors[Number(status)] = errors[Number(status)] ? `${description} Or ${errors[Number(status)]}` : description;
  }
  for (const [status, description] of Object.entries(errors)) {
    responses[status] = {
      description,
      ...(status === "429"
        ? { headers: { "Retry-After": { description: "Seconds to wait, where known.", schema: { type: "integer" } } } }
        : {}),
      content: { "application/json": { schema: ref(ErrorBody, where) } },
    };
  }

  const body = endpoint.body;
  return {
    operationId: endpoint.operationId,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    // member: the cookie is required; optional: with or without it (the answer says more with it); public: none.
    security:
      endpoint.access === "member"
        ? [{ sessionCookie: [] }]
        : endpoint.access === "optional"
          ? [{}, { sessionCookie: [] }]
          : [],
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? {
          requestBody: {
            required: body.required ?? false,
            content: {
              [body.type === "json" ? "application/json" : "multipart/form-data"]: { schema: ref(body.schema, where) },
              ...(body.multipart ? { "multipart/form-data": { schema: ref(body.multipart, where) } } : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

/** `/listings/:id` → `/listings/{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:([A-Za-z0-9_]+)/g, "{$1}");

export function buildOpenApiDocument(endpoints: Endpoint[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    paths[path] ??= {};
    if (paths[path][endpoint.method])
      throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} is declared twice`);
    paths[path][endpoint.method] = operation(endpoint);
  }
  const { schemas } = z.toJSONSchema(namedSchemas, { io: "input", uri: COMPONENT, unrepresentable: "any" });
  const components: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // Each is a part of this document, not a document of its own.
    const { $schema: _, $id: __, ...rest } = schema as JsonSchema;
    components[id] = rest;
  }
  return {
    openapi: "3.1.1",
    info: { title: "SwapShed API", version: "1", description: INTRODUCTION },
    servers: [{ url: "/api/v1" }],
    tags: TAGS,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "better-auth.session_token",
          description:
            "Set by `POST /auth/sign-in` or `/auth/sign-up` (named `__Secure-better-auth.session_token` over HTTPS). HttpOnly, 30 days.",
        },
      },
    },
  };
}
