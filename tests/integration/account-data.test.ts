import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, test } from "vitest";
import { type AppContext, appContext } from "#app/context.ts";
import { readFlash } from "#app/lib/flash.server.ts";
import * as dataRoute from "#app/routes/account/data.tsx";
import * as exportRoute from "#app/routes/account/data.export.tsx";
import * as keepRoute from "#app/routes/auth.keep-account.tsx";
import { DELETED_BY_MEMBER, deleteOwnAccount, SWAP_AWAITING_FEES } from "#core/accounts/delete-own-account.ts";
import { exportMemberDataAsStaff } from "#core/accounts/export-member-data.ts";
import { ACCOUNT_KEPT, KEEP_OFFER_EXPIRED, keepAccount } from "#core/accounts/keep-account.ts";
import { purgeDeletedMembers } from "#core/accounts/purge-deleted-members.ts";
import { removeAvatar } from "#core/accounts/remove-avatar.ts";
import { setAvatar } from "#core/accounts/set-avatar.ts";
import { softDeleteMember } from "#core/accounts/soft-delete-member.ts";
import { updateProfile } from "#core/accounts/update-profile.ts";
import { findSessionUser } from "#core/auth/find-session-user.ts";
import { makeKeepAccountProof } from "#core/auth/keep-account-proof.ts";
import { WRONG_PASSWORD } from "#core/auth/reauthentication.ts";
import type { PendingDeletion } from "#core/auth/auth-attempt.ts";
import { signIn } from "#core/auth/sign-in.ts";
import { ACCOUNT_SUSPENDED } from "#core/auth/sign-in-attempt.ts";
import { parseIpAllowlist } from "#core/staff/ip-allowlist.ts";
import { sessions, users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { sessionSigning } from "#server/middleware/session-signing.ts";
import { MEMBER_PASSWORD, postListing, signUpMember } from "../support/api-factories";
import { createSwap, staffActor } from "../support/factories";
import { makeJpeg } from "../support/images";
import { createTestApp, TEST_ORIGIN } from "../support/test-app";
import { controlledClock } from "../support/test-clock";
import { createTestDatabase } from "../support/test-db";
import { mailsOf } from "../support/mailbox";
import { securityEventsOf } from "../support/security-events";

const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());
const clock = controlledClock(new Date());
const testApp = createTestApp(handle, { clock, authAddressLimit: 1000 });
const signing = sessionSigning({ db, authSecret: testApp.env.BETTER_AUTH_SECRET, clock });
const uploads = testApp.uploadsDir as string;
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const appUrl = testApp.env.APP_URL;

// Sessions are stamped with the real time by Better Auth: each test starts with the clock there too.
beforeEach(() => clock.set(new Date()));

let ip = 0;
/** A request's meta as the Hono app builds it, carrying the member's session cookie as Better Auth reads it. */
async function metaFor(cookie?: string) {
  const headers = new Headers();
  const inner = cookie ? await signing.incoming(cookie) : null;
  if (inner) headers.set("cookie", inner);
  return { ip: `198.51.100.${++ip}`, userAgent: "vitest", headers };
}

/** The member deletes their own account, confirming with their password, from their signed-in device. */
const deleteWithPassword = async (member: { userId: string; cookie: string }) =>
  deleteOwnAccount(
    deps,
    { userId: member.userId, method: "password", secret: MEMBER_PASSWORD },
    await metaFor(member.cookie),
  );

/** The context the Hono app would give a page route for this browser (its cookie, the real session lookup). */
async function routeContext(cookie?: string) {
  const meta = await metaFor(cookie);
  const ctx: AppContext = {
    db: db as AppContext["db"],
    auth: testApp.auth,
    env: testApp.env,
    clock,
    storage: testApp.storage,
    paymentProvider: undefined as never,
    authAddressLimit: 1000,
    staffAllowlist: parseIpAllowlist(""),
    nonce: "test",
    requestId: crypto.randomUUID(),
    meta,
    getUser: () => findSessionUser({ db, auth: testApp.auth }, meta.headers),
  };
  const context = new RouterContextProvider();
  context.set(appContext, ctx);
  return context;
}

