import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { appContext } from "#app/context.ts";
import * as passkeysPage from "#app/routes/account/passkeys.tsx";
import * as registrationOptions from "#app/routes/account/passkeys.options.ts";
import * as passkeySignInRoute from "#app/routes/auth.passkey.ts";
import * as reauthenticatePage from "#app/routes/auth.reauthenticate.tsx";
import { PASSKEY_CEREMONY_EXPIRED, PASSKEY_NOT_ADDED, addPasskey } from "#core/auth/add-passkey.ts";
import { findSessionUser, type SessionUser } from "#core/auth/find-session-user.ts";
import { findPasskeys } from "#core/auth/find-passkeys.ts";
import { PASSKEY_NAME_REQUIRED, PASSKEY_NAME_TOO_LONG } from "#core/auth/passkey-name.ts";
import { PASSKEY_NOT_CONFIRMED, reauthenticateWithPasskey } from "#core/auth/reauthenticate-with-passkey.ts";
import { isRecentlyAuthenticated, markReauthenticated } from "#core/auth/reauthentication.ts";
import { removePasskey } from "#core/auth/remove-passkey.ts";
import { PASSKEY_NOT_FOUND, renamePasskey } from "#core/auth/rename-passkey.ts";
import { ACCOUNT_SUSPENDED } from "#core/auth/sign-in-attempt.ts";
import { PASSKEY_NOT_VERIFIED, PASSKEY_UNKNOWN, signInWithPasskey } from "#core/auth/sign-in-with-passkey.ts";
import { startPasskeyReauthentication } from "#core/auth/start-passkey-reauthentication.ts";
import { startPasskeyRegistration } from "#core/auth/start-passkey-registration.ts";
import { startPasskeySignIn } from "#core/auth/start-passkey-sign-in.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { passkeys, sessions } from "#db/schema/auth.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { profiles } from "#db/schema/profiles.ts";
import { confirmAddress } from "../support/factories";
import { signUpMember } from "../support/api-factories";
import { contextFor, postForm, type RouteCaller } from "../support/staff-route";
import { controlledClock } from "../support/test-clock";
import { type SoftwarePasskey, softwareAuthenticator } from "../support/software-authenticator";
import { cookiesFrom, createTestApp, TEST_ORIGIN } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";
import { turnOnTwoFactor } from "../support/two-factor";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
const { auth } = testApp;
const appUrl = testApp.env.APP_URL;
const deps = { db, clock, auth, appUrl };
const caller: RouteCaller = { db, clock, provider: null as never, testApp };
// The test app's APP_URL is http://localhost:3000: the browser would say this origin, for this relying party.
const authenticator = softwareAuthenticator({ origin: TEST_ORIGIN, rpId: "localhost" });
const MINUTE = 60 * 1000;
const CHROME_ON_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let address = 0;
const meta = (cookie = "", ip = `198.51.100.${(++address % 250) + 1}`) => ({
  ip,
  userAgent: CHROME_ON_MAC,
  headers: new Headers(cookie ? { cookie } : {}),
});

// Every test starts at the real time, so sessions Better Auth just made are fresh unless a test moves the clock.
beforeEach(() => clock.set(new Date()));

type Member = { userId: string; email: string; cookie: string; user: SessionUser };

async function signedInMember(name = "Kylie Nguyen"): Promise<Member> {
  const member = await signUpMember(testApp, { name });
  // Passkeys are for confirmed addresses only (decision 067).
  await confirmAddress(db, member.userId);
  const user = await findSessionUser({ db, auth }, new Headers({ cookie: member.cookie }));
  if (!user) throw new Error("the new member is not signed in");
  return { ...member, user };
}

/**
 * The whole add ceremony: options for this session, the authenticator's answer, our check and the stored row.
 * Rejects with the refusal when our check refuses the passkey.
 */
async function addPasskeyFor(member: Member, name = "Chrome on macOS", device = authenticator) {
  const options = await startPasskeyRegistration(
    deps,
    { user: member.user, sessionId: member.user.session.id },
    meta(member.cookie),
  );
  const { passkey, response } = device.create(options);
  const added = await addPasskey(
    deps,
    { userId: member.userId, sessionId: member.user.session.id, name, response: JSON.stringify(response) },
    meta(member.cookie),
  );
  return { passkey, response, added, options };
}

/**
 * Signs in with a passkey as a browser would: a challenge (and its cookie) first, then the signed answer. The
 * sign-in itself is left to the test to await: a refusal rejects it.
 */
