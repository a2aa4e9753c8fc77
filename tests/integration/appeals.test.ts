// Appeals (issue 28, decision 097): a suspended member appeals from the sign-in refusal, without a session, with
// the token only a right password earns; a listing's owner appeals its rejection or takedown. Once per decision; a
// staff member other than the one who acted decides (the server refuses the one who did, and so does the table's
// check); reversing undoes the decision in the same transaction; the member is told by e-mail and notice.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import * as appealPage from "#app/routes/admin/moderation.appeals.$id.tsx";
import * as memberAppealPage from "#app/routes/appeal.tsx";
import { suspendMember } from "#core/accounts/suspend-member.ts";
import { reactivateMember } from "#core/accounts/reactivate-member.ts";
import { decideAppeal } from "#core/appeals/decide-appeal.ts";
import {
  ACTED_ON_IT,
  ALREADY_APPEALED,
  APPEAL_LINK_EXPIRED,
  ONLY_ADMINS_SUSPENSIONS,
} from "#core/appeals/appeal-rules.ts";
import { readAppealToken, signAppealToken } from "#core/appeals/appeal-token.ts";
import { findAppeals } from "#core/appeals/find-appeals.ts";
import { findSuspensionForToken, lodgeListingAppeal, lodgeSuspensionAppeal } from "#core/appeals/lodge-appeal.ts";
import { signIn } from "#core/auth/sign-in.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { moderateListings } from "#core/moderation/moderate-listings.ts";
import { describeNotice } from "#core/notifications/notification-kinds.ts";
import { AppError } from "#core/shared/app-error.ts";
import { appeals } from "#db/schema/appeals.ts";
import { adminAuditLog, securityEvents } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { notifications } from "#db/schema/notifications.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { profiles } from "#db/schema/profiles.ts";
import { MEMBER_PASSWORD, signUpMember } from "../support/api-factories";
import { createListing, createMember, createStaff, staffActor } from "../support/factories";
import { createPaymentTestApp } from "../support/payment-fixtures";
import { postForm, type RouteCaller } from "../support/staff-route";
import { controlledClock, HOUR } from "../support/test-clock";
import { createTestDatabase } from "../support/test-db";

const handle = await createTestDatabase();
const db = handle.db;
const clock = controlledClock(new Date());
const testApp = createPaymentTestApp(handle, { clock });
afterAll(() => handle.close());
const caller: RouteCaller = { db, clock, provider: testApp.provider, testApp };
const meta = { ip: "203.0.113.20", userAgent: "vitest", headers: new Headers() };
const env = { APP_URL: testApp.env.APP_URL };

