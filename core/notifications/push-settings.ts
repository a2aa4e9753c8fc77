/**
 * Web Push's settings (decision 085, "Web Push"): the deployment's VAPID key pair and contact, or nothing. Push is
 * optional: without the three VAPID variables there is no control on the settings page, no service worker, no
 * subscription routes (404), no push_pending notices and no job work.
 *
 * The server sets it once at boot (server/app.ts, server/background.ts), as the unsubscribe secret is, because the
 * notices are written deep in the event dispatcher (record-notices.ts), which has no settings of its own.
 */
export type PushConfig = {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Tests only (PUSH_ALLOW_INSECURE_ENDPOINTS): an http:// endpoint on a loopback host is accepted. */
  allowInsecureEndpoints: boolean;
};

type PushEnv = {
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT?: string;
  PUSH_ALLOW_INSECURE_ENDPOINTS?: boolean;
};

/** The settings from the environment, or null when push is not configured (server/env.ts refuses a partial set). */
export function pushConfigFromEnv(env: PushEnv): PushConfig | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return null;
  return {
    publicKey: env.VAPID_PUBLIC_KEY,
    privateKey: env.VAPID_PRIVATE_KEY,
    subject: env.VAPID_SUBJECT,
    allowInsecureEndpoints: env.PUSH_ALLOW_INSECURE_ENDPOINTS === true,
  };
}

let current: PushConfig | null = null;

/** Called at boot with pushConfigFromEnv(env), and by the tests. */
export function setPushConfig(config: PushConfig | null): void {
  current = config;
}

/** This process's push settings, or null: push is off. */
export function pushConfig(): PushConfig | null {
  return current;
}
