// The people and things the fuzzers act on: a signed-in member with listings and swaps in every state, another
// member to trade with, and an admin signed in with TOTP, all through the real app. Valid ids let bad input get
// past "not found" to the checks behind it.

import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll } from "vitest";
import webpush from "web-push";
import { acceptCircle } from "#core/circles/accept-circle.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import { completeLocalCheckout, type LocalPaymentProvider, TEST_CARD_SUCCESS } from "#core/payments/local-provider.ts";
import { startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import { grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { circleKey } from "#core/swaps/find-swap-circles.ts";
import type { DbHandle } from "#db/client.ts";
import { FEATURE_FLAG_DEFAULTS, type FeatureFlagKey, featureFlags } from "#db/schema/flags.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { rateLimits } from "#db/schema/ops.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { reviews, swapMeetings } from "#db/schema/swaps.ts";
import { scamSignals } from "#db/schema/trust-signals.ts";
import type { PageHandler } from "#server/app.ts";
import { paymentProviderFromEnv } from "#server/payments.ts";
import { MEMBER_PASSWORD, postListing, sameOrigin, signUpConfirmedMember } from "#tests/support/api-factories.ts";
import {
  createConversation,
  createListing,
  createMember,
  createMessage,
  createSwap,
} from "#tests/support/factories.ts";
import { cookiesFrom, createTestApp, TEST_ORIGIN } from "#tests/support/test-app.ts";
import { createTestDatabase } from "#tests/support/test-db.ts";
import { turnOnTwoFactor } from "#tests/support/two-factor.ts";
import { Figures } from "./fuzz";

type TestApp = ReturnType<typeof createTestApp>;

/**
 * The app's settings for the database under test: its real DATABASE_URL (a snapshot of PostgreSQL runs pg_dump
 * on it) and a DATA_DIR of its own in the temp directory, so nothing is written into the working tree.
 */
const FUZZ_VAPID = webpush.generateVAPIDKeys();

export function worldEnv(handle: { url?: string }): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "swapshed-fuzz-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return {
    DATA_DIR: dataDir,
    ...(handle.url ? { DATABASE_URL: handle.url } : {}),
    // Web Push configured, so its routes answer and are fuzzed (nothing is pushed: no job runs here).
    VAPID_PUBLIC_KEY: FUZZ_VAPID.publicKey,
    VAPID_PRIVATE_KEY: FUZZ_VAPID.privateKey,
    VAPID_SUBJECT: "mailto:push@swapshed.example",
  };
}

/**
 * A fuzz suite's start: its own database (closed after the file), the real app over it with the sign-in limits
 * out of the way (and the pages, given `pageHandler`, made once the database is there), the world built in it,
 * and the figures the suite reports.
 */
export async function fuzzSetup(options: { pageHandler?: () => Promise<PageHandler> } = {}) {
  const handle = await createTestDatabase();
  afterAll(() => handle.close());
  const pageHandler = await options.pageHandler?.();
  const testApp = createTestApp(handle, { authAddressLimit: 1_000_000, env: worldEnv(handle), pageHandler });
  const world = await buildWorld(handle, testApp);
  return { handle, db: handle.db, testApp, world, figures: new Figures() };
}

const meta = (cookie = "") => ({
  ip: "203.0.113.50",
  userAgent: "fuzz",
  headers: new Headers(cookie ? { cookie } : {}),
});

