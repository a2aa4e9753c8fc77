import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseIpAllowlist } from "../core/staff/ip-allowlist";
import { PASSWORD } from "../core/auth/credential-rules";

// Every setting the app reads, parsed once at boot. With no variables at all the app runs on its
// embedded defaults (PGlite under ./data, local uploads, mail into the outbox, local payments).
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** What this deployment is, where NODE_ENV cannot say (a staging site runs production code): `staging` lets
   *  the back office's Reset Staging Baseline empty its member data. Unset: not staging. */
  APP_ENV: z
    .enum(["development", "staging", "production", ""])
    .optional()
    .transform((v) => v || undefined),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v) || v.startsWith("memory://"), {
      message: "DATABASE_URL must be a postgres:// URL (or memory:// for an in-memory database)",
    }),
  BETTER_AUTH_SECRET: z.string().min(32, "BETTER_AUTH_SECRET must be at least 32 characters").optional(),
  TRUSTED_PROXY: z.string().optional(),
  SUPPORT_EMAIL: z.email().default("support@swapshed.com.au"),
  INVESTOR_EMAIL: z.email().default("investors@swapshed.com.au"),
  /** local: files under DATA_DIR/uploads; s3: an S3-compatible bucket (the S3_* variables). */
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("ap-southeast-2"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** outbox: mails are stored in mail_outbox and listed at /dev/outbox; smtp: sent through SMTP_URL. */
  MAIL_TRANSPORT: z.enum(["outbox", "smtp"]).default("outbox"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be smtp://user:pass@host:port or smtps://...")
    .optional(),
  MAIL_FROM: z.string().default("SwapShed <no-reply@swapshed.com.au>"),
  /** false on processes that should serve requests only (the jobs are safe to run on every process). */
  RUN_JOBS: z
    .enum(["true", "false"])
    .default("true")
    .transform((v) => v === "true"),
  /**
   * The demo parts (/seed, `npm run seed`, the outbox page): unset, on everywhere except a production
   * PostgreSQL; `true` turns them on there too, `false` turns them off everywhere (a real embedded deployment).
   */
  ALLOW_SEED: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1")),
  /**
   * The password the demo's staff accounts get when they are made (a test run, a workshop). Unset, each gets its own
   * random password, printed once in the console (decision 066). Never published by the site.
   */
  DEMO_STAFF_PASSWORD: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const broken = value === undefined ? undefined : PASSWORD.rules.find(([test]) => !test(value));
      if (broken) ctx.addIssue({ code: "custom", message: broken[1] });
    }),
  /** Sign-in/sign-up attempts per client address per 5 minutes (per-e-mail is fixed at 5 by the spec). */
  AUTH_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(20),
  /** local: the app's own test checkout and signed webhooks; stripe: Stripe Checkout (the STRIPE_* variables). */
  PAYMENT_PROVIDER: z.enum(["local", "stripe"]).default("local"),
  /** Lets a production deployment on PostgreSQL (or with ALLOW_SEED=false) run the local test checkout: staging only. */
  ALLOW_TEST_PAYMENTS: bool,
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, "STRIPE_SECRET_KEY must start with sk_ or rk_")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, "STRIPE_WEBHOOK_SECRET must start with whsec_")
    .optional(),
  /** With the enable_ip_allowlist flag on, the back office answers only these addresses (IPs or CIDR blocks, comma-separated). */
  ADMIN_IP_ALLOWLIST: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseIpAllowlist(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: `ADMIN_IP_ALLOWLIST has ${(error as Error).message}` });
      }
    }),
  /** GET /metrics answers only with this token as a bearer token; unset, /metrics is off (404). */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Sign-in with a generic OpenID Connect provider: its issuer URL (with /.well-known/openid-configuration), client and label. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().max(40).optional(),
  /** Sign-in with Google (both set) and with Apple (both set; the secret is the signed client-secret JWT). */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  APPLE_APP_BUNDLE_IDENTIFIER: z.string().optional(),
  /** Signs the local provider's webhooks; unset, one is derived from BETTER_AUTH_SECRET (server/payments.ts). */
  LOCAL_PAYMENTS_SECRET: z.string().min(32, "LOCAL_PAYMENTS_SECRET must be at least 32 characters").optional(),
});

/** Where the auth secret came from: the environment, the file kept in DATA_DIR, or made for this process (memory://). */
export type AuthSecretSource = "environment" | "data_dir" | "memory";

