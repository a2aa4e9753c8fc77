// A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, for the tests of "Sign in with an
// identity provider". Its login page is a form anyone can fill in: the e-mail typed is the person at the provider
// (the same e-mail is always the same subject), so tests drive it over HTTP or in a browser without an admin API.
// Consent is given at once for the one client (first-party, as a company's own single sign-on would be).
//
// Runs under Node's own type stripping too (scripts/oidc-test-provider.mjs): erasable TypeScript only.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

export type OidcPerson = { email: string; name: string; emailVerified: boolean };

export type TestOidcProvider = {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** The subject the provider gives the person with this e-mail. */
  subjectFor: (email: string) => string;
  close: () => Promise<void>;
};

export const TEST_OIDC_PERSON: OidcPerson = {
  email: "robin.provider@example.com.au",
  name: "Robin Provider",
  emailVerified: true,
};

export const subjectFor = (email: string) =>
  `person-${crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 20)}`;

/**
 * Starts the provider on `port` (0: a free one) with one confidential client whose redirect URIs are
 * `redirectUris` (the app's /api/auth/callback/oidc). Resolves once it listens.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? "swapshed-test-client";
  const clientSecret = options.clientSecret ?? "swapshed-test-client-secret-0123456789";
  const people = new Map<string, OidcPerson>();
  let provider: Provider | undefined;

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://provider");
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!provider) throw new Error("provider not ready");
    if (!match) return provider.callback()(req, res);
    const details = await provider.interactionDetails(req, res);
    if (req.method === "GET") return page(res, loginPage(details.uid, details.params.login_hint as string | undefined));
    if (req.method !== "POST" || !match[2]) return void res.writeHead(405).end();
    const form = new URLSearchParams(await readBody(req));
    if (form.has("cancel")) {
      return provider.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The person cancelled signing in" },
        { mergeWithLastSubmission: false },
      );
    }
    const email = (form.get("email") ?? "").trim().toLowerCase();
    if (!email.includes("@")) return page(res, loginPage(details.uid, email, "Enter an e-mail address"), 400);
    people.set(subjectFor(email), {
      email,
      name: form.get("name") ?? "",
      emailVerified: form.get("emailVerified") === "on",
    });
    return provider.interactionFinished(
      req,
      res,
      { login: { accountId: subjectFor(email) } },
      { mergeWithLastSubmission: false },
    );
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });

  provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" } as never] },
    cookies: { keys: [crypto.randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The id_token carries the e-mail and name, as Google's and Apple's do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // First-party client: consent is given with the sign-in.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: person.email,
          email_verified: person.emailVerified,
          ...(person.name ? { name: person.name } : {}),
        }),
      };
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = `<!doctype html><html lang="en"><title>Error</title><main><h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p></main></html>`;
    },
  });

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    subjectFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider's records (sessions, codes, grants) in memory: one test run's worth, gone when it stops. */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry || entry.expiresAt < Date.now()) return undefined;
    return entry.payload;
  };
  return class MemoryAdapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn: number) {
      store.set(this.key(id), { payload, expiresAt: Date.now() + (expiresIn || 3600) * 1000 });
      if (payload.uid)
        store.set(`uid:${payload.uid}`, { payload: { id }, expiresAt: Date.now() + (expiresIn || 3600) * 1000 });
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`uid:${uid}`);
      return ref ? live(this.key(String(ref.id))) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}

function loginPage(uid: string, email = TEST_OIDC_PERSON.email, error?: string) {
  const name = email === TEST_OIDC_PERSON.email ? TEST_OIDC_PERSON.name : "";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head><body><main>
<h1>Test identity provider</h1>${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${uid}/login">
<p><label for="email">E-mail</label> <input id="email" name="email" type="email" value="${escapeHtml(email)}"></p>
<p><label for="name">Name</label> <input id="name" name="name" value="${escapeHtml(name)}"></p>
<p><input id="emailVerified" name="emailVerified" type="checkbox" checked> <label for="emailVerified">E-mail verified</label></p>
<button type="submit">Continue</button> <button type="submit" name="cancel" value="1">Cancel</button>
</form></main></body></html>`;
}

function page(res: http.ServerResponse, html: string, status = 200) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(html);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
