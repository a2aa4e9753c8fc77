import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, test, vi } from "vitest";
import * as signInRoute from "#app/routes/auth.identity.tsx";
import * as completeRoute from "#app/routes/auth.identity.complete.tsx";
import * as authRoute from "#app/routes/auth.tsx";
import * as identitiesRoute from "#app/routes/account/identities.tsx";
import * as layoutRoute from "#app/routes/account/layout.tsx";
import { IDENTITY_NOT_FOUND, LAST_WAY_IN } from "#core/auth/unlink-identity.ts";
import { accounts, passkeys, users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { signUpConfirmedMember, signUpMember } from "../support/api-factories";
import { controlledClock } from "../support/test-clock";
import { setFlag } from "../support/flags";
import { callRoute, CookieJar, flashOf, openCallback, throughProvider } from "../support/identity-flow";
import { type OidcPerson, startOidcProvider } from "../support/oidc-provider";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";
import { mailsOf } from "../support/mailbox";
import { securityEventsOf } from "../support/security-events";

// The provider first: the app discovers it when Better Auth starts.
const oidc = await startOidcProvider({ redirectUris: [`${TEST_ORIGIN}/api/auth/callback/oidc`] });
const handle = await createTestDatabase();
const db = handle.db;
afterAll(async () => {
  await oidc.close();
  await handle.close();
});
const clock = controlledClock(new Date());
const testApp = createTestApp(handle, {
  clock,
  authAddressLimit: 1000,
  env: {
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_NAME: "Test ID",
  },
});
const deps = { db, clock, testApp };
let n = 0;
const person = (overrides: Partial<OidcPerson> = {}): OidcPerson => ({
  email: `idp-person-${Date.now()}-${++n}@example.com.au`,
  name: "Robin Provider",
  emailVerified: true,
  ...overrides,
});

/** "Continue with Test ID" on /auth, through the provider as `who`, back to the app: where the browser lands. */
async function signInWithProvider(who: OidcPerson | "cancel", jar = new CookieJar()) {
  const start = await callRoute(deps, jar, signInRoute, {
    path: "/auth/identity",
    form: { provider: "oidc", redirectTo: "/my-swaps" },
  });
  expect(start.status).toBe(302);
  const callback = await throughProvider(start.location as string, who);
  const back = await openCallback(testApp, jar, callback);
  return { jar, callback, ...back };
}

async function linkWithProvider(jar: CookieJar, who: OidcPerson | "cancel") {
  const start = await callRoute(deps, jar, identitiesRoute, {
    path: "/account/identities",
    form: { intent: "link", provider: "oidc" },
  });
  expect(start.status).toBe(302);
  const callback = await throughProvider(start.location as string, who);
  return openCallback(testApp, jar, callback);
}

const signedIn = (jar: CookieJar) => jar.has("session_token");
const memberJar = (cookie: string) => {
  const jar = new CookieJar();
  jar.store(new Response(null, { headers: cookie.split("; ").map((c) => ["set-cookie", c]) }));
  return jar;
};
const eventsOf = (userId: string, eventType: string) => securityEventsOf(db, userId, eventType);
const noticesTo = (email: string) => mailsOf(db, email, "security_notice");
/** The member's links to the test provider (Test ID). */
const oidcAccountsOf = (userId: string) =>
  db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "oidc")));
const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

describe("signing in with an identity provider", () => {
  test("a new person signs in with the provider and gets an account with a name that meets the rules", async () => {
    const who = person({ name: "Jo-Anne O’Brien (Work) 2" });
    const { jar, status, location } = await signInWithProvider(who);
    expect(status).toBe(302);
    expect(location).toBe("/auth/identity/complete?provider=oidc&redirectTo=%2Fmy-swaps&new=1");
    expect(signedIn(jar)).toBe(true);
    const user = await userByEmail(who.email);
    expect(user).toMatchObject({ name: "Jo-Anne O'Brien Work", emailVerified: true });
    // The provider's tokens are never kept in clear.
    const [identity] = await db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(identity.accessToken).toMatch(/^(\$ba\$|[0-9a-f]{64,}$)/);
    const [event] = await eventsOf(user.id, "login_attempt");
    expect(event).toMatchObject({ attemptedAction: "sign_in_identity", success: true, metadata: { provider: "oidc" } });
    // Their first identity is how the account was made, not a change to tell them about.
    expect(await eventsOf(user.id, "identity_linked")).toHaveLength(0);
    const done = await callRoute(deps, jar, completeRoute, { path: location as string });
    expect(done.location).toBe("/my-swaps");
    expect(await flashOf(done.response)).toBe("Account created! Redirecting...");
  });
});

