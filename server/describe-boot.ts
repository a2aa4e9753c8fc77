import path from "node:path";
import { isDemoMode } from "#core/shared/demo-mode.ts";
import type { Env } from "./env";

export type BootLine = { part: string; value: string };

/**
 * What this process started with, one line per moving part, so an operator reading the log sees at once a
 * deployment that fell back to a default (test payments, the outbox, demo seeding). Never a credential.
 */
export function describeBoot(env: Env): BootLine[] {
  return [
    {
      part: "database",
      value: env.DATABASE_URL
        ? describeUrl(env.DATABASE_URL, "PostgreSQL")
        : `embedded PGlite in ${path.resolve(env.DATA_DIR, "db")}`,
    },
    {
      part: "storage",
      value:
        env.STORAGE_DRIVER === "s3"
          ? `S3 bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${new URL(env.S3_ENDPOINT).host}` : ` in ${env.S3_REGION}`}`
          : `local files in ${path.resolve(env.DATA_DIR, "uploads")}`,
    },
    {
      part: "mail",
      value:
        env.MAIL_TRANSPORT === "smtp" && env.SMTP_URL
          ? describeUrl(env.SMTP_URL, "SMTP")
          : "outbox: mail stays in the database, nothing is sent",
    },
    { part: "payments", value: env.PAYMENT_PROVIDER === "stripe" ? "Stripe Checkout" : "local test checkout" },
    { part: "test payments", value: env.PAYMENT_PROVIDER === "local" ? "ON: no real money moves" : "off" },
    { part: "seeding", value: isDemoMode(env) ? "demo mode ON: /seed and the outbox page are open" : "off" },
    { part: "jobs", value: env.RUN_JOBS ? "on" : "off (RUN_JOBS=false)" },
    {
      part: "web push",
      value: env.VAPID_PUBLIC_KEY ? `on (VAPID contact ${env.VAPID_SUBJECT})` : "off (no VAPID keys)",
    },
    { part: "metrics", value: env.METRICS_TOKEN ? "/metrics with a bearer token" : "off (no METRICS_TOKEN)" },
  ];
}

/** scheme://host:port/name without the user name or password. */
function describeUrl(url: string, kind: string): string {
  try {
    const parsed = new URL(url);
    return `${kind} at ${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ""}`;
  } catch {
    return kind;
  }
}
