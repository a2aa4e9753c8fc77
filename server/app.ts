import crypto from "node:crypto";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { RouterContextProvider } from "react-router";
import { appContext, type AppContext, setFlashSecret } from "#app/context.ts";
import type { Database } from "#db/client.ts";
import { createAuth, CLIENT_IP_HEADER, type Auth } from "#core/auth/auth.ts";
import { findSessionUser, type SessionUser } from "#core/auth/find-session-user.ts";
import { identityProviderOrigins, identityProvidersFromEnv } from "#core/auth/identity-providers.ts";
import { type Clock, systemClock } from "#core/shared/clock.ts";
import type { Env } from "./env";
import { clientIp } from "./middleware/client-ip";
import { csrfProtection } from "./middleware/csrf";
import { createUnsubscribeRoutes } from "./unsubscribe";
import { setSigningSecret } from "#core/shared/signed-token.ts";
import { pushConfigFromEnv, setPushConfig } from "#core/notifications/push-settings.ts";
import { securityHeaders, securityHeaderValues } from "./middleware/security-headers";
import { varyAcceptEncoding } from "./middleware/vary-accept-encoding";
import { createApiRoutes } from "./api/routes";
import { createApiDocsRoutes } from "./api-docs";
import { recordRequestError } from "#core/logs/record-request-error.ts";
import type { FileStorage } from "#core/storage/storage.ts";
import { storageFromEnv } from "./storage";
import { serveUpload } from "./uploads";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import { paymentProviderFromEnv } from "./payments";
import { createWebhookRoutes } from "./webhooks";
import type pg from "pg";
import { createMetrics } from "./observability/metrics";
import { createHealthRoutes } from "./observability/health-routes";
import { parseIpAllowlist } from "#core/staff/ip-allowlist.ts";
import { backOfficeHeaders } from "./middleware/back-office-headers";
import { addressesWithoutNul, type BodyRoute, boundedBodies, parseableBodies } from "./middleware/request-bodies";
import { refererIsAUrl } from "./middleware/referer-is-a-url";
import { privateResponses } from "./middleware/private-responses";
import { sessionSigning } from "./middleware/session-signing";
import { LISTING_UPLOAD_LIMIT } from "./api/listings";
import { MESSAGE_UPLOAD_LIMIT } from "./api/conversations";
import { WEBHOOK_BODY_LIMIT } from "./webhooks";
import { FILE_TOO_LARGE, MAX_IMAGE_BYTES } from "#core/images/process-listing-image.ts";
import type { PageCache, PageCacheVars } from "./page-cache/page-cache";
import type { LiveHub } from "./live/live-hub";
import { liveRoute } from "./live/live-route";
import { createSitemapRoutes } from "./sitemap";

/** The routes that take pictures: the API's listing upload and change, and the pages' create and edit forms (with their .data twins). */
const isListingUploadApi = (method: string, path: string) =>
  (method === "POST" && path === "/api/v1/listings") || (method === "PUT" && /^\/api\/v1\/listings\/[^/]+$/.test(path));
const isListingUploadPage = (path: string) => /^\/(create-listing|listings\/[^/]+\/edit)(\.data)?$/.test(path);
// A picture route's body over its limit can only be a picture over 5MB: it is refused with the spec's message.
const BODY_LIMIT_EXCEPTIONS = [
  {
    match: (method: string, path: string) => isListingUploadApi(method, path) || isListingUploadPage(path),
    maxSize: LISTING_UPLOAD_LIMIT,
    message: FILE_TOO_LARGE,
  },
  { match: (_method: string, path: string) => path.startsWith("/api/webhooks/"), maxSize: WEBHOOK_BODY_LIMIT },
];

/**
 * The profile page's avatar upload: one picture (the action refuses one over 5MB with the spec's message), from a
 * signed-in member only, asked before a byte of the body is read. A visitor, and every form there that carries no
 * file, keeps the 64 KB limit: six anonymous 6 MB bodies at once cost the process 370 MB (attack F8).
 */
function avatarUploadLimit(signedIn: (c: Context) => Promise<boolean>): BodyRoute {
  return {
    match: (_method, path) => /^\/account(\.data)?$/.test(path),
    maxSize: MAX_IMAGE_BYTES + 1024 * 1024,
    message: FILE_TOO_LARGE,
    allowed: async (c) => /^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "") && (await signedIn(c)),
  };
}

/** A message with pictures: the API's send and the thread page's form (and its .data twin). Decision 087. */
const isMessageUploadApi = (method: string, path: string) =>
  method === "POST" && /^\/api\/v1\/conversations\/[^/]+\/messages$/.test(path);
const isMessageUploadPage = (path: string) => /^\/messages\/[^/]+(\.data)?$/.test(path);
const isMultipart = (c: Context) => /^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "");

