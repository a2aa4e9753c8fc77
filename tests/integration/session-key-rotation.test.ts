import crypto from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import * as settingsPage from "#app/routes/admin/settings.tsx";
import { sign } from "#core/session-keys/cookie-signatures.ts";
import { loadSigningKeys, SIGNING_KEY_IDENTIFIER } from "#core/session-keys/signing-keys.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { verifications } from "#db/schema/auth.ts";
import { MEMBER_PASSWORD, signUpConfirmedMember } from "../support/api-factories";
import { createStaff } from "../support/factories";
import { createTwoProcessDatabase } from "../support/second-process";
import { load, postForm, type RouteCaller } from "../support/staff-route";
import { cookiesFrom, createTestApp } from "../support/test-app";
import { controlledClock, HOUR } from "../support/test-clock";

const { handle, db, second } = await createTwoProcessDatabase();
const clock = controlledClock("2030-01-10T00:00:00.000Z");
// Two app processes over one database, with the same BETTER_AUTH_SECRET, as a deployment runs them.
const appA = createTestApp(handle, { clock, authAddressLimit: 1000 });
const appB = createTestApp(second, { clock, authAddressLimit: 1000 });
const authSecret = appA.env.BETTER_AUTH_SECRET;
const caller: RouteCaller = { db, clock, provider: null as never, testApp: appA };

const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const member = await createStaff(db, [], { name: "Mia Member", totp: false });

const rotate = (user = admin) =>
  postForm(caller, settingsPage, { user, path: "/admin/settings", form: { intent: "rotate" } });
const me = async (app: typeof appA, cookie: string) => {
  const res = await app.app.request("/api/v1/me", { headers: { cookie } });
  return res.status === 200 ? ((await res.json()) as { user: { email: string } }).user.email : null;
};
/** The session token and its signature, from a Cookie header. */
function sessionCookie(cookie: string) {
  const raw = cookie.split("; ").find((c) => c.startsWith("better-auth.session_token=")) as string;
  const value = decodeURIComponent(raw.slice(raw.indexOf("=") + 1));
  const at = value.lastIndexOf(".");
  return { token: value.slice(0, at), signature: value.slice(at + 1) };
}
const currentKey = async () => (await loadSigningKeys(db, { authSecret, now: clock.now() })).current;
const rotations = () =>
  db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "rotate_keys")).orderBy(desc(adminAuditLog.createdAt));
async function signIn(app: typeof appA, email: string) {
  const res = await app.post("/api/v1/auth/sign-in", { email, password: MEMBER_PASSWORD });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookiesFrom(res);
}

describe("Initiate Key Rotation", () => {
  test("moderators and members are refused with the spec's words, and nothing rotates", async () => {
    // A moderator stays in the back office, on the page the form came from, told why; a member is sent home
    // (decision 070).
    expect(await rotate(moderator)).toMatchObject({
      status: 302,
      location: "/admin/settings",
      flash: "Only admins can initiate key rotation",
    });
    expect(await rotate(member)).toMatchObject({
      status: 302,
      location: "/",
      flash: "You don't have permission to access this area",
    });
    expect(await db.select().from(verifications).where(eq(verifications.identifier, SIGNING_KEY_IDENTIFIER))).toEqual(
      [],
    );
    expect(await rotations()).toEqual([]);
  });

  test("new sessions are signed with the new key in every process, sessions signed before stay valid until they expire, and unknown keys are refused", async () => {
    const before = await signUpConfirmedMember(appA, db, { name: "Olga Before" });
    // Before any rotation the cookie carries Better Auth's own signature.
    const old = sessionCookie(before.cookie);
    expect(old.signature).toBe(sign(old.token, authSecret));
    expect(await me(appA, before.cookie)).toBe(before.email);

    const answer = await rotate();
    expect(answer).toMatchObject({ status: 302, flash: "Key rotation initiated" });
    const key1 = await currentKey();
    expect(answer.location).toBe(`/admin/settings?rotated=${key1.id}`);
    expect(key1.key).not.toBe(authSecret);
    const [audit] = await rotations();
    expect(audit).toMatchObject({
      adminId: admin.id,
      targetType: "system",
      targetId: key1.id,
      metadata: expect.objectContaining({ key: "session_signing", keyId: key1.id }),
    });
    // The salt the key is derived from is not in the audit row.
    const [row] = await db.select().from(verifications).where(eq(verifications.id, key1.id));
    expect(JSON.stringify(audit.metadata)).not.toContain(row.value);

    // The page's message, from the keys themselves.
    const page = await load(caller, settingsPage, { user: admin, path: answer.location as string });
    expect(page.data?.rotationMessage).toMatch(
      new RegExp(
        `^New sessions are signed with key ${key1.id}\\. Sessions signed with the previous key stay valid until 9 Feb 2030, `,
      ),
    );

    // The old session still works, in both processes.
    expect(await me(appA, before.cookie)).toBe(before.email);
    expect(await me(appB, before.cookie)).toBe(before.email);

    // A sign-in on the other process is signed with the new key, and the first process accepts it.
    const fresh = await signIn(appB, before.email);
    const signed = sessionCookie(fresh);
    expect(signed.signature).toBe(sign(signed.token, key1.key));
    expect(signed.signature).not.toBe(sign(signed.token, authSecret));
    expect(await me(appA, fresh)).toBe(before.email);
    const newcomer = await signUpConfirmedMember(appA, db, { name: "Nina New" });
    const nc = sessionCookie(newcomer.cookie);
    expect(nc.signature).toBe(sign(nc.token, key1.key));

    // A real token signed with a key the app does not hold reads as signed out.
    const forged = `better-auth.session_token=${encodeURIComponent(`${signed.token}.${sign(signed.token, crypto.randomBytes(32).toString("hex"))}`)}`;
    expect(await me(appA, forged)).toBeNull();

    // A second rotation keeps both earlier keys for their cookies' lifetime...
    clock.advance(24 * HOUR);
    expect((await rotate()).flash).toBe("Key rotation initiated");
    const key2 = await currentKey();
    expect(await me(appB, before.cookie)).toBe(before.email);
    expect(await me(appB, fresh)).toBe(before.email);
    const latest = await signIn(appA, before.email);
    expect(sessionCookie(latest).signature).toBe(sign(sessionCookie(latest).token, key2.key));

    // ...and once that has passed, cookies signed with them are no longer accepted; the current key's still are.
    clock.advance(31 * 24 * HOUR);
    expect(await me(appA, before.cookie)).toBeNull();
    expect(await me(appB, fresh)).toBeNull();
    expect(await me(appA, latest)).toBe(before.email);
    // The third rotation deletes keys retired beyond their time.
    await rotate();
    const left = await db
      .select({ id: verifications.id })
      .from(verifications)
      .where(eq(verifications.identifier, SIGNING_KEY_IDENTIFIER));
    expect(left.map((k) => k.id).sort()).toEqual([key2.id, (await currentKey()).id].sort());
    expect(await rotations()).toHaveLength(3);
  });

  test("rotation is rate limited: the 11th in a minute is refused and rotates nothing", async () => {
    const busy = await createStaff(db, ["admin"], { name: "Busy Admin" });
    for (let i = 0; i < 10; i++) expect((await rotate(busy)).flash).toBe("Key rotation initiated");
    const key = await currentKey();
    const refused = await rotate(busy);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatch(/^Rate limit exceeded\. Try again at /);
    expect((await currentKey()).id).toBe(key.id);
  });
});
