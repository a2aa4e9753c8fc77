import { eq } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { securityEvents } from "#db/schema/audit.ts";
import { sessions, users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { createTestDatabase } from "../support/test-db";
import { cookiesFrom, createTestApp } from "../support/test-app";

const handle = await createTestDatabase();
const { post, app } = createTestApp(handle);
const db = handle.db;
afterAll(() => handle.close());

let n = 0;
const freshEmail = () => `member${++n}-${Date.now()}@example.com.au`;
const good = { password: "Swapshed1", fullName: "Jo O'Brien-Smith" };

describe("sign-up answers bad input with the spec's message and creates nothing", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["a malformed e-mail", { email: "not-an-email" }, "Invalid email address"],
    ["an e-mail over 255 characters", { email: `${"a".repeat(250)}@example.com` }, "Email too long"],
    ["a short password", { password: "Ab1" }, "Password must be at least 8 characters"],
    ["a password over 72 characters", { password: `Ab1${"x".repeat(70)}` }, "Password too long"],
    [
      "a password without an uppercase letter",
      { password: "swapshed1" },
      "Password must contain at least one uppercase letter",
    ],
    [
      "a password without a lowercase letter",
      { password: "SWAPSHED1" },
      "Password must contain at least one lowercase letter",
    ],
    ["a password without a number", { password: "Swapshedd" }, "Password must contain at least one number"],
    ["a blank name", { fullName: "   " }, "Name is required"],
    ["a name over 100 characters", { fullName: "A".repeat(101) }, "Name too long"],
    ["a name with digits", { fullName: "R2 D2" }, "Name contains invalid characters"],
  ];
  for (const [what, override, message] of cases) {
    test(`${what} is refused with '${message}'`, async () => {
      const email = (override.email as string) ?? freshEmail();
      const res = await post("/api/v1/auth/sign-up", { ...good, email, ...override });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
      const rows = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      expect(rows).toHaveLength(0);
    });
  }
});

describe("accounts", () => {
  test("a new member signs up, gets a session and a profile, and the attempt is logged", async () => {
    const email = freshEmail();
    const res = await post("/api/v1/auth/sign-up", { ...good, email });
    expect(res.status).toBe(201);
    const me = await app.request("/api/v1/me", { headers: { cookie: cookiesFrom(res) } });
    expect((await me.json()).user).toMatchObject({ email, name: good.fullName });
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(profile.status).toBe("active");
    const events = await db.select().from(securityEvents).where(eq(securityEvents.userId, user.id));
    expect(events.map((e) => [e.eventType, e.success])).toContainEqual(["signup_attempt", true]);
  });

  test("signing up twice with one e-mail is refused with the spec's message", async () => {
    const email = freshEmail();
    await post("/api/v1/auth/sign-up", { ...good, email });
    const res = await post("/api/v1/auth/sign-up", { ...good, email: email.toUpperCase() });
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe("This email is already registered. Please sign in instead.");
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  test("a wrong password gets 'Invalid email or password' and is logged as a failed login", async () => {
    const email = freshEmail();
    await post("/api/v1/auth/sign-up", { ...good, email });
    const res = await post("/api/v1/auth/sign-in", { email, password: "Wrongpass1" });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("Invalid email or password");
    expect(res.headers.getSetCookie()).toHaveLength(0);
    const failed = await db.select().from(securityEvents).where(eq(securityEvents.eventType, "login_attempt"));
    expect(failed.some((e) => !e.success && (e.metadata as { email?: string }).email === email)).toBe(true);
  });

  test("an unknown e-mail gets the same answer as a wrong password", async () => {
    const res = await post("/api/v1/auth/sign-in", { email: freshEmail(), password: "Swapshed1" });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe("Invalid email or password");
  });

  test("signing out ends the session on the server, not only in the browser", async () => {
    const email = freshEmail();
    await post("/api/v1/auth/sign-up", { ...good, email });
    const signIn = await post("/api/v1/auth/sign-in", { email, password: good.password });
    const cookie = cookiesFrom(signIn);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const before = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    const out = await post("/api/v1/auth/sign-out", { scope: "local" }, { cookie });
    expect(out.status).toBe(200);
    const after = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after).toHaveLength(before.length - 1);
    // The old cookie no longer opens anything.
    const me = await app.request("/api/v1/me", { headers: { cookie } });
    expect(me.status).toBe(401);
  });

  test("a suspended member cannot sign in, and an existing session stops working", async () => {
    const email = freshEmail();
    const signUp = await post("/api/v1/auth/sign-up", { ...good, email });
    const cookie = cookiesFrom(signUp);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db
      .update(profiles)
      .set({ status: "suspended", suspendedAt: new Date(), suspensionReason: "fraud" })
      .where(eq(profiles.userId, user.id));
    const res = await post("/api/v1/auth/sign-in", { email, password: good.password });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("Your account has been suspended. Please contact support.");
    expect(res.headers.getSetCookie()).toHaveLength(0);
    expect((await app.request("/api/v1/me", { headers: { cookie } })).status).toBe(401);
  });

  test("Better Auth's own sign-in and sign-up endpoints are closed, so no rule can be skipped", async () => {
    const up = await post("/api/auth/sign-up/email", { email: freshEmail(), password: "weak", name: "X1" });
    expect(up.status).toBe(404);
    const into = await post("/api/auth/sign-in/email", { email: freshEmail(), password: "weak" });
    expect(into.status).toBe(404);
  });
});