/**
 * A message's pictures, up to 4 of 5MB: the larger limit only for a signed-in member's multipart form (asked
 * before a byte is read, as for the avatar); everyone else, and every other form there, keeps 64 KB.
 */
function messageUploadLimit(signedIn: (c: Context) => Promise<boolean>): BodyRoute {
  return {
    match: (method, path) => isMessageUploadApi(method, path) || (method === "POST" && isMessageUploadPage(path)),
    maxSize: MESSAGE_UPLOAD_LIMIT,
    message: FILE_TOO_LARGE,
    allowed: async (c) => isMultipart(c) && (await signedIn(c)),
  };
}

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export type AppDeps = {
  db: Database;
  env: Env;
  clock?: Clock;
  auth?: Auth;
  paymentProvider?: PaymentProvider;
  /** Upload storage; defaults to what the environment configures. */
  storage?: FileStorage;
  /** React Router's request handler; absent when a test exercises only the HTTP API. */
  pageHandler?: PageHandler;
  /** Serves build/client in production; injected so tests and dev can skip it. */
  staticFiles?: Hono;
  devServer?: boolean;
  /** The PostgreSQL pool, for its connection figures in /metrics. */
  dbPool?: pg.Pool;
  /** Visitor pages kept and sent again (server/page-cache); without it every request is rendered. */
  pageCache?: PageCache;
  /** Live updates over Server-Sent Events (server/live); without it there is no /live and /readyz ignores it. */
  liveHub?: LiveHub;
};

type Vars = PageCacheVars & { requestId: string; ctx: AppContext };

/**
 * Account changes must pass our validation, limits and logging in core/auth and core/accounts, so Better Auth's HTTP
 * endpoints stay closed (404) unless listed here: the product calls Better Auth on the server.
 */
const OPEN_AUTH_PATHS: RegExp[] = [
  // An identity provider sends the member back here (GET, or a form POST for Apple): Better Auth checks the state
  // cookie it set when our page started the sign-in, and the PKCE verifier.
  /^\/api\/auth\/callback\/[a-z0-9-]+$/,
];