async function signInWith(passkey: SoftwarePasskey, device = authenticator) {
  const started = await startPasskeySignIn(deps, meta());
  const challengeCookie = cookiesFrom(new Response(null, { headers: started.headers }));
  const answer = device.get(passkey, started.options);
  return signInWithPasskey(deps, { response: JSON.stringify(answer) }, meta(challengeCookie));
}

const eventsOf = (userId: string, eventType: string) =>
  db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, eventType)));
const noticesTo = (email: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "security_notice")));

describe("adding a passkey", () => {
  test("a signed-in member adds a passkey: it is listed with its name, and the change is logged and mailed", async () => {
    const member = await signedInMember();
    const { added, options } = await addPasskeyFor(member, "  Kylie's   MacBook  ");
    expect(added).toMatchObject({ name: "Kylie's MacBook" });
    // Discoverable (it signs in without an e-mail address) and it must check the person.
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });
    expect(options.rp.id).toBe("localhost");
    const listed = await findPasskeys(db, { userId: member.userId });
    expect(listed).toEqual([
      expect.objectContaining({ name: "Kylie's MacBook", backedUp: false, deviceType: "singleDevice" }),
    ]);
    const [event] = await eventsOf(member.userId, "passkey_added");
    expect(event).toMatchObject({ success: true, metadata: { name: "Kylie's MacBook" } });
    const notices = await noticesTo(member.email);
    expect(notices).toHaveLength(1);
    expect(notices[0].textBody).toContain('A passkey named "Kylie\'s MacBook" was added to your account.');
  });

  test("a synced passkey is shown as backed up", async () => {
    const member = await signedInMember();
    await addPasskeyFor(
      member,
      "Phone",
      softwareAuthenticator({ origin: TEST_ORIGIN, rpId: "localhost", synced: true }),
    );
    expect(await findPasskeys(db, { userId: member.userId })).toEqual([
      expect.objectContaining({ backedUp: true, deviceType: "multiDevice" }),
    ]);
  });

  test("the member's existing passkeys are excluded, so one device is not added twice", async () => {
    const member = await signedInMember();
    const { response } = await addPasskeyFor(member);
    const again = await startPasskeyRegistration(
      deps,
      { user: member.user, sessionId: member.user.session.id },
      meta(member.cookie),
    );
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([response.id]);
  });

  test("registration options need a signed-in member", async () => {
    const request = new Request(`${TEST_ORIGIN}/account/passkeys/options`, {
      method: "POST",
      headers: { referer: `${TEST_ORIGIN}/account/passkeys` },
    });
    const answer = (await registrationOptions.action({
      request,
      params: {},
      context: contextFor(caller, null),
    } as never)) as Response;
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ redirectTo: "/auth?redirectTo=%2Faccount%2Fpasskeys" });
  });

  test("a session signed in more than 10 minutes ago confirms it's the member before the options, and again before the passkey is stored", async () => {
    const member = await signedInMember();
    const request = () =>
      new Request(`${TEST_ORIGIN}/account/passkeys/options`, {
        method: "POST",
        headers: { referer: `${TEST_ORIGIN}/account/passkeys` },
      });
    const fresh = (await registrationOptions.action({
      request: request(),
      params: {},
      context: contextFor(caller, member.user),
    } as never)) as Response;
    expect(fresh.status).toBe(200);
    const { options } = await fresh.json();

    clock.advance(11 * MINUTE);
    const stale = (await registrationOptions.action({
      request: request(),
      params: {},
      context: contextFor(caller, member.user),
    } as never)) as Response;
    expect(stale.status).toBe(401);
    expect(await stale.json()).toEqual({ redirectTo: "/auth/reauthenticate?redirectTo=%2Faccount%2Fpasskeys" });
    // The ceremony begun while fresh cannot be finished once the session is stale.
    const { response } = authenticator.create(options);
    const stored = await postForm(caller, passkeysPage, {
      user: member.user,
      path: "/account/passkeys",
      form: { intent: "add", name: "Laptop", response: JSON.stringify(response) },
    });
    expect(stored.status).toBe(302);
    expect(stored.location).toMatch(/^\/auth\/reauthenticate\?/);
    expect(await findPasskeys(db, { userId: member.userId })).toEqual([]);

    await markReauthenticated(db, member.user.session.id, clock.now());
    const again = (await registrationOptions.action({
      request: request(),
      params: {},
      context: contextFor(caller, member.user),
    } as never)) as Response;
    expect(again.status).toBe(200);
  });

  test("an empty name or one over 50 characters is refused with a clear message, and nothing is stored", async () => {
    const member = await signedInMember();
    await expect(addPasskeyFor(member, "   ")).rejects.toMatchObject({
      status: 400,
      message: PASSKEY_NAME_REQUIRED,
      details: { field: "name" },
    });
    await expect(addPasskeyFor(member, "x".repeat(51))).rejects.toMatchObject({
      status: 400,
      message: PASSKEY_NAME_TOO_LONG,
      details: { field: "name" },
    });
    expect((await addPasskeyFor(member, "x".repeat(50))).added.name).toBe("x".repeat(50));
    expect(await findPasskeys(db, { userId: member.userId })).toHaveLength(1);
  });

  test("a challenge works once and only for the session it was given to", async () => {
    const member = await signedInMember();
    const other = await signedInMember("Sam Lee");
    const options = await startPasskeyRegistration(
      deps,
      { user: member.user, sessionId: member.user.session.id },
      meta(member.cookie),
    );
    const { response } = authenticator.create(options);
    const answer = JSON.stringify(response);
    // Another member's session has no such challenge.
    await expect(
      addPasskey(
        deps,
        { userId: other.userId, sessionId: other.user.session.id, name: "Stolen", response: answer },
        meta(),
      ),
    ).rejects.toMatchObject({ status: 400, message: PASSKEY_CEREMONY_EXPIRED, details: {} });
    await expect(
      addPasskey(
        deps,
        { userId: member.userId, sessionId: member.user.session.id, name: "Laptop", response: answer },
        meta(),
      ),
    ).resolves.toMatchObject({ name: "Laptop" });
    await expect(
      addPasskey(
        deps,
        { userId: member.userId, sessionId: member.user.session.id, name: "Laptop", response: answer },
        meta(),
      ),
    ).rejects.toMatchObject({ status: 400, message: PASSKEY_CEREMONY_EXPIRED });
    expect(await findPasskeys(db, { userId: other.userId })).toEqual([]);
    expect(await findPasskeys(db, { userId: member.userId })).toHaveLength(1);
  });

  test("a passkey that does not check it's the member (no PIN, fingerprint or face) is not added", async () => {
    const member = await signedInMember();
    await expect(
      addPasskeyFor(
        member,
        "Old key",
        softwareAuthenticator({ origin: TEST_ORIGIN, rpId: "localhost", verifyUser: false }),
      ),
    ).rejects.toMatchObject({ status: 400, message: PASSKEY_NOT_ADDED, details: {} });
    expect(await findPasskeys(db, { userId: member.userId })).toEqual([]);
  });

  test("an answer made for another site is not added", async () => {
    const member = await signedInMember();
    await expect(
      addPasskeyFor(
        member,
        "Phished",
        softwareAuthenticator({ origin: "https://swapshed-login.example", rpId: "swapshed-login.example" }),
      ),
    ).rejects.toMatchObject({ status: 400, message: PASSKEY_NOT_ADDED });
    expect(await findPasskeys(db, { userId: member.userId })).toEqual([]);
  });
});

