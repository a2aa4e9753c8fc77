// What a test file of sign-in, sign-up and account security starts with: its own database (closed after the
// file), a controlled clock, the real app over both (1,000 sign-in attempts per address, as every request comes
// from one address), and what its use cases and routes are called with.
import { afterAll } from "vitest";
import { findSessionUser, type SessionUser } from "#core/auth/find-session-user.ts";
import type { RouteCaller } from "./staff-route";
import { cookiesFrom, createTestApp, TEST_ORIGIN } from "./test-app";
import { controlledClock } from "./test-clock";
import { closeTestDatabase, createTestDatabase } from "./test-db";

export async function authTestSetup() {
  const handle = await createTestDatabase();
  const db = handle.db;
  afterAll(() => closeTestDatabase(handle));
  const clock = controlledClock(new Date());
  const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
  const { auth } = testApp;
  const caller: RouteCaller = { db, clock, provider: undefined as never, testApp };
  return {
    handle,
    db,
    clock,
    testApp,
    auth,
    /** The use cases' dependencies, with the links' origin. */
    deps: { db, auth, clock, appUrl: TEST_ORIGIN },
    caller,
    /** The signed-in person a cookie stands for. */
    sessionUser: async (cookie: string) =>
      (await findSessionUser({ db, auth }, new Headers({ cookie }))) as SessionUser,
    /** The cookie header a response's Set-Cookie headers make. */
    cookieOf: (headers: Headers) => cookiesFrom(new Response(null, { headers })),
  };
}