describe("what the provider says is checked", () => {
  test("a person whose address the provider has not verified gets no account", async () => {
    const who = person({ emailVerified: false });
    const { jar, location } = await signInWithProvider(who);
    expect(location).toContain("/auth?provider=oidc&redirectTo=%2Fmy-swaps&error=EMAIL_NOT_VERIFIED");
    expect(signedIn(jar)).toBe(false);
    expect(await userByEmail(who.email)).toBeUndefined();
    const page = await callRoute(deps, new CookieJar(), authRoute, { path: location as string });
    expect(page.data?.identityError).toBe(
      "Test ID hasn't confirmed your e-mail address. Confirm it there first, or sign up with your e-mail address.",
    );
  });

  test("a provider name with nothing usable falls back to the e-mail's name", async () => {
    const who = person({ name: "12345 ###" });
    await signInWithProvider(who);
    // idp-person-<digits>-<n>@example.com.au: the digits go, and the hyphens left dangling with them.
    expect((await userByEmail(who.email)).name).toBe("idp-person");
  });

  test("cancelling at the provider comes back to Sign In with a clear message and no session", async () => {
    const { jar, location } = await signInWithProvider("cancel");
    expect(location).toContain("/auth?provider=oidc&redirectTo=%2Fmy-swaps&error=access_denied");
    expect(signedIn(jar)).toBe(false);
    const page = await callRoute(deps, new CookieJar(), authRoute, { path: location as string });
    expect(page.data?.identityError).toBe("Signing in with Test ID was cancelled.");
  });

  test("a callback with a forged state, or one replayed in another browser, makes no session", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const forged = await openCallback(
      testApp,
      new CookieJar(),
      new URL(`${TEST_ORIGIN}/api/auth/callback/oidc?code=made-up&state=made-up`),
    );
    expect(forged.location).toBe(`${TEST_ORIGIN}/auth?error=state_mismatch`);
    // A real state and code, opened by a browser that did not start this sign-in (no state cookie).
    const who = person();
    const start = await callRoute(deps, new CookieJar(), signInRoute, {
      path: "/auth/identity",
      form: { provider: "oidc" },
    });
    const callback = await throughProvider(start.location as string, who);
    const elsewhere = new CookieJar();
    const replayed = await openCallback(testApp, elsewhere, callback);
    expect(replayed.location).toContain("error=state_mismatch");
    expect(signedIn(elsewhere)).toBe(false);
    expect(await userByEmail(who.email)).toBeUndefined();
    expect(logged).toHaveBeenCalled();
  });

  test("an unknown provider is refused before anything starts", async () => {
    const start = await callRoute(deps, new CookieJar(), signInRoute, {
      path: "/auth/identity",
      form: { provider: "github" },
    });
    expect(start).toMatchObject({ status: 400, data: { error: "That way of signing in isn't available." } });
  });
});