describe("renaming and removing passkeys", () => {
  test("a member renames a passkey from the page: the new name is listed, logged and mailed", async () => {
    const member = await signedInMember();
    const { added } = await addPasskeyFor(member, "Chrome on macOS");
    const renamed = await postForm(caller, passkeysPage, {
      user: member.user,
      path: "/account/passkeys",
      form: { intent: "rename", passkeyId: added.passkeyId, name: "Work laptop" },
    });
    expect(renamed).toMatchObject({ status: 302, location: "/account/passkeys", flash: "Passkey renamed" });
    expect((await findPasskeys(db, { userId: member.userId }))[0].name).toBe("Work laptop");
    expect(await eventsOf(member.userId, "passkey_renamed")).toEqual([
      expect.objectContaining({ metadata: expect.objectContaining({ from: "Chrome on macOS", to: "Work laptop" }) }),
    ]);
    expect((await noticesTo(member.email)).map((m) => m.textBody).join("\n")).toContain(
      'Your passkey "Chrome on macOS" was renamed to "Work laptop".',
    );
    const tooLong = await postForm(caller, passkeysPage, {
      user: member.user,
      path: "/account/passkeys",
      form: { intent: "rename", passkeyId: added.passkeyId, name: "y".repeat(51) },
    });
    expect(tooLong).toMatchObject({ status: 400, error: PASSKEY_NAME_TOO_LONG });
  });

  test("renaming or removing another member's passkey is refused and changes nothing", async () => {
    const owner = await signedInMember();
    const intruder = await signedInMember("Sam Lee");
    const { added } = await addPasskeyFor(owner, "Owner's phone");
    const forms: Record<string, string>[] = [
      { intent: "rename", passkeyId: added.passkeyId, name: "Mine now" },
      { intent: "remove", passkeyId: added.passkeyId },
    ];
    for (const form of forms) {
      expect(
        await postForm(caller, passkeysPage, { user: intruder.user, path: "/account/passkeys", form }),
      ).toMatchObject({ status: 404, error: PASSKEY_NOT_FOUND });
    }
    expect(await findPasskeys(db, { userId: owner.userId })).toEqual([
      expect.objectContaining({ id: added.passkeyId, name: "Owner's phone" }),
    ]);
    expect(await eventsOf(intruder.userId, "passkey_renamed")).toEqual([]);
    expect(await eventsOf(intruder.userId, "passkey_removed")).toEqual([]);
    expect(await noticesTo(intruder.email)).toEqual([]);
  });

  test("a removed passkey is gone from the list, logged, mailed, and no longer signs in", async () => {
    const member = await signedInMember();
    const { added, passkey } = await addPasskeyFor(member, "Old phone");
    const removed = await postForm(caller, passkeysPage, {
      user: member.user,
      path: "/account/passkeys",
      form: { intent: "remove", passkeyId: added.passkeyId },
    });
    expect(removed).toMatchObject({ status: 302, flash: "Passkey removed" });
    expect(await findPasskeys(db, { userId: member.userId })).toEqual([]);
    expect(await eventsOf(member.userId, "passkey_removed")).toHaveLength(1);
    expect((await noticesTo(member.email)).map((m) => m.textBody).join("\n")).toContain(
      'Your passkey "Old phone" was removed from your account.',
    );
    await expect(signInWith(passkey)).rejects.toMatchObject({ status: 401, message: PASSKEY_UNKNOWN });
    // Removing it again finds nothing.
    await expect(
      removePasskey(deps, { userId: member.userId, passkeyId: added.passkeyId }, meta()),
    ).rejects.toMatchObject({ status: 404, message: PASSKEY_NOT_FOUND });
  });

  test("renaming or removing with a session older than 10 minutes asks the member to confirm it's them first", async () => {
    const member = await signedInMember();
    const { added } = await addPasskeyFor(member, "Laptop");
    clock.advance(11 * MINUTE);
    expect(await isRecentlyAuthenticated(db, member.user.session, clock.now())).toBe(false);
    const forms: Record<string, string>[] = [
      { intent: "rename", passkeyId: added.passkeyId, name: "Renamed" },
      { intent: "remove", passkeyId: added.passkeyId },
    ];
    for (const form of forms) {
      const answer = await postForm(caller, passkeysPage, { user: member.user, path: "/account/passkeys", form });
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/auth\/reauthenticate\?redirectTo=/);
    }
    expect(await findPasskeys(db, { userId: member.userId })).toEqual([expect.objectContaining({ name: "Laptop" })]);
  });

  test("more than 10 passkey changes in 5 minutes are refused with the wait", async () => {
    const member = await signedInMember();
    const { added } = await addPasskeyFor(member, "Name 0"); // the options and the add count as two
    for (let n = 1; n <= 8; n++) {
      await expect(
        renamePasskey(deps, { userId: member.userId, passkeyId: added.passkeyId, name: `Name ${n}` }, meta()),
      ).resolves.toEqual({ name: `Name ${n}` });
    }
    await expect(
      renamePasskey(deps, { userId: member.userId, passkeyId: added.passkeyId, name: "One too many" }, meta()),
    ).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ seconds\.$/),
    });
    expect((await findPasskeys(db, { userId: member.userId }))[0].name).toBe("Name 8");
    clock.advance(5 * MINUTE + 1000);
    await expect(
      renamePasskey(deps, { userId: member.userId, passkeyId: added.passkeyId, name: "Later" }, meta()),
    ).resolves.toEqual({ name: "Later" });
  });
});