const suspender = await createStaff(db, ["admin"], { name: "Avery Admin" });
const secondAdmin = await createStaff(db, ["admin"], { name: "Blake Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });
const secondModerator = await createStaff(db, ["moderator"], { name: "Nico Moderator" });
const actor = (person: typeof suspender) =>
  staffActor(person, person.id === moderator.id || person.id === secondModerator.id ? ["moderator"] : ["admin"]);

/** A member signed up through the API (so the password works), suspended by the first admin. */
async function suspendedMember(name = "Sam Suspended") {
  const member = await signUpMember(testApp, { name });
  await suspendMember(db, {
    actor: actor(suspender),
    userId: member.userId,
    reason: "Scam listings",
    now: clock.now(),
  });
  return member;
}

/** The sign-in refusal a suspended member gets, and the appeal token it carries (none for a wrong password). */
async function refusalOf(email: string, password = MEMBER_PASSWORD) {
  try {
    await signIn({ db, clock, auth: testApp.auth }, { email, password }, meta);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("signed in");
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: Error) => error.message,
  );

describe("a suspended member appeals from the sign-in refusal", () => {
  test("the right password earns the token, the wrong one does not; the token opens that member's appeal only", async () => {
    const member = await suspendedMember();
    const wrong = await refusalOf(member.email, "Wrong-password-1");
    expect(wrong.code).toBe("UNAUTHENTICATED");
    expect(wrong.details.appealToken).toBeUndefined();

    const refused = await refusalOf(member.email);
    expect(refused.code).toBe("SUSPENDED");
    const token = refused.details.appealToken as string;
    expect(readAppealToken(token, clock.now())).toMatchObject({ userId: member.userId });
    expect(await findSuspensionForToken(db, { token, now: clock.now() })).toMatchObject({
      userId: member.userId,
      actedBy: suspender.id,
      reason: "Scam listings",
    });

    // A forged token (another member's id with this signature) and a made-up one open nothing.
    const other = await suspendedMember("Olly Other");
    const [body, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(body, "base64url").toString());
    claims[1] = other.userId;
    const forged = `${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    for (const bad of [forged, "nonsense", `${body}.${"A".repeat(43)}`, ""]) {
      expect(await findSuspensionForToken(db, { token: bad, now: clock.now() })).toBeNull();
      expect(await refusal(lodgeSuspensionAppeal({ db, clock }, { token: bad, statement: "Let me in", meta }))).toBe(
        APPEAL_LINK_EXPIRED,
      );
    }
    // The page refuses it the same way, without a session.
    expect(
      await postForm(caller, memberAppealPage, {
        user: null,
        path: "/appeal",
        form: { intent: "open", token: forged },
      }),
    ).toMatchObject({ status: 403 });

    // Lodged once, with the security event; a second appeal of the same suspension is refused.
    await lodgeSuspensionAppeal({ db, clock }, { token, statement: "I sold my own tools, here are receipts.", meta });
    const [appeal] = await db.select().from(appeals).where(eq(appeals.userId, member.userId));
    expect(appeal).toMatchObject({ subject: "suspension", status: "pending", actedBy: suspender.id, listingId: null });
    const [lodged] = await db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.eventType, "appeal_lodged"), eq(securityEvents.userId, member.userId)));
    expect(lodged).toMatchObject({ success: true, ipAddress: "203.0.113.20" });
    expect(await refusal(lodgeSuspensionAppeal({ db, clock }, { token, statement: "Again", meta }))).toBe(
      ALREADY_APPEALED,
    );
  });

  test("the token lasts 30 minutes, and fits only the suspension it was made for", async () => {
    const member = await suspendedMember();
    const token = (await refusalOf(member.email)).details.appealToken as string;
    clock.advance(31 * 60_000);
    expect(await findSuspensionForToken(db, { token, now: clock.now() })).toBeNull();

    // Lifted and imposed again: a new decision, which the old token does not open (but a new one does).
    const fresh = (await refusalOf(member.email)).details.appealToken as string;
    await reactivateMember(db, { actor: actor(secondAdmin), userId: member.userId, now: clock.now() });
    clock.advance(HOUR);
    await suspendMember(db, { actor: actor(suspender), userId: member.userId, reason: "Again", now: clock.now() });
    expect(await findSuspensionForToken(db, { token: fresh, now: clock.now() })).toBeNull();
    const newer = (await refusalOf(member.email)).details.appealToken as string;
    expect(await findSuspensionForToken(db, { token: newer, now: clock.now() })).not.toBeNull();
    // A token made for a member who is not suspended opens nothing.
    const active = await createMember(db, { name: "Ada Active" });
    expect(
      await findSuspensionForToken(db, {
        token: signAppealToken({ userId: active.id, suspendedAt: clock.now() }, clock.now()),
        now: clock.now(),
      }),
    ).toBeNull();
  });
});

describe("a second staff member decides", () => {
  const decide = (person: typeof suspender, appealId: string, form: Record<string, string>) =>
    postForm(caller, appealPage, {
      user: person,
      path: `/admin/moderation/appeals/${appealId}`,
      params: { id: appealId },
      form: { intent: "decide", ...form },
    });

  async function lodgedSuspensionAppeal() {
    const member = await suspendedMember();
    const token = (await refusalOf(member.email)).details.appealToken as string;
    const { id } = await lodgeSuspensionAppeal({ db, clock }, { token, statement: "Please look again", meta });
    return { member, appealId: id };
  }

  test("the staff member who suspended cannot decide it (server), nor can a moderator; another admin reverses it", async () => {
    const { member, appealId } = await lodgedSuspensionAppeal();
    expect(await decide(suspender, appealId, { outcome: "reversed", reason: "I was wrong" })).toMatchObject({
      error: `Failed to decide appeal: ${ACTED_ON_IT}`,
    });
    expect(
      await refusal(
        decideAppeal({ db }, { actor: actor(moderator), appealId, outcome: "upheld", reason: "x", now: clock.now() }),
      ),
    ).toBe(ONLY_ADMINS_SUSPENSIONS);
    expect(await decide(secondAdmin, appealId, { outcome: "reversed", reason: "" })).toMatchObject({
      error: "Failed to decide appeal: A reason is required",
    });
    const [still] = await db.select().from(appeals).where(eq(appeals.id, appealId));
    expect(still.status).toBe("pending");

    expect(
      await decide(secondAdmin, appealId, { outcome: "reversed", reason: "The receipts check out. Sorry about that." }),
    ).toMatchObject({ status: 302, flash: "Appeal decided - Decision reversed" });
    const [decided] = await db.select().from(appeals).where(eq(appeals.id, appealId));
    expect(decided).toMatchObject({ status: "reversed", decidedBy: secondAdmin.id });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile).toMatchObject({ status: "active", suspendedAt: null });
    const rows = await db
      .select({ action: adminAuditLog.action, adminId: adminAuditLog.adminId })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetId, member.userId));
    // One audit row for the decision, which carries the reactivation's before and after.
    expect(rows.filter((r) => r.adminId === secondAdmin.id)).toEqual([
      { action: "resolve_appeal", adminId: secondAdmin.id },
    ]);
    // Decided once.
    expect(await decide(secondAdmin, appealId, { outcome: "upheld", reason: "Changed my mind" })).toMatchObject({
      error: "Failed to decide appeal: This appeal has already been decided",
    });

    // Told by e-mail and notice; and the member can sign in again.
    await dispatchEvents({ db, appUrl: env.APP_URL });
    const [notice] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.userId), eq(notifications.kind, "appeal.decided")));
    expect(describeNotice(notice.kind, notice.payload)?.text).toBe(
      "We've reviewed your appeal against your suspension and reversed it: The receipts check out. Sorry about that.",
    );
    const mail = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.template, "appeal_decided")));
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Your appeal was successful");
    const signedIn = await signIn(
      { db, clock, auth: testApp.auth },
      { email: member.email, password: MEMBER_PASSWORD },
      meta,
    );
    expect(signedIn.kind).toBe("signed-in");
  });

  test("the table itself refuses the acting staff member as the decider", async () => {
    const { appealId } = await lodgedSuspensionAppeal();
    await expect(
      db.execute(
        sql`update appeals set status = 'upheld', decided_by = acted_by, decided_at = now(), decision_reason = 'x' where id = ${appealId}`,
      ),
    ).rejects.toThrow();
  });

  test("upheld: the suspension stands, and the member hears why", async () => {
    const { member, appealId } = await lodgedSuspensionAppeal();
    expect(
      await decide(secondAdmin, appealId, { outcome: "upheld", reason: "The listings were copied." }),
    ).toMatchObject({
      status: 302,
      flash: "Appeal decided - Decision upheld",
    });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, member.userId));
    expect(profile.status).toBe("suspended");
    await dispatchEvents({ db, appUrl: env.APP_URL });
    const mail = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.template, "appeal_decided")));
    expect(mail[0].subject).toBe("We've reviewed your appeal");
  });
});

describe("a listing's owner appeals its rejection or takedown", () => {
  async function removedListing(moderation: "reject" | "takedown") {
    const owner = await createMember(db, { name: "Olive Owner" });
    const listingId = await createListing(db, owner.id, { title: "Stihl chainsaw" });
    await moderateListings(
      { db },
      {
        actor: actor(moderator),
        ids: [listingId],
        moderation,
        reason: "Looks like a stock photo",
        now: clock.now(),
        appUrl: env.APP_URL,
      },
    );
    return { owner, listingId };
  }

  test("once per decision; the moderator who acted may not decide; another one reverses and the listing is back", async () => {
    const { owner, listingId } = await removedListing("takedown");
    const { id: appealId } = await lodgeListingAppeal(
      { db, clock },
      { userId: owner.id, listingId, statement: "It's my own photo, taken in my shed.", meta },
    );
    const [appeal] = await db.select().from(appeals).where(eq(appeals.id, appealId));
    expect(appeal).toMatchObject({ subject: "listing", listingId, actedBy: moderator.id });
    expect(
      await refusal(lodgeListingAppeal({ db, clock }, { userId: owner.id, listingId, statement: "Again", meta })),
    ).toBe(ALREADY_APPEALED);
    // Somebody else's listing is not found.
    const stranger = await createMember(db, { name: "Sally Stranger" });
    expect(
      await refusal(lodgeListingAppeal({ db, clock }, { userId: stranger.id, listingId, statement: "Mine", meta })),
    ).toBe("Listing not found");

    expect(
      await refusal(
        decideAppeal({ db }, { actor: actor(moderator), appealId, outcome: "reversed", reason: "x", now: clock.now() }),
      ),
    ).toBe(ACTED_ON_IT);
    await decideAppeal(
      { db },
      { actor: actor(secondModerator), appealId, outcome: "reversed", reason: "It is their photo.", now: clock.now() },
    );
    const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing).toMatchObject({ status: "active", moderationStatus: "approved", takedownReason: null });
    const [row] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "resolve_appeal"), eq(adminAuditLog.targetId, listingId)));
    expect(row).toMatchObject({
      adminId: secondModerator.id,
      metadata: { outcome: "reversed", acted_by: moderator.id },
    });
  });

  test("a listing that was not removed has nothing to appeal; the queue lists pending appeals", async () => {
    const owner = await createMember(db, { name: "Olive Owner" });
    const listingId = await createListing(db, owner.id, { title: "Ladder" });
    expect(
      await refusal(lodgeListingAppeal({ db, clock }, { userId: owner.id, listingId, statement: "Why", meta })),
    ).toBe("There's no decision on this listing to appeal");
    const { owner: rejectedOwner, listingId: rejected } = await removedListing("reject");
    await lodgeListingAppeal(
      { db, clock },
      { userId: rejectedOwner.id, listingId: rejected, statement: "Please", meta },
    );
    const { appeals: pending } = await findAppeals(db, { status: "pending", q: "Olive" });
    expect(pending.some((a) => a.listingTitle === "Stihl chainsaw" && a.subject === "listing")).toBe(true);
  });
});
