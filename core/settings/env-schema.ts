import { z } from "zod";
import { parseIpAllowlist } from "../staff/ip-allowlist";
import { PASSWORD } from "../auth/credential-rules";

// Every setting the app reads, as a contract: server/env.ts parses the process's environment against it once at
// boot (and makes the auth secret); the load context hands the result to every page (app/context.ts), which is
// why it lives here and not in server/. With no variables at all the app runs on its embedded defaults (PGlite
// under ./data, local uploads, mail into the outbox, local payments).
const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

export const envSchema = z.object({
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
  /** outbox: texts (phone codes) stay in sms_outbox, listed at /dev/outbox; http: posted to SMS_HTTP_URL (decision 095). */
  SMS_PROVIDER: z.enum(["outbox", "http"]).default("outbox"),
  /** The SMS gateway's send endpoint: JSON {to, from, body, reference} is posted to it with SMS_HTTP_TOKEN as a bearer token. */
  SMS_HTTP_URL: z
    .url()
    .refine((v) => /^https?:\/\//.test(v), "SMS_HTTP_URL must be an http:// or https:// URL")
    .optional(),
  SMS_HTTP_TOKEN: z.string().min(8, "SMS_HTTP_TOKEN must be at least 8 characters").optional(),
  /** The sender the texts show: an alphanumeric sender id (up to 11 letters and digits) or a number. */
  SMS_FROM: z
    .string()
    .regex(/^(?:[A-Za-z0-9]{1,11}|\+?[0-9]{6,15})$/, "SMS_FROM must be up to 11 letters and digits, or a phone number")
    .default("SwapShed"),
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
  /**
   * Web Push (decision 085): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints them) and
   * the contact the push services see (mailto: or https:). All three or none; unset, push is off and invisible.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes, 87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes, 43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "VAPID_SUBJECT must be a mailto: address or an https: URL")
    .optional(),
  /** Tests only: lets push subscriptions name an http:// endpoint on a loopback host (a local stand-in push service). */
  PUSH_ALLOW_INSECURE_ENDPOINTS: bool,
  /** Signs the local provider's webhooks; unset, one is derived from BETTER_AUTH_SECRET (server/payments.ts). */
  LOCAL_PAYMENTS_SECRET: z.string().min(32, "LOCAL_PAYMENTS_SECRET must be at least 32 characters").optional(),
});

/** Where the auth secret came from: the environment, the file kept in DATA_DIR, or made for this process (memory://). */
export type AuthSecretSource = "environment" | "data_dir" | "memory";

export type Env = z.infer<typeof envSchema> & {
  APP_URL: string;
  BETTER_AUTH_SECRET: string;
  AUTH_SECRET_SOURCE: AuthSecretSource;
};
