import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import type { AppContext } from "#app/context.ts";

// Each /api/v1 endpoint is declared once, beside its handler: its path, who may call it, the zod schemas of what
// it reads and of what it answers. The handler answers through `reply`, which serialises the value with the
// declared schema (so an answer outside it is a bug that fails loudly, and fields not in it never leave the
// server), and server/api/openapi.ts turns the same declarations into the OpenAPI document.

export type ApiEnv = { Variables: { ctx: AppContext } };

/** member: a session is required (401 without); optional: anyone, a member sees more; public: no session used. */
export type Access = "member" | "optional" | "public";

export type ResponseSpec = { description: string; schema: z.ZodType; headers?: Record<string, string> };

export type Endpoint = {
  method: "get" | "post" | "put" | "delete";
  /** Hono's form, relative to /api/v1: `/listings/:id`. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Path parameters by name. */
  params?: Record<string, z.ZodType>;
  /** Query parameters by name, each documented with its own schema. */
  query?: Record<string, z.ZodType>;
  /** `multipart`, beside a JSON body: the same request may also come as a form with files (a message's pictures). */
  body?: { type: "json" | "multipart"; schema: z.ZodType; required?: boolean; multipart?: z.ZodType };
  /** The successful answers. */
  responses: Record<number, ResponseSpec>;
  /** The refusals this endpoint's rules give (all in the one error shape), besides those every endpoint of its kind can give. */
  errors?: Record<number, string>;
};

type Route = `${Endpoint["method"]} /${string}`;

/**
 * Declares the endpoints of one part of the document, those with one tag and one kind of access: each is then its
 * route ("put /me/profile") and what is only its own. Gives the same declaration as one written out in full.
 */
export function endpointsOf<const G extends Pick<Endpoint, "tag" | "access">>(group: G) {
  return <const R extends Route, const E extends Omit<Endpoint, "method" | "path" | "tag" | "access">>(
    route: R,
    endpoint: E,
  ) => {
    const [method, path] = route.split(" ") as R extends `${infer M extends Endpoint["method"]} ${infer P}`
      ? [M, P]
      : never;
    return { method, path, ...group, ...endpoint } satisfies Endpoint;
  };
}

/** Components of the document: each schema registered here appears once under #/components/schemas by its id. */
export const namedSchemas = z.registry<{ id: string }>();

/** Registers `schema` as the component `id` and returns it. */
export function named<T extends z.ZodType>(id: string, schema: T): T {
  namedSchemas.add(schema, { id });
  return schema;
}

/** The one error shape of the whole API (and of the middleware in front of it). */
export const ErrorBody = named(
  "Error",
  z
    .object({
      error: z.string().meta({ description: "What went wrong, in the words the site itself shows." }),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .meta({ description: "Per-field messages for a form that did not pass validation, by field name." }),
      requestId: z.string().optional().meta({
        description: "On an unexpected error (500): the reference to quote to support (also the X-Request-Id header).",
      }),
    })
    .meta({ description: "Every refusal and error." }),
);

/** A timestamp: a Date on the server, an ISO 8601 string in UTC on the wire. */
export const isoDateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

type SuccessStatus<E extends Endpoint> = keyof E["responses"] & ContentfulStatusCode;
export type Reply<E extends Endpoint> = <S extends SuccessStatus<E>>(
  status: S,
  value: z.output<E["responses"][S]["schema"]>,
  headers?: Headers,
) => Response;

type Handler<E extends Endpoint> = (c: Context<ApiEnv>, reply: Reply<E>) => Promise<Response> | Response;

/** A Hono app for a group of endpoints that remembers their declarations for the document. */
export function createRouter() {
  const hono = new Hono<ApiEnv>();
  const endpoints: Endpoint[] = [];
  function add<const E extends Endpoint>(endpoint: E, handler: Handler<E>, ...before: MiddlewareHandler<ApiEnv>[]) {
    endpoints.push(endpoint);
    const answer: MiddlewareHandler<ApiEnv> = async (c) => {
      const reply: Reply<E> = (status, value, headers) => {
        const response = c.json(z.encode(endpoint.responses[status].schema, value) as object, status);
        for (const cookie of headers?.getSetCookie() ?? []) response.headers.append("set-cookie", cookie);
        return response;
      };
      return handler(c, reply);
    };
    hono.on(endpoint.method.toUpperCase(), [endpoint.path], ...([...before, answer] as [MiddlewareHandler<ApiEnv>]));
  }
  return { hono, endpoints, add };
}

/** A path parameter (the route declares it, so it is always there). */
export const pathParam = (c: Context, name: string) => c.req.param(name) ?? "";

/** Reads a JSON body that the middleware has already checked is JSON; anything but an object reads as {}. */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = await request.json();
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