export type Env = z.infer<typeof schema> & {
  APP_URL: string;
  BETTER_AUTH_SECRET: string;
  AUTH_SECRET_SOURCE: AuthSecretSource;
};

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}\nSee .env.example for every variable.`);
  }
  const env = result.data;
  if (env.STORAGE_DRIVER === "s3") {
    const missing = (["S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !env[k]);
    if (missing.length)
      throw new Error(
        `Invalid environment:\n${missing.map((k) => `  - ${k}: required with STORAGE_DRIVER=s3`).join("\n")}`,
      );
  }
  if (env.PAYMENT_PROVIDER === "stripe") {
    const missing = (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const).filter((k) => !env[k]);
    if (missing.length)
      throw new Error(
        `Invalid environment:\n${missing.map((k) => `  - ${k}: required with PAYMENT_PROVIDER=stripe`).join("\n")}`,
      );
  }
  if (env.PAYMENT_PROVIDER === "local" && realDeployment(env) && !env.ALLOW_TEST_PAYMENTS) {
    throw new Error(
      "Invalid environment:\n  - PAYMENT_PROVIDER: the local test checkout lets anyone pay with card 4242 4242 4242 4242, so it is refused in production" +
        " on PostgreSQL (or with ALLOW_SEED=false). Set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET," +
        " or ALLOW_TEST_PAYMENTS=true for a staging deployment where no real money should move.",
    );
  }
  const partial = (
    [
      ["OIDC", ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"]],
      ["Google", ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]],
      ["Apple", ["APPLE_CLIENT_ID", "APPLE_CLIENT_SECRET"]],
    ] as const
  ).flatMap(([label, keys]) => {
    const set = keys.filter((k) => env[k]);
    return set.length > 0 && set.length < keys.length
      ? keys.filter((k) => !env[k]).map((k) => `  - ${k}: required with the other ${label} variables`)
      : [];
  });
  if (partial.length) throw new Error(`Invalid environment:\n${partial.join("\n")}`);
  if (env.MAIL_TRANSPORT === "smtp" && !env.SMTP_URL) {
    throw new Error("Invalid environment:\n  - SMTP_URL: required with MAIL_TRANSPORT=smtp");
  }
  const auth = resolveSecret(env);
  return {
    ...env,
    APP_URL: env.APP_URL ?? `http://localhost:${env.PORT}`,
    BETTER_AUTH_SECRET: auth.secret,
    AUTH_SECRET_SOURCE: auth.source,
  };
}

/** Production that is not the embedded demo: a PostgreSQL deployment, or an embedded one with the demo turned off. */
function realDeployment(env: z.infer<typeof schema>): boolean {
  return env.NODE_ENV === "production" && (!!env.DATABASE_URL?.startsWith("postgres") || env.ALLOW_SEED === false);
}

/**
 * On the embedded defaults a random secret is made once and kept in DATA_DIR (mode 0600), so
 * `npm start` needs no setup and sessions survive restarts. Outside production the same goes for PostgreSQL
 * (processes sharing a DATA_DIR share the key). In production on PostgreSQL the secret must be configured:
 * every app process, on every machine, has to sign sessions with the same key.
 */
function resolveSecret(env: z.infer<typeof schema>): { secret: string; source: AuthSecretSource } {
  if (env.BETTER_AUTH_SECRET) return { secret: env.BETTER_AUTH_SECRET, source: "environment" };
  if (env.DATABASE_URL?.startsWith("postgres")) {
    if (env.NODE_ENV === "production") {
      throw new Error(
        "Invalid environment:\n  - BETTER_AUTH_SECRET: required with DATABASE_URL in production (32+ random characters)",
      );
    }
    // Outside production a random secret is made and kept in DATA_DIR, as on the embedded defaults: never a
    // published constant, which would let anyone sign sessions and the local provider's "paid" webhooks.
  }
  if (env.DATABASE_URL?.startsWith("memory://"))
    return { secret: crypto.randomBytes(32).toString("hex"), source: "memory" };
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  if (fs.existsSync(file)) return { secret: fs.readFileSync(file, "utf8").trim(), source: "data_dir" };
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process on the same DATA_DIR made it a moment ago: use theirs, so both sign alike.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { secret: fs.readFileSync(file, "utf8").trim(), source: "data_dir" };
  }
  return { secret, source: "data_dir" };
}
