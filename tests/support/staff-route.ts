// Calls a back-office route's real loader or action (gate, permission, rate limit, use case) with the context
// the Hono app would give it, as a chosen person: the guards are what these tests are about, not the sign-in.
import type { AppContext } from "#app/context.ts";
import { readFlash } from "#app/lib/flash.server.ts";
import type { PaymentProvider } from "#core/payments/payment-provider.ts";
import type { Clock } from "#core/shared/clock.ts";
import type { SessionUser } from "#core/auth/find-session-user.ts";
import type { Db } from "#db/client.ts";
import { type RouteModule, routeContext } from "./route-context";
import type { createTestApp } from "./test-app";
import { TEST_ORIGIN } from "./test-app";

export type RouteCaller = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  testApp: ReturnType<typeof createTestApp>;
  /** ADMIN_IP_ALLOWLIST as the app would have parsed it (empty by default); every call comes from 203.0.113.7. */
  staffAllowlist?: string;
};

/** The context the Hono app would give a route, as `user`. */
export function contextFor(caller: RouteCaller, user: SessionUser | null) {
  return routeContext({
    testApp: caller.testApp,
    db: caller.db as AppContext["db"],
    clock: caller.clock,
    paymentProvider: caller.provider,
    staffAllowlist: caller.staffAllowlist,
    meta: { ip: "203.0.113.7", userAgent: "vitest", headers: new Headers() },
    getUser: async () => user,
  });
}

/**
 * POSTs a form to a route module's action as `user`. Returns the Response the action answered or threw (a
 * redirect), or the data it returned ({ data, init } from react-router's `data()`), as React Router would get it.
 */
export async function postForm(
  caller: RouteCaller,
  module: RouteModule,
  {
    user,
    path,
    params = {},
    form,
  }: { user: SessionUser | null; path: string; params?: Record<string, string>; form: Record<string, string> },
): Promise<{ status: number; location: string | null; error: string | null; flash: string | null }> {
  const request = new Request(`${TEST_ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(form) });
  let answer: unknown;
  try {
    answer = await module.action?.({ request, params, context: contextFor(caller, user) } as never);
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    const cookie = answer.headers.get("set-cookie");
    const { flash } = cookie
      ? await readFlash(new Request(TEST_ORIGIN, { headers: { cookie: cookie.split(";")[0] } }))
      : { flash: null };
    return {
      status: answer.status,
      location: answer.headers.get("location"),
      error: null,
      flash: flash?.message ?? null,
    };
  }
  const result = answer as { data?: { error?: string }; init?: { status?: number } };
  return { status: result?.init?.status ?? 200, location: null, error: result?.data?.error ?? null, flash: null };
}

/** Runs a route module's loader as `user`: its data, or the Response it threw. */
export async function load(
  caller: RouteCaller,
  module: RouteModule,
  { user, path, params = {} }: { user: SessionUser | null; path: string; params?: Record<string, string> },
) {
  const request = new Request(`${TEST_ORIGIN}${path}`);
  try {
    return {
      data: (await module.loader?.({ request, params, context: contextFor(caller, user) } as never)) as Record<
        string,
        unknown
      >,
      response: null,
    };
  } catch (thrown) {
    if (thrown instanceof Response) return { data: null, response: thrown };
    throw thrown;
  }
}