describe("existing members", () => {
  test("a member links the provider from My Account, is told by mail, then signs in with it", async () => {
    const member = await signUpConfirmedMember(testApp, db, { name: "Kylie Nguyen" });
    const jar = memberJar(member.cookie);
    const back = await linkWithProvider(jar, person({ email: member.email }));
    expect(back.location).toBe("/account/identities?linked=oidc");
    const page = await callRoute(deps, jar, identitiesRoute, { path: back.location as string });
    expect(page.data?.notice).toBe("Test ID is linked: you can now sign in with it.");
    const rows = page.data?.rows as Array<{ id: string; identities: Array<{ email: string; subject: string }> }>;
    expect(rows[0].identities).toEqual([
      expect.objectContaining({ email: member.email, subject: oidc.subjectFor(member.email) }),
    ]);
    const [linked] = await eventsOf(member.userId, "identity_linked");
    expect(linked).toMatchObject({ success: true, metadata: { provider: "oidc" } });
    expect((await noticesTo(member.email)).map((m) => m.subject)).toContain(
      "Security notice: Test ID was linked to your account: you can now sign in with it",
    );

    const fresh = await signInWithProvider(person({ email: member.email }));
    expect(fresh.location).toBe("/auth/identity/complete?provider=oidc&redirectTo=%2Fmy-swaps");
    const done = await callRoute(deps, fresh.jar, completeRoute, { path: fresh.location as string });
    expect(await flashOf(done.response)).toBe("Welcome back!");
    expect((await eventsOf(member.userId, "login_attempt"))[0]).toMatchObject({
      attemptedAction: "sign_in_identity",
      success: true,
    });
  });

  test("linking an identity with another address is refused and links nothing", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    const jar = memberJar(member.cookie);
    const back = await linkWithProvider(jar, person());
    expect(back.location).toBe("/account/identities?provider=oidc&error=email_does_not_match");
    expect(await oidcAccountsOf(member.userId)).toHaveLength(0);
    const page = await callRoute(deps, jar, identitiesRoute, { path: back.location as string });
    expect(page.data?.error).toContain("That Test ID account uses a different e-mail address.");
    expect(page.data?.notice).toBeNull();
  });

  test("an identity already linked to another member cannot be linked again", async () => {
    const owner = await signUpConfirmedMember(testApp, db);
    await linkWithProvider(memberJar(owner.cookie), person({ email: owner.email }));
    // The owner moves to another address; someone else signs up with the old one and tries the same identity.
    await db
      .update(users)
      .set({ email: `moved-${owner.email}` })
      .where(eq(users.id, owner.userId));
    const other = await signUpConfirmedMember(testApp, db, { email: owner.email });
    const back = await linkWithProvider(memberJar(other.cookie), person({ email: owner.email }));
    expect(back.location).toContain("error=account_already_linked_to_different_user");
    const page = await callRoute(deps, memberJar(other.cookie), identitiesRoute, { path: back.location as string });
    expect(page.data?.error).toBe("That Test ID account is already linked to another SwapShed account.");
    expect(await oidcAccountsOf(other.userId)).toHaveLength(0);
  });

  test("a member with a verified address is linked implicitly at sign-in, and told by mail", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, member.userId));
    const { jar, location } = await signInWithProvider(person({ email: member.email }));
    expect(location).toBe("/auth/identity/complete?provider=oidc&redirectTo=%2Fmy-swaps");
    expect(signedIn(jar)).toBe(true);
    expect(await eventsOf(member.userId, "identity_linked")).toHaveLength(1);
    expect(await noticesTo(member.email)).toHaveLength(1);
  });

  test("a member whose own address is unverified is asked to sign in and link instead", async () => {
    // Better Auth logs the refusal as an error line.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const member = await signUpMember(testApp);
    const { jar, location } = await signInWithProvider(person({ email: member.email }));
    expect(location).toContain("error=account_not_linked");
    expect(signedIn(jar)).toBe(false);
    const page = await callRoute(deps, new CookieJar(), authRoute, { path: location as string });
    expect(page.data?.identityError).toBe(
      "An account already uses this e-mail address. Sign in with your password, then link Test ID from My Account.",
    );
  });

  test("a suspended member, or one with two-step sign-in on, gets no session from the provider", async () => {
    const suspended = await signUpConfirmedMember(testApp, db);
    await linkWithProvider(memberJar(suspended.cookie), person({ email: suspended.email }));
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.userId, suspended.userId));
    const first = await signInWithProvider(person({ email: suspended.email }));
    expect(first.location).toContain("error=ACCOUNT_SUSPENDED");
    expect(signedIn(first.jar)).toBe(false);
    expect((await eventsOf(suspended.userId, "login_attempt"))[0]).toMatchObject({
      attemptedAction: "sign_in_identity",
      success: false,
    });
    const page = await callRoute(deps, new CookieJar(), authRoute, { path: first.location as string });
    expect(page.data?.identityError).toBe("Your account has been suspended. Please contact support.");

    const guarded = await signUpConfirmedMember(testApp, db);
    await linkWithProvider(memberJar(guarded.cookie), person({ email: guarded.email }));
    await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, guarded.userId));
    const second = await signInWithProvider(person({ email: guarded.email }));
    expect(second.location).toContain("error=TWO_FACTOR_REQUIRED");
    expect(signedIn(second.jar)).toBe(false);
  });
});