export function createApp(deps: AppDeps) {
  const { db, env } = deps;
  const clock = deps.clock ?? systemClock;
  const production = env.NODE_ENV === "production";
  // Every process of one deployment signs (and checks) the flash message with the same secret.
  setFlashSecret(env.BETTER_AUTH_SECRET);
  // ... and the notice e-mails' one-click unsubscribe links (decision 085).
  setSigningSecret(env.BETTER_AUTH_SECRET);
  // ... and whether notices are owed to members' browsers (Web Push, only with the VAPID keys).
  setPushConfig(pushConfigFromEnv(env));
  const identityProviders = identityProvidersFromEnv(env);
  const auth =
    deps.auth ??
    createAuth(db, {
      baseURL: env.APP_URL,
      secret: env.BETTER_AUTH_SECRET,
      secureCookies: production,
      identityProviders,
    });
  const storage = deps.storage ?? storageFromEnv(env);
  const app = new Hono<{ Variables: Vars }>();
  const staffAllowlist = parseIpAllowlist(env.ADMIN_IP_ALLOWLIST);
  const paymentProvider =
    deps.paymentProvider ??
    paymentProviderFromEnv(env, {
      // The local checkout hands its signed webhook straight to this app: same route, no network hop.
      deliver: async (url, body, headers) => app.request(url, { method: "POST", body, headers }),
    });

  // Request counts and latency cover every request, so this runs first; without METRICS_TOKEN nothing is kept.
  const metrics = env.METRICS_TOKEN ? createMetrics({ db, pool: deps.dbPool, pageCache: deps.pageCache }) : null;
  if (metrics) app.use(metrics.middleware);

  const securityOptions = {
    production,
    devServer: deps.devServer,
    formActionOrigins: identityProviderOrigins(identityProviders),
  };
  // A visitor's page may be answered from the shared copies before anything else runs; a copy carries the headers
  // the rest of the stack would add (decision 062).
  if (deps.pageCache) app.use(deps.pageCache.middleware((scripts) => securityHeaderValues(securityOptions, scripts)));

  // Pages are ~100 KB of HTML and scripts ~400 KB raw: gzip cuts both by 70-80 %. Not a render for the shared
  // copies: they are compressed once, when stored.
  const compressed = compress();
  app.use((c, next) => (c.get("sharedRender") ? next() : compressed(c, next)));
  app.use(varyAcceptEncoding());
  app.use(async (c, next) => {
    c.set("nonce", crypto.randomBytes(16).toString("base64"));
    // One id per request, for the logs and the error page; a client's own X-Request-Id is not trusted.
    c.set("requestId", crypto.randomUUID());
    await next();
    c.header("X-Request-Id", c.get("requestId"));
  });
  app.use(securityHeaders(securityOptions));
  app.use(privateResponses());
  app.use(backOfficeHeaders());
  app.use(addressesWithoutNul());
  app.use(refererIsAUrl());
  const signing = sessionSigning({ db, authSecret: env.BETTER_AUTH_SECRET, clock });
  /** Whether the request's session cookie names a member who may use the site (one session lookup). */
  const signedIn = async (c: Context) => {
    const cookie = await signing.incoming(c.req.header("cookie") ?? null);
    if (!cookie?.includes("session_token")) return false;
    const headers = new Headers(c.req.raw.headers);
    headers.set("cookie", cookie);
    return (await findSessionUser({ db, auth }, headers)) !== null;
  };
  app.use(boundedBodies([...BODY_LIMIT_EXCEPTIONS, avatarUploadLimit(signedIn), messageUploadLimit(signedIn)]));
  app.use(
    parseableBodies({
      multipartApi: isListingUploadApi,
      multipartAlsoApi: isMessageUploadApi,
      // A message's multipart form is parsed once, by its action (which refuses a NUL); its other forms here.
      uploadPage: (path, type) =>
        isListingUploadPage(path) || (isMessageUploadPage(path) && /^multipart\/form-data\b/i.test(type)),
    }),
  );
  // An identity provider may answer with a cross-site form POST (Apple's form_post): Better Auth only turns it
  // into a GET of the same callback (its state cookie is SameSite=Lax), so it changes nothing by itself.
  app.use(
    csrfProtection({
      appOrigin: new URL(env.APP_URL).origin,
      // The one-click unsubscribe: mail clients post it cross-site; it uses no session (server/unsubscribe.ts).
      exempt: ["/api/webhooks/", "/api/auth/callback/", "/unsubscribe/"],
    }),
  );
  app.use(signing.outgoing);

  // One context per request: the socket's address replaces any client-sent X-Client-IP.
  app.use(async (c, next) => {
    const ip = clientIp(c, env.TRUSTED_PROXY);
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, ip);
    const cookie = await signing.incoming(headers.get("cookie"));
    if (cookie) headers.set("cookie", cookie);
    else headers.delete("cookie");
    let user: Promise<SessionUser | null> | undefined;
    const ctx: AppContext = {
      db,
      auth,
      env,
      clock,
      storage,
      paymentProvider,
      authAddressLimit: env.AUTH_ADDRESS_LIMIT,
      staffAllowlist,
      nonce: c.get("nonce"),
      requestId: c.get("requestId"),
      sharedRender: c.get("sharedRender") === true,
      meta: { ip, userAgent: c.req.header("user-agent") ?? null, headers },
      getUser: () => {
        // Visitors without a session cookie cost no database round trip.
        user ??= headers.get("cookie")?.includes("session_token")
          ? findSessionUser({ db, auth }, headers)
          : Promise.resolve(null);
        return user;
      },
    };
    c.set("ctx", ctx);
    await next();
  });

  app.route(
    "/",
    createHealthRoutes({ db, clock, metrics, metricsToken: env.METRICS_TOKEN, liveListening: deps.liveHub?.listening }),
  );
  if (deps.liveHub) app.get("/live", liveRoute(deps.liveHub));

  app.all("/api/auth/*", async (c) => {
    if (!OPEN_AUTH_PATHS.some((open) => open.test(c.req.path))) return c.json({ error: "Not found" }, 404);
    const ctx = c.get("ctx");
    return auth.handler(new Request(c.req.raw, { headers: ctx.meta.headers }));
  });

  app.route("/api/v1", createApiRoutes());
  app.route("/api/docs", createApiDocsRoutes());
  app.get("/uploads/*", serveUpload(storage));
  app.route("/api/webhooks", createWebhookRoutes({ db, clock, provider: paymentProvider, env }));

  app.route("/", createUnsubscribeRoutes({ db }));

  // robots.txt and the sitemaps: written from the database and APP_URL, so before the files in public/.
  app.route("/", createSitemapRoutes({ db, origin: env.APP_URL }));
  if (deps.staticFiles) app.route("/", deps.staticFiles);

  const pageHandler = deps.pageHandler;
  if (pageHandler) {
    app.all("*", (c) => {
      const context = new RouterContextProvider();
      context.set(appContext, c.get("ctx"));
      return pageHandler(c.req.raw, context);
    });
  }

  app.onError(async (error, c) => {
    const requestId = c.get("requestId") ?? crypto.randomUUID();
    const user = await c
      .get("ctx")
      ?.getUser()
      .catch(() => null);
    await recordRequestError({ db, env }, { requestId, request: c.req.raw, error, userId: user?.id });
    c.header("X-Request-Id", requestId);
    return c.json({ error: "An unexpected error occurred.", requestId }, 500);
  });

  return { app, auth };
}

export type SwapShedApp = ReturnType<typeof createApp>["app"];
