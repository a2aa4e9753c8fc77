import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import type { Clock } from "#core/shared/clock.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { sessions, users } from "#db/schema/auth.ts";
import { featureFlags } from "#db/schema/flags.ts";
import { rateLimits } from "#db/schema/ops.ts";
import { cookiesFrom, createTestApp } from "../support/test-app";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());

// The limiter reads this clock; the tests move it.
let current = new Date("2030-03-01T00:00:00.000Z");
const clock: Clock = { now: () => current };
const advance = (seconds: number) => {
  current = new Date(current.getTime() + seconds * 1000);
};
const { post, app } = createTestApp(handle, { clock });

// Every test starts in a fresh window for every key (the address 127.0.0.1 is shared by all of them).
beforeEach(() => advance(600));

let n = 0;
const freshEmail = () => `limit${++n}-${Date.now()}@example.com.au`;
const PASSWORD = "Swapshed1";
const WRONG = "Wrongpass1";

/** A member whose sign-up happened in an earlier window, so it does not count against the tests' attempts. */
async function existingMember() {
  const email = freshEmail();
  const res = await post("/api/v1/auth/sign-up", { email, password: PASSWORD, fullName: "Kim Nguyen" });
  expect(res.status).toBe(201);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  advance(600);
  return { email, userId: user.id };
}

const signIn = (email: string, password: string) => post("/api/v1/auth/sign-in", { email, password });

const eventsFor = async (email: string, eventType: string) =>
  (await db.select().from(securityEvents).where(eq(securityEvents.eventType, eventType))).filter(
    (e) => (e.metadata as { email?: string }).email === email,
  );

