import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { type AuthSecretSource, type Env, envSchema as schema } from "#core/settings/env-schema.ts";

export type { AuthSecretSource, Env };

// The settings' schema is core's (core/settings/env-schema.ts: the pages read the same Env through the load
// context); reading the process's environment, the combinations it refuses and the auth secret kept in DATA_DIR
// are the server's.

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
  const vapid = (["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const).filter((k) => env[k]);
  if (vapid.length > 0 && vapid.length < 3) {
    const missing = (["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const).filter((k) => !env[k]);
    throw new Error(
      `Invalid environment:\n${missing.map((k) => `  - ${k}: required with the other VAPID variables (Web Push needs all three, or none)`).join("\n")}`,
    );
  }
  if (env.PUSH_ALLOW_INSECURE_ENDPOINTS && env.NODE_ENV !== "test") {
    throw new Error(
      "Invalid environment:\n  - PUSH_ALLOW_INSECURE_ENDPOINTS: for the test suite only (NODE_ENV=test); real push services are https",
    );
  }
  const sms = (["SMS_HTTP_URL", "SMS_HTTP_TOKEN"] as const).filter((k) => !env[k]);
  if (env.SMS_PROVIDER === "http" && sms.length) {
    throw new Error(`Invalid environment:\n${sms.map((k) => `  - ${k}: required with SMS_PROVIDER=http`).join("\n")}`);
  }
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
