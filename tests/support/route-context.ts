// The React Router context the Hono app gives a page route's loader and action, for tests that call a route
// module directly: the test app's services, with who is asking (getUser) and from where (meta).
import crypto from "node:crypto";
import { RouterContextProvider } from "react-router";
import { type AppContext, appContext } from "#app/context.ts";
import { parseIpAllowlist } from "#core/staff/ip-allowlist.ts";
import type { createTestApp } from "./test-app";

/** A route module, as the tests call its loader and action. */
export type RouteModule = {
  action?: (args: never) => Promise<unknown>;
  loader?: (args: never) => Promise<unknown>;
};

type Caller = Pick<AppContext, "db" | "clock" | "meta" | "getUser"> & {
  testApp: ReturnType<typeof createTestApp>;
  /** Left out where no payment is taken. */
  paymentProvider?: AppContext["paymentProvider"];
  /** ADMIN_IP_ALLOWLIST as the operator wrote it (empty: no list). */
  staffAllowlist?: string;
};

export function routeContext({ testApp, db, clock, meta, getUser, paymentProvider, staffAllowlist = "" }: Caller) {
  const ctx: AppContext = {
    db,
    auth: testApp.auth,
    env: testApp.env,
    clock,
    storage: testApp.storage,
    paymentProvider: paymentProvider ?? (undefined as never),
    authAddressLimit: 1000,
    staffAllowlist: parseIpAllowlist(staffAllowlist),
    nonce: "test",
    requestId: crypto.randomUUID(),
    meta,
    getUser,
  };
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  return context;
}
