import type { BlockList } from "node:net";
import { createContext } from "react-router";
import type { Database } from "#db/client.ts";
import type { Auth } from "#core/auth/auth.ts";
import type { SessionUser } from "#core/auth/find-session-user.ts";
import type { Clock } from "#core/shared/clock.ts";
import type { RequestMeta } from "#core/auth/auth-attempt.ts";
import type { Env } from "#core/settings/env-schema.ts";
import type { FileStorage } from "#core/storage/storage.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";

/** What the Hono app hands to every loader and action (typed; read with `context.get(appContext)`). */
export type AppContext = {
  db: Database;
  auth: Auth;
  env: Env;
  clock: Clock;
  storage: FileStorage;
  paymentProvider: PaymentProvider;
  authAddressLimit: number;
  /** ADMIN_IP_ALLOWLIST, parsed once at boot (enforced while the enable_ip_allowlist flag is on). */
  staffAllowlist: BlockList;
  nonce: string;
  /** This request's id: sent as X-Request-Id, shown on the error page, and the target id of its recorded error. */
  requestId: string;
  /** This page may be sent to other visitors (server/page-cache): nothing of this request may appear in it. */
  sharedRender?: boolean;
  meta: RequestMeta;
  /** Resolved once per request, on first use. */
  getUser: () => Promise<SessionUser | null>;
};

export const appContext = createContext<AppContext>();

/** The app's secret for the signed flash cookie: server/app.ts hands it over once at boot (the one other seam). */
export { setFlashSecret } from "./lib/flash.server";