describe("signing in with a passkey", () => {
  test("a member signs in with a passkey and no e-mail address; two-factor is satisfied without the app's code", async () => {
    // Two-step sign-in on: a password sign-in would now ask for the authenticator app's code.
    const member = await signedInMember();
    await turnOnTwoFactor(deps, member, meta);
    const { passkey } = await addPasskeyFor(member, "Phone");

    const result = await signInWith(passkey);
    expect(result.userId).toBe(member.userId);
    const session = await findSessionUser(
      { db, auth },
      new Headers({ cookie: cookiesFrom(new Response(null, { headers: result.headers })) }),
    );
    expect(session?.id).toBe(member.userId);
    const [row] = await db.select().from(passkeys).where(eq(passkeys.userId, member.userId));
    expect(row.counter).toBe(1);
    expect(await eventsOf(member.userId, "login_attempt")).toEqual([
      expect.objectContaining({ attemptedAction: "sign_in_passkey", success: true }),
    ]);
  });

  test("the sign-in route sets the session cookie and 'Welcome back!', and goes where the member was going", async () => {
    const member = await signedInMember();
    const { passkey } = await addPasskeyFor(member);
    const started = await startPasskeySignIn(deps, meta());
    const challengeCookie = cookiesFrom(new Response(null, { headers: started.headers }));
    const answer = authenticator.get(passkey, started.options);
    for (const [redirectTo, expected] of [
      ["/my-swaps?tab=sent", "/my-swaps?tab=sent"],
      ["//evil.example/", "/"],
    ]) {
      const context = contextFor(caller, null);
      context.get(appContext).meta = meta(challengeCookie);
      const request = new Request(`${TEST_ORIGIN}/auth/passkey`, {
        method: "POST",
        body: new URLSearchParams({ response: JSON.stringify(answer), redirectTo }),
      });
      const response = (await passkeySignInRoute.action({ request, params: {}, context } as never)) as Response;
      if (redirectTo.startsWith("//")) {
        // The same answer again: its challenge was used up by the first sign-in.
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: PASSKEY_CEREMONY_EXPIRED });
        continue;
      }
      expect(await response.json()).toEqual({ redirectTo: expected });
      const cookies = response.headers.getSetCookie().join("\n");
      expect(cookies).toContain("better-auth.session_token=");
      expect(cookies).toContain("flash=");
    }
  });

  test("a suspended member is refused with the suspended message and gets no session", async () => {
    const member = await signedInMember();
    const { passkey } = await addPasskeyFor(member);
    await db.update(profiles).set({ status: "suspended" }).where(eq(profiles.userId, member.userId));
    const before = await db.select().from(sessions).where(eq(sessions.userId, member.userId));
    await expect(signInWith(passkey)).rejects.toMatchObject({ status: 403, message: ACCOUNT_SUSPENDED });
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId))).toHaveLength(before.length);
    expect(await eventsOf(member.userId, "login_attempt")).toEqual([
      expect.objectContaining({ success: false, errorMessage: ACCOUNT_SUSPENDED }),
    ]);
  });

  test("a member whose own deletion is pending gets no session and is told how to keep the account", async () => {
    const member = await signedInMember();
    const { passkey } = await addPasskeyFor(member);
    const purgeAt = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    await db
      .update(profiles)
      .set({ deletedAt: new Date(), permanentDeletionAt: purgeAt, deletionReason: "Deleted by the member" })
      .where(eq(profiles.userId, member.userId));
    await db.delete(sessions).where(eq(sessions.userId, member.userId));
    await expect(signInWith(passkey)).rejects.toMatchObject({
      status: 403,
      message: expect.stringMatching(
        /^Your account is set to be deleted on .+\. To keep it, sign in with your password or a code by e-mail\.$/,
      ),
    });
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId))).toHaveLength(0);
  });

  test("an answer that did not check the person, or a forged signature, does not sign in", async () => {
    const member = await signedInMember();
    const { passkey } = await addPasskeyFor(member);
    const presenceOnly = softwareAuthenticator({ origin: TEST_ORIGIN, rpId: "localhost", verifyUser: false });
    await expect(signInWith(passkey, presenceOnly)).rejects.toMatchObject({
      status: 401,
      message: PASSKEY_NOT_VERIFIED,
    });
    // The same credential id, signed by a different key.
    const impostor = authenticator.create({ challenge: "x", user: { id: "x" } }).passkey;
    await expect(signInWith({ ...impostor, credentialId: passkey.credentialId })).rejects.toMatchObject({
      status: 401,
    });
    const attempts = await eventsOf(member.userId, "login_attempt");
    expect(attempts.map((a) => [a.attemptedAction, a.success])).toEqual([
      ["sign_in_passkey", false],
      ["sign_in_passkey", false],
    ]);
    const mine = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.userId));
    expect(mine).toHaveLength(1); // only the sign-up's
  });

  test("more than 20 passkey sign-in tries from one address in 5 minutes are refused", async () => {
    const ip = "192.0.2.77";
    for (let n = 0; n < 20; n++) {
      await expect(signInWithPasskey(deps, { response: "{}" }, meta("", ip))).rejects.toMatchObject({ status: 400 });
    }
    await expect(signInWithPasskey(deps, { response: "{}" }, meta("", ip))).rejects.toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many attempts/),
    });
    // Another address is not held up.
    await expect(signInWithPasskey(deps, { response: "{}" }, meta("", "192.0.2.78"))).rejects.toMatchObject({
      status: 400,
    });
    const [limited] = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, "rate_limited"), eq(securityEvents.attemptedAction, "passkey_sign_in")));
    expect(limited).toMatchObject({ success: false, ipAddress: ip });
  });
});

