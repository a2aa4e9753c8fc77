/** The secrets the app runs with, as read at boot (server/env.ts): the Settings page shows whether each is set. */
export type SecretSources = {
  authSecret: string;
  authSecretSource: "environment" | "data_dir" | "memory";
  paymentProvider: "local" | "stripe";
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  mailTransport: "outbox" | "smtp";
  smtpUrl?: string;
};

export type SecretStatus = {
  name: string;
  label: string;
  configured: boolean;
  /** The last 4 characters, and never more; null when not configured or too short to show any of it. */
  lastFour: string | null;
  note: string;
};

/** Below this length even 4 characters give away too much of a secret: nothing is shown. */
const MIN_LENGTH_TO_REVEAL = 16;

function lastFour(value: string | undefined | null): string | null {
  if (!value || value.length < MIN_LENGTH_TO_REVEAL) return null;
  return value.slice(-4);
}

/** The password in SMTP_URL (smtp://user:password@host:port), or null when it carries none. */
function smtpPassword(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : null;
  } catch {
    return null;
  }
}

const AUTH_SOURCE_NOTE = {
  environment: "From the environment.",
  data_dir:
    "Generated on first start and kept in DATA_DIR/auth-secret (mode 0600); set BETTER_AUTH_SECRET to choose it.",
  memory: "Made for this process only (in-memory database): sessions end when it stops.",
} as const;

/**
 * Configured / Not configured for each secret, with at most its last 4 characters: the values themselves never
 * leave the server (this is all the page's loader sends).
 */
export function describeSecrets(sources: SecretSources): SecretStatus[] {
  const stripe = sources.paymentProvider === "stripe";
  const smtp = sources.mailTransport === "smtp" && Boolean(sources.smtpUrl);
  const smtpSecret = smtp ? smtpPassword(sources.smtpUrl) : null;
  return [
    {
      name: "BETTER_AUTH_SECRET",
      label: "Auth secret",
      configured: Boolean(sources.authSecret),
      lastFour: lastFour(sources.authSecret),
      note: AUTH_SOURCE_NOTE[sources.authSecretSource],
    },
    {
      name: "STRIPE_SECRET_KEY",
      label: "Payment provider key",
      configured: Boolean(sources.stripeSecretKey),
      lastFour: lastFour(sources.stripeSecretKey),
      note: stripe
        ? "Stripe Checkout (PAYMENT_PROVIDER=stripe)."
        : "Not in use: PAYMENT_PROVIDER=local, the app's own test checkout.",
    },
    {
      name: "STRIPE_WEBHOOK_SECRET",
      label: "Payment webhook secret",
      configured: Boolean(sources.stripeWebhookSecret),
      lastFour: lastFour(sources.stripeWebhookSecret),
      note: stripe
        ? "Checks the signature of Stripe's webhooks."
        : "Not in use: the local checkout signs its own webhooks.",
    },
    {
      name: "SMTP_URL",
      label: "SMTP credentials",
      configured: smtp,
      lastFour: lastFour(smtpSecret),
      note: smtp
        ? smtpSecret
          ? "The password in SMTP_URL (MAIL_TRANSPORT=smtp)."
          : "SMTP_URL carries no password."
        : "Not in use: MAIL_TRANSPORT=outbox, mail is kept in the outbox.",
    },
  ];
}