const countFor = async (key: string) =>
  (await db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

const sessionCount = async (userId: string) =>
  (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe("sign-in attempts per e-mail", () => {
  test("the 6th attempt within 5 minutes is refused with the seconds left, even with the right password, and is logged", async () => {
    const { email, userId } = await existingMember();
    for (let i = 0; i < 5; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    advance(60);
    const sessionsBefore = await sessionCount(userId);
    const loginsBefore = await eventsFor(email, "login_attempt");

    const res = await signIn(email, PASSWORD);

    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe("Too many attempts. Please try again in 240 seconds.");
    expect(res.headers.getSetCookie()).toHaveLength(0);
    expect(await sessionCount(userId)).toBe(sessionsBefore);
    expect(await eventsFor(email, "login_attempt")).toHaveLength(loginsBefore.length);
    const limited = await eventsFor(email, "rate_limited");
    expect(limited).toHaveLength(1);
    expect(limited[0]).toMatchObject({
      attemptedAction: "sign_in",
      success: false,
      errorMessage: "Too many attempts. Please try again in 240 seconds.",
      ipAddress: "127.0.0.1",
    });
    expect(limited[0].metadata).toMatchObject({ email, limitedBy: "email" });
  });

  test("once the window has passed the member can sign in again", async () => {
    const { email } = await existingMember();
    for (let i = 0; i < 5; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    advance(60);
    expect((await signIn(email, PASSWORD)).status).toBe(429);

    advance(300);
    const res = await signIn(email, PASSWORD);
    expect(res.status).toBe(200);
    const me = await app.request("/api/v1/me", { headers: { cookie: cookiesFrom(res) } });
    expect((await me.json()).user).toMatchObject({ email });
  });

  test("the wait the message names is the true wait: refused one second before, allowed at that moment", async () => {
    const { email } = await existingMember();
    for (let i = 0; i < 5; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    advance(299);
    const early = await signIn(email, PASSWORD);
    expect(early.status).toBe(429);
    expect((await early.json()).error).toBe("Too many attempts. Please try again in 1 seconds.");
    advance(1);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  test("capitalising the e-mail differently does not buy more attempts", async () => {
    const { email, userId } = await existingMember();
    const spellings = [email.toUpperCase(), ` ${email}`, email.replace(/^l/, "L"), email.toUpperCase(), email];
    for (const spelling of spellings) expect((await signIn(spelling, WRONG)).status).toBe(401);
    const sessionsBefore = await sessionCount(userId);
    const res = await signIn(email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe("Too many attempts. Please try again in 300 seconds.");
    expect(await sessionCount(userId)).toBe(sessionsBefore);
  });

  test("one locked e-mail does not lock out other members on the same address", async () => {
    const locked = await existingMember();
    const other = await existingMember();
    for (let i = 0; i < 6; i++) await signIn(locked.email, WRONG);
    expect((await signIn(locked.email, PASSWORD)).status).toBe(429);
    expect((await signIn(other.email, PASSWORD)).status).toBe(200);
  });
});

describe("sign-in attempts per address", () => {
  test("20 attempts from one address across different e-mails are answered, the 21st is refused and logged", async () => {
    for (let i = 0; i < 20; i++) {
      const res = await signIn(freshEmail(), WRONG);
      expect(res.status).toBe(401);
    }
    const email = freshEmail();
    const res = await signIn(email, WRONG);
    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe("Too many attempts. Please try again in 300 seconds.");
    expect(await eventsFor(email, "login_attempt")).toHaveLength(0);
    const [limited] = await eventsFor(email, "rate_limited");
    expect(limited).toMatchObject({ attemptedAction: "sign_in", success: false, ipAddress: "127.0.0.1" });
    expect(limited.metadata).toMatchObject({ limitedBy: "address" });
  });

  test("a member with the right password is refused too once the address is over its limit", async () => {
    const { email, userId } = await existingMember();
    for (let i = 0; i < 20; i++) await signIn(freshEmail(), WRONG);
    const sessionsBefore = await sessionCount(userId);
    const res = await signIn(email, PASSWORD);
    expect(res.status).toBe(429);
    expect(res.headers.getSetCookie()).toHaveLength(0);
    expect(await sessionCount(userId)).toBe(sessionsBefore);
  });
});

describe("sign-up attempts", () => {
  test("the 6th sign-up attempt for one e-mail within 5 minutes is refused and creates nothing", async () => {
    const email = freshEmail();
    const body = { email, password: PASSWORD, fullName: "Kim Nguyen" };
    expect((await post("/api/v1/auth/sign-up", body)).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await post("/api/v1/auth/sign-up", body)).status).toBe(409);

    const res = await post("/api/v1/auth/sign-up", body);

    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe("Too many attempts. Please try again in 300 seconds.");
    expect(res.headers.getSetCookie()).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await eventsFor(email, "signup_attempt")).toHaveLength(5);
    const [limited] = await eventsFor(email, "rate_limited");
    expect(limited).toMatchObject({ attemptedAction: "sign_up", success: false, ipAddress: "127.0.0.1" });
  });

  test("a sign-up from an address over its limit is refused and creates no account", async () => {
    for (let i = 0; i < 20; i++) expect((await signIn(freshEmail(), WRONG)).status).toBe(401);
    const email = freshEmail();
    const res = await post("/api/v1/auth/sign-up", { email, password: PASSWORD, fullName: "Kim Nguyen" });
    expect(res.status).toBe(429);
    expect((await res.json()).error).toBe("Too many attempts. Please try again in 300 seconds.");
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await eventsFor(email, "signup_attempt")).toHaveLength(0);
  });
});

describe("the enable_rate_limiting feature flag", () => {
  const setFlag = (enabled: boolean) =>
    db.update(featureFlags).set({ enabled }).where(eq(featureFlags.key, "enable_rate_limiting"));

  test("with the flag off the 6th attempt is not refused, and nothing is counted", async () => {
    const { email } = await existingMember();
    const countBefore = await countFor(`auth:email:${email}`);
    await setFlag(false);
    try {
      for (let i = 0; i < 5; i++) expect((await signIn(email, WRONG)).status).toBe(401);
      const res = await signIn(email, PASSWORD);
      expect(res.status).toBe(200);
      expect(await eventsFor(email, "rate_limited")).toHaveLength(0);
      expect(await countFor(`auth:email:${email}`)).toBe(countBefore);
    } finally {
      await setFlag(true);
    }
  });

  test("turning the flag back on takes effect at once", async () => {
    const { email } = await existingMember();
    await setFlag(false);
    await setFlag(true);
    for (let i = 0; i < 5; i++) expect((await signIn(email, WRONG)).status).toBe(401);
    expect((await signIn(email, PASSWORD)).status).toBe(429);
    const [flag] = await db.select().from(featureFlags).where(eq(featureFlags.key, "enable_rate_limiting"));
    expect(flag.enabled).toBe(true);
  });
});