const formPost = (url: string, fields: Record<string, string>) =>
  new Request(`${TEST_ORIGIN}${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { referer: `${TEST_ORIGIN}/account/data` },
  });

/** Runs a route's action and returns its Response, whether returned or thrown (redirects are thrown). */
async function run(fn: () => Promise<unknown>): Promise<Response> {
  try {
    const result = await fn();
    if (result instanceof Response) return result;
    const data = result as { init?: { status?: number }; data?: unknown };
    return Response.json(data.data ?? result, { status: data.init?.status ?? 200 });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The sign-in use case itself (as the /auth page calls it), with the member's password. */
const passwordSignIn = async (email: string) =>
  signIn(
    { db, clock, auth: testApp.auth, authAddressLimit: 1000 },
    { email, password: MEMBER_PASSWORD },
    await metaFor(),
  );
const apiSignIn = (email: string, password = MEMBER_PASSWORD) =>
  testApp.post("/api/v1/auth/sign-in", { email, password });
const deps = { db, auth: testApp.auth, clock, appUrl };
const profileOf = async (userId: string) => (await db.select().from(profiles).where(eq(profiles.userId, userId)))[0];
const nameOf = async (userId: string) =>
  (await db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0]?.name;
const sessionCount = async (userId: string) =>
  (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;
const avatarFiles = (userId: string) => {
  const dir = path.join(uploads, "avatars", userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const events = (userId: string, eventType: string) => securityEventsOf(db, userId, eventType);
const securityMails = (email: string) => mailsOf(db, email, "security_notice");

describe("profile", () => {
  test("a member changes their full name within the spec's rules, and the next request already shows it", async () => {
    const member = await signUpMember(testApp, { name: "Kylie Nguyen" });
    const save = async (fullName: string) =>
      updateProfile(deps, { userId: member.userId, fullName, phone: "", location: "" }, await metaFor());
    const refusals: Array<[string, string]> = [
      ["   ", "Name is required"],
      ["x".repeat(101), "Name too long"],
      ["R2-D2", "Name contains invalid characters"],
      ["<script>", "Name contains invalid characters"],
    ];
    for (const [name, message] of refusals) {
      await expect(save(name)).rejects.toMatchObject({ status: 400, message, details: { field: "fullName" } });
    }
    expect(await nameOf(member.userId)).toBe("Kylie Nguyen");

    await expect(save("  Zoë O'Brien-Smith  ")).resolves.toBeUndefined();
    expect(await nameOf(member.userId)).toBe("Zoë O'Brien-Smith");
    const me = await testApp.app.request("/api/v1/me", { headers: { cookie: member.cookie } });
    expect(((await me.json()) as { user: { name: string } }).user.name).toBe("Zoë O'Brien-Smith");
  });

  test("a phone number is digits, spaces, dashes, brackets and plus, 8 to 20 long, and a refused one changes nothing", async () => {
    const member = await signUpMember(testApp, { name: "Phil Hone" });
    const save = async (phone: string, fullName = "Phil Hone") =>
      updateProfile(deps, { userId: member.userId, fullName, phone, location: "" }, await metaFor());
    for (const phone of ["1234567", "0412 345 678 ext 9", "0".repeat(21)]) {
      await expect(save(phone, "Philip Hone")).rejects.toMatchObject({
        status: 400,
        message: "Phone number must be 8 to 20 digits, spaces, dashes, brackets or plus",
        details: { field: "phone" },
      });
    }
    expect(await nameOf(member.userId)).toBe("Phil Hone");
    for (const phone of ["(02) 9999-1234", "+61 412 345 678", "04123456"]) {
      await expect(save(phone)).resolves.toBeUndefined();
      expect((await profileOf(member.userId)).phone).toBe(phone);
    }
    await expect(save("")).resolves.toBeUndefined();
    expect((await profileOf(member.userId)).phone).toBeNull();
  });
});

describe("avatar", () => {
  const avatarDeps = { db, clock, storage: testApp.storage };

  test("anything but a JPEG, PNG, WEBP or GIF by content, or a file over 5MB, is refused with the spec's message and leaves no file", async () => {
    const member = await signUpMember(testApp);
    const invalid = "Invalid file type. Only JPEG, PNG, WEBP, and GIF images are allowed.";
    const files: Array<[Buffer, string]> = [
      [Buffer.from("just some text, named photo.jpg"), invalid],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'),
        invalid,
      ],
      [Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"), invalid],
      [Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]), invalid],
      [Buffer.concat([await makeJpeg(), Buffer.alloc(5 * 1024 * 1024)]), "File size exceeds 5MB limit."],
    ];
    for (const [file, message] of files) {
      await expect(setAvatar(avatarDeps, { userId: member.userId, file }, await metaFor())).rejects.toMatchObject({
        status: 400,
        message,
        details: {},
      });
    }
    expect(avatarFiles(member.userId)).toEqual([]);
    expect((await profileOf(member.userId)).avatarUrl).toBeNull();
  });

  test("an avatar is a 256-px square WebP without the photo's GPS position, seen by everyone while it is current", async () => {
    const member = await signUpMember(testApp);
    const photo = await makeJpeg({ width: 1200, height: 800, exif: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const result = await setAvatar(avatarDeps, { userId: member.userId, file: photo }, await metaFor());
    expect(result).toEqual({ avatarUrl: expect.stringMatching(/^\/uploads\/avatars\/[\w-]+\/[\w-]+\.webp$/) });
    const url = result.avatarUrl;
    expect((await profileOf(member.userId)).avatarUrl).toBe(url);

    const served = await testApp.app.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: "webp", width: 256, height: 256 });
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
  });

  test("replacing an avatar deletes the old file, removing it deletes the file, and an old address no longer answers", async () => {
    const member = await signUpMember(testApp);
    const first = await setAvatar(avatarDeps, { userId: member.userId, file: await makeJpeg() }, await metaFor());
    const second = await setAvatar(
      avatarDeps,
      { userId: member.userId, file: await makeJpeg({ width: 300, height: 300 }) },
      await metaFor(),
    );
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect(avatarFiles(member.userId)).toEqual([path.basename(second.avatarUrl)]);
    expect((await testApp.app.request(first.avatarUrl)).status).toBe(404);

    expect(await removeAvatar(avatarDeps, { userId: member.userId }, await metaFor())).toEqual({ avatarUrl: null });
    expect(avatarFiles(member.userId)).toEqual([]);
    expect((await profileOf(member.userId)).avatarUrl).toBeNull();
    expect((await testApp.app.request(second.avatarUrl)).status).toBe(404);
  });

  test("an avatar that cannot be saved to the profile leaves no file behind", async () => {
    const member = await signUpMember(testApp);
    await db.delete(profiles).where(eq(profiles.userId, member.userId));
    await expect(
      setAvatar(avatarDeps, { userId: member.userId, file: await makeJpeg() }, await metaFor()),
    ).rejects.toThrow(/No profile/);
    expect(avatarFiles(member.userId)).toEqual([]);
  });
});

describe("download my data", () => {
  test("is the admin export's document plus the member's conversations, of this member only, as a private attachment, and is logged", async () => {
    const member = await signUpMember(testApp, { name: "Dana Download" });
    const other = await signUpMember(testApp, { name: "Otto Other" });
    const mine = await postListing(testApp, member.cookie, { title: "Camping stove" });
    await postListing(testApp, other.cookie, { title: "Not yours" });

    const response = await run(async () =>
      exportRoute.action({
        request: formPost("/account/data/export", {}),
        params: {},
        context: await routeContext(member.cookie),
      } as never),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="swapshed-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const document = JSON.parse(await response.text());

    const admin = staffActor({ id: other.userId, name: "Otto", email: other.email }, ["admin"], "127.0.0.1");
    const staffDocument = JSON.parse(
      JSON.stringify(await exportMemberDataAsStaff(db, { actor: admin, userId: member.userId, now: clock.now() })),
    );
    // Staff's export leaves the conversations out (staff read no conversation nobody reported); the member's has them.
    const { conversations, ...shared } = document;
    expect(Object.keys(staffDocument)).not.toContain("conversations");
    expect({ ...shared, exportedAt: null }).toEqual({ ...staffDocument, exportedAt: null });
    expect(conversations).toEqual({ conversations: [], blockedMembers: [] });
    expect(document.profile).toMatchObject({ id: member.userId, fullName: "Dana Download", email: member.email });
    expect(document.listings.map((l: { id: string }) => l.id)).toEqual([mine]);
    expect(JSON.stringify(document)).not.toContain("Not yours");
    expect(JSON.stringify(document)).not.toContain(other.email);
    expect(await events(member.userId, "data_exported")).toHaveLength(1);
  });

  test("a signed-out visitor gets no document", async () => {
    const response = await run(async () =>
      exportRoute.action({
        request: formPost("/account/data/export", {}),
        params: {},
        context: await routeContext(),
      } as never),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("deleting my account", () => {
  const deleteVia = async (cookie: string, secret: string) =>
    run(async () =>
      dataRoute.action({
        request: formPost("/account/data", { method: "password", secret }),
        params: {},
        context: await routeContext(cookie),
      } as never),
    );

  test("a wrong password is refused and nothing changes", async () => {
    const member = await signUpMember(testApp);
    const response = await deleteVia(member.cookie, "Wrongpass1");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: WRONG_PASSWORD, fields: {} });
    expect((await profileOf(member.userId)).deletedAt).toBeNull();
    expect(await sessionCount(member.userId)).toBe(1);
    expect((await events(member.userId, "account_deletion_requested"))[0]).toMatchObject({
      success: false,
      errorMessage: WRONG_PASSWORD,
    });
  });

  test("a session older than 10 minutes must confirm it's the member first, even with the right password", async () => {
    const member = await signUpMember(testApp);
    clock.advance(11 * MINUTE);
    const response = await deleteVia(member.cookie, MEMBER_PASSWORD);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/auth/reauthenticate?${new URLSearchParams({ redirectTo: "/account/data" })}`,
    );
    expect((await profileOf(member.userId)).deletedAt).toBeNull();
  });

  test("the member is hidden at once with their listings, signed out everywhere, told by mail, and can keep the account by signing in", async () => {
    const member = await signUpMember(testApp, { name: "Lee Leaving" });
    const listing = await postListing(testApp, member.cookie, { title: "Kayak paddle" });
    await apiSignIn(member.email); // a second device
    expect(await sessionCount(member.userId)).toBe(2);
    expect((await testApp.app.request(`/api/v1/listings/${listing}`)).status).toBe(200);

    const response = await deleteVia(member.cookie, MEMBER_PASSWORD);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(
      response.headers
        .getSetCookie()
        .some((c) => /session_token=;/.test(c) || /session_token=[^;]*;.*Max-Age=0/i.test(c)),
    ).toBe(true);

    const profile = await profileOf(member.userId);
    expect(profile).toMatchObject({ status: "active", deletionReason: DELETED_BY_MEMBER });
    expect(profile.permanentDeletionAt?.getTime()).toBe(clock.now().getTime() + 30 * DAY);
    expect(await sessionCount(member.userId)).toBe(0);
    expect((await testApp.app.request(`/api/v1/listings/${listing}`)).status).toBe(404);
    expect((await testApp.app.request("/api/v1/me", { headers: { cookie: member.cookie } })).status).toBe(401);
    expect((await events(member.userId, "account_deletion_requested"))[0]).toMatchObject({ success: true });
    const [mail] = await securityMails(member.email);
    expect(mail.textBody).toContain("You asked us to delete your SwapShed account");
    expect(mail.textBody).toMatch(/deleted for good on \d{1,2} \w+ \d{4}/);

    // Signing in: the right password offers to keep the account, and makes no session (the API says so plainly).
    const api = await apiSignIn(member.email);
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: string }).error).toMatch(
      /^Your account is set to be deleted on \d{1,2} \w+ \d{4}\. Sign in on the SwapShed website to keep it\.$/,
    );
    expect(await sessionCount(member.userId)).toBe(0);
    expect((await apiSignIn(member.email, "Wrongpass1")).status).toBe(401);

    const outcome = await passwordSignIn(member.email);
    expect(outcome).toMatchObject({
      kind: "pending-deletion",
      proof: expect.any(String),
      deletesOn: expect.any(String),
    });
    const proof = (outcome as PendingDeletion).proof;

    // A proof changed by one character is refused; the real one keeps the account.
    const tampered = `${proof.slice(0, -2)}${proof.endsWith("AA") ? "BB" : "AA"}`;
    await expect(keepAccount(deps, { proof: tampered }, await metaFor())).rejects.toMatchObject({
      status: 400,
      message: KEEP_OFFER_EXPIRED,
      details: {},
    });
    const kept = await run(async () =>
      keepRoute.action({
        request: formPost("/auth/keep-account", { proof }),
        params: {},
        context: await routeContext(),
      } as never),
    );
    // Keeping the account signs the member in, once (decision 068): home, with a session cookie.
    expect(kept.headers.get("location")).toBe("/");
    expect(kept.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/Max-Age=0/i.test(c))).toBe(true);
    expect(await sessionCount(member.userId)).toBe(1);
    const flash = kept.headers.getSetCookie().find((c) => c.startsWith("flash=")) ?? "";
    const { flash: message } = await readFlash(
      new Request("http://localhost/", { headers: { cookie: flash.split(";")[0] } }),
    );
    expect(message).toEqual({
      type: "success",
      message: ACCOUNT_KEPT,
    });
    expect(await profileOf(member.userId)).toMatchObject({
      deletedAt: null,
      permanentDeletionAt: null,
      deletionReason: null,
      status: "active",
    });
    expect((await events(member.userId, "account_deletion_cancelled"))[0]).toMatchObject({ success: true });
    expect((await securityMails(member.email))[0].textBody).toContain(
      "You cancelled the deletion of your SwapShed account",
    );
    clock.advance(6 * MINUTE); // past the sign-in limit's window: this test has tried 5 times already
    expect((await apiSignIn(member.email)).status).toBe(200);
    expect((await testApp.app.request(`/api/v1/listings/${listing}`)).status).toBe(200);
  });

  test("the offer to keep the account lasts 10 minutes", async () => {
    const member = await signUpMember(testApp);
    expect((await deleteWithPassword(member)).permanentDeletionAt).toBeInstanceOf(Date);
    const proof = makeKeepAccountProof(testApp.auth, { userId: member.userId, now: clock.now() });
    clock.advance(11 * MINUTE);
    await expect(keepAccount(deps, { proof }, await metaFor())).rejects.toMatchObject({
      status: 400,
      message: KEEP_OFFER_EXPIRED,
      details: {},
    });
    expect((await profileOf(member.userId)).deletedAt).not.toBeNull();
  });

  test("a member with an accepted swap waiting for its fees cannot delete their account yet", async () => {
    const member = await signUpMember(testApp);
    const partner = await signUpMember(testApp);
    const mine = await postListing(testApp, member.cookie, { title: "Tent" });
    const theirs = await postListing(testApp, partner.cookie, { title: "Esky" });
    await createSwap(db, {
      status: "accepted",
      at: clock.now(),
      offeredListingId: mine,
      targetListingId: theirs,
      proposerId: member.userId,
      receiverId: partner.userId,
    });
    await expect(deleteWithPassword(member)).rejects.toMatchObject({
      status: 409,
      message: SWAP_AWAITING_FEES,
      details: {},
    });
    expect((await profileOf(member.userId)).deletedAt).toBeNull();
    expect(await sessionCount(member.userId)).toBe(1);
  });

  test("a member deleted by staff is refused as suspended and cannot keep the account", async () => {
    const member = await signUpMember(testApp);
    const admin = await signUpMember(testApp);
    const actor = staffActor({ id: admin.userId, name: "Avery Admin", email: admin.email }, ["admin"], "127.0.0.1");
    await softDeleteMember(db, { actor, userId: member.userId, reason: "Fraud", now: clock.now() });

    const api = await apiSignIn(member.email);
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ error: ACCOUNT_SUSPENDED });
    await expect(passwordSignIn(member.email)).rejects.toMatchObject({ status: 403, message: ACCOUNT_SUSPENDED });
    const forged = makeKeepAccountProof(testApp.auth, { userId: member.userId, now: clock.now() });
    await expect(keepAccount(deps, { proof: forged }, await metaFor())).rejects.toMatchObject({
      message: KEEP_OFFER_EXPIRED,
    });
    expect(await profileOf(member.userId)).toMatchObject({ status: "suspended", deletionReason: "Fraud" });
  });

  test("after 30 days the member can no longer keep the account, and the purge anonymises it and deletes the avatar", async () => {
    const member = await signUpMember(testApp, { name: "Gus Gone" });
    await setAvatar(
      { db, clock, storage: testApp.storage },
      { userId: member.userId, file: await makeJpeg() },
      await metaFor(),
    );
    expect(avatarFiles(member.userId)).toHaveLength(1);
    expect((await deleteWithPassword(member)).permanentDeletionAt).toBeInstanceOf(Date);

    clock.advance(30 * DAY + MINUTE);
    await expect(passwordSignIn(member.email)).rejects.toMatchObject({ status: 403, message: ACCOUNT_SUSPENDED });

    expect(await purgeDeletedMembers({ db, clock, storage: testApp.storage })).toContain(member.userId);
    expect((await db.select().from(users).where(eq(users.id, member.userId)))[0]).toMatchObject({
      name: "Deleted member",
      email: `deleted-${member.userId}@deleted.invalid`,
    });
    expect(await profileOf(member.userId)).toMatchObject({ avatarUrl: null, phone: null, status: "suspended" });
    expect(avatarFiles(member.userId)).toEqual([]);
  });
});