/** Builds the world; `heal()` puts back what an accepted request may take away (a session, the flags). */
export async function buildWorld(handle: DbHandle, testApp: TestApp) {
  const db = handle.db;
  afterAll(() => testApp.uploadsDir && fs.rmSync(testApp.uploadsDir, { recursive: true, force: true }));
  const deps = { db, auth: testApp.auth, clock: { now: () => new Date() }, authAddressLimit: 100_000 };
  const provider = paymentProviderFromEnv(testApp.env, {
    deliver: async (url, body, headers) => testApp.app.request(url, { method: "POST", body, headers }),
  }) as LocalPaymentProvider;

  // The member who fuzzes, signed up through the API, with a listing that has real pictures.
  // Confirmed, as a member who sets up two-step sign-in or changes address must be (decision 067).
  const member = await signUpConfirmedMember(testApp, db, { name: "Kylie Nguyen" });
  const ownListing = await postListing(testApp, member.cookie);
  const spareListing = await postListing(testApp, member.cookie);
  const [own] = await db.select({ images: listings.images }).from(listings).where(eq(listings.id, ownListing));
  const imageKeys = own.images.map((image) => image.key);
  // Listings the member may delete without taking anything else away.
  const disposable = [
    await createListing(db, member.userId),
    await createListing(db, member.userId),
    await createListing(db, member.userId),
  ];

  // Someone to trade with: their listings, a proposal each way, a swap awaiting payment and one completed.
  const other = await createMember(db, { name: "Tom O'Brien" });
  const otherListing = await createListing(db, other.id, { title: "Ryobi lawn mower" });
  const otherSpare = await createListing(db, other.id, { title: "Weber kettle barbecue" });
  // A thread of the member's with someone else (blocking in it must not stop the proposals to Tom).
  const talker = await createMember(db, { name: "Tess Talker" });
  const { conversationId: thread } = await createConversation(db, { ownerId: talker.id, askerId: member.userId });
  // A line of the talker's in it, for the member to report (decision 086).
  const { messageId: threadLine } = await createMessage(db, {
    conversationId: thread,
    senderId: talker.id,
    body: "Pay me by gift card and I'll post it",
  });
  const { swapId: received } = await createSwap(db, {
    status: "pending",
    offeredListingId: otherListing,
    targetListingId: ownListing,
    proposerId: other.id,
    receiverId: member.userId,
  });
  const { swapId: sent } = await createSwap(db, {
    status: "pending",
    offeredListingId: spareListing,
    targetListingId: otherSpare,
    proposerId: member.userId,
    receiverId: other.id,
  });
  const accepted = await createSwap(db, { status: "accepted", proposerId: member.userId, receiverId: other.id });
  const now = new Date();
  const { swapId: completed } = await createSwap(db, {
    status: "completed",
    at: now,
    offeredListingId: await createListing(db, member.userId, { status: "swapped" }),
    targetListingId: await createListing(db, other.id, { status: "swapped" }),
    proposerId: member.userId,
    receiverId: other.id,
    paymentDueAt: now,
  });
  // A paid swap of the member's being arranged (decision 096), with a time and place Tom proposed.
  const { swapId: arranging } = await createSwap(db, {
    status: "arranging",
    at: now,
    offeredListingId: await createListing(db, member.userId, { status: "swapped" }),
    targetListingId: await createListing(db, other.id, { status: "swapped" }),
    proposerId: member.userId,
    receiverId: other.id,
  });
  const [meeting] = await db
    .insert(swapMeetings)
    .values({
      swapProposalId: arranging,
      proposedBy: other.id,
      meetAt: new Date(now.getTime() + 86_400_000),
      place: "Central station",
    })
    .returning();
  // The member's open checkout for the accepted swap (the local test checkout's page).
  const started = await startHandshakePayment(
    { db, clock: deps.clock, provider, appUrl: TEST_ORIGIN },
    { swapId: accepted.swapId, userId: member.userId },
  );
  if (started.kind !== "redirect") throw new Error("expected a checkout");
  const checkoutSession = new URL(started.url).pathname.replace("/checkout/", "");

  // Swap circles of two with Tom (decisions 104, 105): one offered, one accepted by both and awaiting fees.
  const circleWithTom = async (accepted: boolean) => {
    const members = [member.userId, other.id];
    const owned = [await createListing(db, member.userId), await createListing(db, other.id)];
    const legs = members.map((giverId, i) => ({ giverId, listingId: owned[i], receiverId: members[1 - i] }));
    const circleId = await db.transaction((tx) =>
      offerCircle(tx, { legs, key: circleKey(legs), fairness: 1 }, { now: new Date() }),
    );
    if (!circleId) throw new Error("expected the circle to be offered");
    if (accepted) for (const userId of members) await acceptCircle({ db, clock: deps.clock }, { circleId, userId });
    return circleId;
  };
  // And one at its handshake, being arranged (decision 110): both fees held, "We've swapped" open to each.
  const arrangingCircle = await circleWithTom(true);
  await db.update(swapCircleLegs).set({ paidAt: new Date() }).where(eq(swapCircleLegs.circleId, arrangingCircle));
  await db
    .update(swapCircles)
    .set({ status: "arranging", handshakeAt: new Date() })
    .where(eq(swapCircles.id, arrangingCircle));
  // And one completed (decision 111): each may review the other once.
  const completedCircle = await circleWithTom(true);
  await db
    .update(swapCircleLegs)
    .set({ paidAt: new Date(), swappedAt: new Date() })
    .where(eq(swapCircleLegs.circleId, completedCircle));
  await db
    .update(swapCircles)
    .set({ status: "completed", handshakeAt: new Date(), completedAt: new Date(), completedHow: "confirmed" })
    .where(eq(swapCircles.id, completedCircle));
  const circles = {
    offered: await circleWithTom(false),
    accepted: await circleWithTom(true),
    arranging: arrangingCircle,
    completed: completedCircle,
  };

  // An admin with TOTP, signed in with their code; members and swaps for the back office to act on.
  const admin = await signUpConfirmedMember(testApp, db, { name: "Sam Staff" });
  await grantStaffRole(db, { userId: admin.userId, role: "admin", by: { actorId: null, via: "cli" } });
  const enrolled = await turnOnTwoFactor(deps, admin, meta);
  const adminBackupCodes = [...enrolled.backupCodes];
  const adminState = { cookie: enrolled.cookie };
  const memberState = { cookie: member.cookie };

  const victims = [await createMember(db, { name: "Priya Sharma" }), await createMember(db, { name: "Nguyen Van An" })];
  const staffSwap = await createSwap(db, { status: "accepted" });
  // A paid fee the back office can refund: the proposer pays with the test card.
  const paid = await startHandshakePayment(
    { db, clock: deps.clock, provider, appUrl: TEST_ORIGIN },
    { swapId: staffSwap.swapId, userId: staffSwap.proposerId },
  );
  if (paid.kind !== "redirect") throw new Error("expected a checkout");
  const paidSession = new URL(paid.url).pathname.replace("/checkout/", "");
  const outcome = await completeLocalCheckout(
    { db, provider },
    { sessionId: paidSession, cardNumber: TEST_CARD_SUCCESS, now: new Date() },
  );
  if (outcome.outcome !== "paid") throw new Error("the test card was declined");
  const [payment] = await db
    .select({ id: paymentLogs.id })
    .from(paymentLogs)
    .where(eq(paymentLogs.checkoutSessionId, paidSession));
  const [report] = await db
    .insert(moderationReports)
    .values({ listingId: otherListing, reportedBy: victims[0].id, reason: "spam", notes: "Posted three times" })
    .returning();
  const [messageReport] = await db
    .insert(moderationReports)
    .values({
      subject: "message",
      messageId: threadLine,
      conversationId: thread,
      reportedBy: victims[0].id,
      reason: "fraud",
    })
    .returning();
  // An open scam signal about a victim (decision 098), for staff to settle.
  const [signal] = await db
    .insert(scamSignals)
    .values({
      kind: "scam_wording",
      userId: victims[0].id,
      score: 55,
      explanation: "Payment-scam wording in a message: “a deposit first”.",
      dedupeKey: `fuzz:${crypto.randomUUID()}`,
    })
    .returning();

  // Reviews (decision 094): one shown review of the member (their reply), one of Tom by Priya (a report), and a
  // report of a review for the back office's review page.
  const shownReview = async (reviewerId: string, revieweeId: string) => {
    const { swapId } = await createSwap(db, { status: "completed", proposerId: reviewerId, receiverId: revieweeId });
    const [row] = await db
      .insert(reviews)
      .values({ swapProposalId: swapId, reviewerId, revieweeId, rating: 3, comment: "Fine", revealedAt: new Date() })
      .returning();
    return row.id;
  };
  const reviewOfMember = await shownReview(other.id, member.userId);
  const reviewOfOther = await shownReview(victims[0].id, other.id);
  const [reviewReport] = await db
    .insert(moderationReports)
    .values({ subject: "review", reviewId: reviewOfOther, reportedBy: victims[1].id, reason: "inappropriate" })
    .returning();

  const signedIn = async (cookie: string) =>
    (await testApp.app.request(`${TEST_ORIGIN}/api/v1/me`, { headers: sameOrigin(cookie) })).status === 200;

  /** A page form POST through the app, as a browser without JavaScript sends it. */
  const postPage = (path: string, form: Record<string, string>, cookie?: string) =>
    testApp.app.request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { ...sameOrigin(cookie), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });

  /**
   * Puts back what an accepted request may take away: the feature flags, and the member's and the admin's
   * sessions (signed in again through the app, the admin with a backup code). The sign-in attempt counters are
   * cleared first: the fuzzers' wrong passwords and codes count against these accounts, by design.
   */
  async function heal() {
    await db
      .insert(featureFlags)
      .values(Object.entries(FEATURE_FLAG_DEFAULTS).map(([key, enabled]) => ({ key: key as FeatureFlagKey, enabled })))
      .onConflictDoUpdate({
        target: featureFlags.key,
        set: { enabled: sql`excluded.enabled` },
        setWhere: sql`${featureFlags.enabled} <> excluded.enabled`,
      });
    const memberIn = await signedIn(memberState.cookie);
    const adminIn = await signedIn(adminState.cookie);
    if (memberIn && adminIn) return;
    await db.delete(rateLimits);
    if (!memberIn) {
      const res = await testApp.post("/api/v1/auth/sign-in", { email: member.email, password: MEMBER_PASSWORD });
      if (res.status !== 200) throw new Error(`the member could not sign in again: ${res.status} ${await res.text()}`);
      memberState.cookie = cookiesFrom(res);
    }
    if (!adminIn) {
      const first = await postPage("/auth", { mode: "signin", email: admin.email, password: MEMBER_PASSWORD });
      if (first.headers.get("location") !== "/auth/two-factor")
        throw new Error(`the admin's sign-in did not ask for the second step: ${first.status}`);
      const code = adminBackupCodes.shift();
      if (!code) throw new Error("the admin ran out of backup codes");
      const second = await postPage("/auth/two-factor", { code, method: "backup" }, cookiesFrom(first));
      if (second.status !== 302) throw new Error(`the admin's backup code was refused: ${second.status}`);
      adminState.cookie = cookiesFrom(second);
    }
  }

  return {
    member: {
      ...member,
      get cookie() {
        return memberState.cookie;
      },
    },
    admin: {
      ...admin,
      get cookie() {
        return adminState.cookie;
      },
    },
    other,
    ownListing,
    spareListing,
    disposable,
    imageKeys,
    otherListing,
    otherSpare,
    thread,
    threadLine,
    swaps: { received, sent, accepted: accepted.swapId, completed, arranging, staff: staffSwap.swapId },
    circles,
    meetingId: meeting.id,
    checkoutSession,
    victims: victims.map((v) => v.id),
    staffSwapParties: [staffSwap.proposerId, staffSwap.receiverId],
    paymentId: payment.id,
    reportId: report.id,
    messageReportId: messageReport.id,
    signalId: signal.id,
    memberId: member.userId,
    otherId: other.id,
    reviews: { ofMember: reviewOfMember, ofOther: reviewOfOther },
    reviewReportId: reviewReport.id,
    randomUuid: () => crypto.randomUUID(),
    heal,
    /**
     * Clears the attempt counters (rate_limits) between endpoints, so each endpoint's cases reach its checks
     * rather than the previous endpoint's rate limit. The limits themselves are still met within an endpoint.
     */
    resetAttemptCounters: async () => {
      await db.delete(rateLimits);
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