describe("confirming it's you with a passkey", () => {
  test("the member's own passkey makes the session fresh again, without a new session, and the counter moves on", async () => {
    const member = await signedInMember();
    const { passkey, response } = await addPasskeyFor(member);
    clock.advance(30 * MINUTE);
    expect(await isRecentlyAuthenticated(db, member.user.session, clock.now())).toBe(false);
    const options = await startPasskeyReauthentication(deps, {
      userId: member.userId,
      sessionId: member.user.session.id,
    });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([response.id]);
    expect(options.userVerification).toBe("required");
    const answer = JSON.stringify(authenticator.get(passkey, options));
    const sessionsBefore = await db.select().from(sessions).where(eq(sessions.userId, member.userId));

    const confirmed = await postForm(caller, reauthenticatePage, {
      user: member.user,
      path: "/auth/reauthenticate",
      form: { method: "passkey", secret: answer, redirectTo: "/account/passkeys" },
    });
    expect(confirmed).toMatchObject({ status: 302, location: "/account/passkeys" });
    expect(await isRecentlyAuthenticated(db, member.user.session, clock.now())).toBe(true);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.userId))).toHaveLength(
      sessionsBefore.length,
    );
    const [row] = await db.select().from(passkeys).where(eq(passkeys.userId, member.userId));
    expect(row.counter).toBe(1);
    expect(await eventsOf(member.userId, "reauthentication")).toEqual([
      expect.objectContaining({ attemptedAction: "reauthenticate_passkey", success: true }),
    ]);
    // The same answer twice: the challenge is gone.
    await expect(
      reauthenticateWithPasskey(
        deps,
        { userId: member.userId, session: member.user.session, response: answer },
        meta(),
      ),
    ).rejects.toMatchObject({ status: 400, message: PASSKEY_CEREMONY_EXPIRED });
  });

  test("another member's passkey cannot confirm it's you", async () => {
    const member = await signedInMember();
    const other = await signedInMember("Sam Lee");
    await addPasskeyFor(member);
    const { passkey: othersPasskey } = await addPasskeyFor(other);
    clock.advance(30 * MINUTE);
    const options = await startPasskeyReauthentication(deps, {
      userId: member.userId,
      sessionId: member.user.session.id,
    });
    const answer = JSON.stringify(authenticator.get(othersPasskey, options));
    await expect(
      reauthenticateWithPasskey(
        deps,
        { userId: member.userId, session: member.user.session, response: answer },
        meta(),
      ),
    ).rejects.toMatchObject({ status: 400, message: PASSKEY_NOT_CONFIRMED, details: {} });
    expect(await isRecentlyAuthenticated(db, member.user.session, clock.now())).toBe(false);
    expect(await eventsOf(member.userId, "reauthentication")).toEqual([expect.objectContaining({ success: false })]);
  });

  test("the confirm-it's-you page offers a passkey only to members who have one", async () => {
    const withPasskey = await signedInMember();
    await addPasskeyFor(withPasskey);
    const without = await signedInMember("Sam Lee");
    const load = async (user: SessionUser) => {
      const request = new Request(`${TEST_ORIGIN}/auth/reauthenticate?redirectTo=%2Faccount%2Fpasskeys`);
      return (await reauthenticatePage.loader({ request, params: {}, context: contextFor(caller, user) } as never)) as {
        hasPasskeys: boolean;
      };
    };
    expect((await load(withPasskey.user)).hasPasskeys).toBe(true);
    expect((await load(without.user)).hasPasskeys).toBe(false);
  });
});