describe("unlinking", () => {
  async function identityOf(userId: string) {
    const [row] = await oidcAccountsOf(userId);
    return row;
  }

  test("the last way to sign in cannot be unlinked; with a passkey it can, and the member is told", async () => {
    const who = person();
    const { jar } = await signInWithProvider(who);
    const user = await userByEmail(who.email);
    const identity = await identityOf(user.id);
    const refused = await callRoute(deps, jar, identitiesRoute, {
      path: "/account/identities",
      form: { intent: "unlink", identityId: identity.id },
    });
    expect(refused).toMatchObject({ status: 409, data: { error: LAST_WAY_IN } });
    expect(await identityOf(user.id)).toBeTruthy();

    await db.insert(passkeys).values({
      id: `pk-${user.id}`,
      publicKey: "key",
      userId: user.id,
      credentialID: `cred-${user.id}`,
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    const done = await callRoute(deps, jar, identitiesRoute, {
      path: "/account/identities",
      form: { intent: "unlink", identityId: identity.id },
    });
    expect(done.location).toBe("/account/identities");
    expect(await flashOf(done.response)).toBe("Test ID was unlinked");
    expect(await identityOf(user.id)).toBeUndefined();
    expect((await eventsOf(user.id, "identity_unlinked"))[0]).toMatchObject({
      success: true,
      metadata: { provider: "oidc" },
    });
    expect((await noticesTo(who.email)).map((m) => m.subject)).toEqual([
      "Security notice: Test ID was unlinked from your account: you can no longer sign in with it",
    ]);
  });

  test("a member with a password can unlink; another member's identity id is refused and changes nothing", async () => {
    const owner = await signUpConfirmedMember(testApp, db);
    await linkWithProvider(memberJar(owner.cookie), person({ email: owner.email }));
    const identity = await identityOf(owner.userId);
    const intruder = await signUpConfirmedMember(testApp, db);
    const refused = await callRoute(deps, memberJar(intruder.cookie), identitiesRoute, {
      path: "/account/identities",
      form: { intent: "unlink", identityId: identity.id },
    });
    expect(refused).toMatchObject({ status: 404, data: { error: IDENTITY_NOT_FOUND } });
    expect(await identityOf(owner.userId)).toBeTruthy();
    expect(await eventsOf(owner.userId, "identity_unlinked")).toHaveLength(0);

    const done = await callRoute(deps, memberJar(owner.cookie), identitiesRoute, {
      path: "/account/identities",
      form: { intent: "unlink", identityId: identity.id },
    });
    expect(done.location).toBe("/account/identities");
    expect(await identityOf(owner.userId)).toBeUndefined();
  });

  test("linking and unlinking are rate limited per member", async () => {
    await setFlag(db, "enable_rate_limiting", true);
    const member = await signUpConfirmedMember(testApp, db);
    const jar = memberJar(member.cookie);
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await callRoute(deps, jar, identitiesRoute, {
        path: "/account/identities",
        form: { intent: "unlink", identityId: "nope" },
      });
      expect(answer.status).toBe(404);
    }
    const limited = await callRoute(deps, jar, identitiesRoute, {
      path: "/account/identities",
      form: { intent: "link", provider: "oidc" },
    });
    expect(limited.status).toBe(429);
    expect(limited.data?.error).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
  });

  test("after 10 minutes, linking and unlinking ask the member to confirm it's them first", async () => {
    const member = await signUpConfirmedMember(testApp, db);
    await linkWithProvider(memberJar(member.cookie), person({ email: member.email }));
    const identity = await identityOf(member.userId);
    clock.advance(11 * 60 * 1000);
    try {
      const unlink = await callRoute(deps, memberJar(member.cookie), identitiesRoute, {
        path: "/account/identities",
        form: { intent: "unlink", identityId: identity.id },
      });
      expect(unlink.location).toBe("/auth/reauthenticate?redirectTo=%2Faccount%2Fidentities");
      expect(await identityOf(member.userId)).toBeTruthy();
      const link = await callRoute(deps, memberJar(member.cookie), identitiesRoute, {
        path: "/account/identities",
        form: { intent: "link", provider: "oidc" },
      });
      expect(link.location).toBe("/auth/reauthenticate?redirectTo=%2Faccount%2Fidentities");
    } finally {
      clock.set(new Date());
    }
  });
});

describe("the Linked accounts page", () => {
  test("is listed in My Account when a provider is configured, and absent (404) when none is", async () => {
    const layout = await callRoute(deps, new CookieJar(), layoutRoute, { path: "/account" });
    expect(layout.data?.features).toEqual({ identityProviders: true });

    const bare = createTestApp(handle, { clock });
    const bareDeps = { db, clock, testApp: bare };
    const member = await signUpConfirmedMember(bare, db);
    expect((await callRoute(bareDeps, new CookieJar(), layoutRoute, { path: "/account" })).data?.features).toEqual({
      identityProviders: false,
    });
    const page = await callRoute(bareDeps, memberJar(member.cookie), identitiesRoute, { path: "/account/identities" });
    expect(page.status).toBe(404);
  });
});
