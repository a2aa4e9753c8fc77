// THE route-by-role table: every page, form action (with each of its intents), API endpoint, upload, webhook and
// auth path the site answers, once, with what each kind of person gets. tests/security/route-matrix.test.ts walks
// every row as every actor over HTTP (the real Hono app and React Router handler) and fails on any mismatch, on any
// route the router or the Hono app has that is missing here, and on any row here that names no real route.
//
// Outcomes, as the person would notice them:
//   ok          2xx: the page, the JSON, the download
//   redirect    3xx elsewhere, without an error message (a form done, a page that lives somewhere else)
//   to-sign-in  sent to /auth (a page), or 401 "Authentication required" (the API, a script's JSON)
//   to-enrol    sent to /admin/two-factor to set up an authenticator first
//   to-reauth   sent to /auth/reauthenticate to confirm it's them first
//   refused     the back office's refusal: sent home with "You don't have permission to access this area"
//   staff-refused  a staff member whose role may not: stays in the back office and reads "Only admins can ..." (a
//               403 page, or back to a back-office page with it; decision 070)
//   declined    the route ran and said no: 401/403, or back with an error message
//   not-found   404
//   invalid     another 4xx: the request reached the route, which refused what was sent (a wrong password, ...)
// A 5xx is never expected and always fails the walk.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { signAppealToken } from "#core/appeals/appeal-token.ts";
import { acceptCircle } from "#core/circles/accept-circle.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import { signUnsubscribeToken } from "#core/notifications/unsubscribe-token.ts";
import { systemClock } from "#core/shared/clock.ts";
import { toSydneyLocal } from "#core/shared/time.ts";
import { circleKey } from "#core/swaps/find-swap-circles.ts";
import { reportSwapProblem } from "#core/swaps/report-swap-problem.ts";
import { appeals } from "#db/schema/appeals.ts";
import { conversationMessages, memberBlocks } from "#db/schema/conversations.ts";
import { FEATURE_FLAG_KEYS, featureFlags } from "#db/schema/flags.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { notifications, pushSubscriptions } from "#db/schema/notifications.ts";
import { profiles } from "#db/schema/profiles.ts";
import { savedSearches } from "#db/schema/saved-searches.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { reviews, swapMeetings, swapProblems } from "#db/schema/swaps.ts";
import { scamSignals } from "#db/schema/trust-signals.ts";
import { SWAGGER_UI_VERSION } from "#server/api-docs.ts";
import { freshEmail, GOOD_LISTING, MEMBER_PASSWORD } from "../support/api-factories";
import { createConversation, createMessage, createSwap } from "../support/factories";
import { browserSubscription } from "../support/push-fixtures";
import type { Actor, ActorName, Answer, Body, World } from "./world";

/** A circle of two between the member and Olive, each giving a new listing of theirs; accepted by both or not. */
async function circleOf(w: World, { accepted }: { accepted: boolean }): Promise<string> {
  const members = [w.actors.member.userId!, w.owner.userId!];
  const owned = [await w.insertListing(members[0]), await w.insertListing(members[1])];
  const legs = members.map((giverId, i) => ({ giverId, listingId: owned[i], receiverId: members[1 - i] }));
  const circleId = await w.db.transaction((tx) =>
    offerCircle(tx, { legs, key: circleKey(legs), fairness: 1 }, { now: new Date() }),
  );
  if (!circleId) throw new Error("the matrix's circle was not offered");
  if (accepted)
    for (const userId of members) await acceptCircle({ db: w.db, clock: systemClock }, { circleId, userId });
  return circleId;
}

export type Outcome =
  | "ok"
  | "redirect"
  | "to-sign-in"
  | "to-enrol"
  | "to-reauth"
  | "refused"
  | "staff-refused"
  | "declined"
  | "not-found"
  | "invalid";

/** What each actor gets; an actor left out is not walked (the other member only where the row names someone's object). */
export type Expect = Partial<Record<ActorName, Outcome>>;

/** What a request's ids and form values name, made for the actor about to send it. */
export type Target = Record<string, string>;

export type Entry = {
  area: string;
  /** A React Router route id ("routes/admin/users.$id") or a Hono route as app.routes lists it ("GET /api/v1/me"). */
  route: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The action's intent, as "field=value" (most forms send `intent`; the back office's listings `moderation`). */
  intent?: string;
  /** The URL, with :names filled from the target. */
  path: string;
  target?: keyof typeof TARGETS;
  body?: (t: Target, w: World) => Body;
  expect: Expect;
  note?: string;
  /** Walked after every other row: it ends the actor's session. */
  last?: boolean;
  /** Better Auth logs this refusal as an error line (console.error): expected here, so not noise. */
  quiet?: boolean;
};

// ---------------------------------------------------------------------------------------------------------------
// Who gets what: the access rules of docs/spec/DECISIONS.md, spelled out per actor (not derived from the permission
// table, which is what is being checked).

const EVERYONE = (o: Outcome): Expect => ({
  visitor: o,
  member: o,
  suspended: o,
  moderatorNoTotp: o,
  moderator: o,
  adminNoTotp: o,
  admin: o,
});

/** Signed-in members (staff are members too); a suspended member counts as signed out. */
const MEMBERS = (o: Outcome, signedOut: Outcome = "to-sign-in"): Expect => ({
  visitor: signedOut,
  member: o,
  suspended: signedOut,
  moderatorNoTotp: o,
  moderator: o,
  adminNoTotp: o,
  admin: o,
});

/** Signed out only (the sign-in pages): whoever is signed in is sent on. */
const SIGNED_OUT = (o: Outcome, signedIn: Outcome): Expect => ({ ...MEMBERS(signedIn, o) });

/** The member's own object: only they may; anyone else, staff included, is answered as if it did not exist. */
const OWNER = (o: Outcome, others: Outcome = "not-found"): Expect => ({
  visitor: "to-sign-in",
  member: o,
  otherMember: others,
  suspended: "to-sign-in",
  moderatorNoTotp: others,
  moderator: others,
  adminNoTotp: others,
  admin: others,
});

/** Back office, moderators and admins (with TOTP). */
const STAFF = (o: Outcome): Expect => ({
  visitor: "to-sign-in",
  member: "refused",
  suspended: "to-sign-in",
  moderatorNoTotp: "to-enrol",
  moderator: o,
  adminNoTotp: "to-enrol",
  admin: o,
});

/** Back office, admins only (with TOTP): a moderator is refused whether or not they have TOTP, told why in the back office. */
const ADMINS = (o: Outcome): Expect => ({
  visitor: "to-sign-in",
  member: "refused",
  suspended: "to-sign-in",
  moderatorNoTotp: "staff-refused",
  moderator: "staff-refused",
  adminNoTotp: "to-enrol",
  admin: o,
});

/**
 * An admins-only page in the back-office frame: the frame's own check runs first, so a moderator without TOTP is
 * led to enrol before being told the page is not for them (they get nowhere either way). A moderator with TOTP gets
 * a 403 inside the back office saying 'Only admins can ...' (decision 070): "declined" here, where pages are not drawn.
 */
const ADMIN_PAGES = (o: Outcome): Expect => ({ ...ADMINS(o), moderatorNoTotp: "to-enrol", moderator: "declined" });

// ---------------------------------------------------------------------------------------------------------------
// What the ids name. Objects a request may change are made fresh for each request, so one actor's request never
// decides another's answer. "member" is the owner in every OWNER row; Olive (not an actor) owns the listings
// everyone may look at, offer on or report.

const me = (w: World, a: Actor) => a.userId ?? w.actors.member.userId!;

export const TARGETS = {
  publicListing: async (w: World) => ({ listingId: w.publicListingId }),
  publicPicture: async (w: World) => {
    const [row] = await w.db
      .select({ images: listings.images })
      .from(listings)
      .where(eq(listings.id, w.publicListingId));
    const image = (row.images as { key: string; widths: number[] }[])[0];
    return { file: `${image.key}-${image.widths[0]}.webp` };
  },
  /** A fresh listing of the member's. */
  memberListing: async (w: World) => ({ listingId: await w.insertListing(w.actors.member.userId!) }),
  /** A fresh listing of Olive's to offer on or report, and one of the actor's own to offer. */
  offer: async (w: World, a: Actor) => ({
    listingId: await w.insertListing(w.owner.userId!),
    offeredId: await w.insertListing(me(w, a)),
  }),
  /**
   * A bundle (decision 103): Olive's listing on the page and one more of hers asked for, three of the actor's own to
   * offer, and a listing of a third member's, which no bundle may slip in on either side.
   */
  bundleOffer: async (w: World, a: Actor) => ({
    listingId: await w.insertListing(w.owner.userId!),
    wantedId: await w.insertListing(w.owner.userId!),
    offeredId: await w.insertListing(me(w, a)),
    moreOfferedId: await w.insertListing(me(w, a)),
    lastOfferedId: await w.insertListing(me(w, a)),
    strangersId: await w.insertListing(await w.throwaway()),
  }),
  /** A pending proposal from Olive to the member (the member may accept or decline it). */
  receivedSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.owner.userId!, w.actors.member.userId!, "pending")).swapId,
  }),
  /** A pending proposal from Olive to the member, and another listing of Olive's the member may ask for in a
   *  counter-offer (decision 103). */
  receivedSwapWithMore: async (w: World) => {
    const swap = await w.insertSwap(w.owner.userId!, w.actors.member.userId!, "pending");
    return {
      swapId: swap.swapId,
      targetId: swap.targetListingId,
      offeredId: swap.offeredListingId,
      moreId: await w.insertListing(w.owner.userId!),
    };
  },
  /** A pending proposal from the member to Olive (the member may withdraw it). */
  sentSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "pending")).swapId,
  }),
  /** An accepted swap of the member's, fee unpaid. */
  acceptedSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "accepted")).swapId,
  }),
  /** A swap circle of two offered to the member and Olive (decision 104): the member gives one listing, gets hers. */
  offeredCircle: async (w: World) => ({ circleId: await circleOf(w, { accepted: false }) }),
  /** The same, accepted by both: waiting for their fees (decision 105). */
  acceptedCircle: async (w: World) => ({ circleId: await circleOf(w, { accepted: true }) }),
  /** The same, both fees held: the handshake, being arranged (decision 110: each may confirm "We've swapped"). */
  arrangingCircle: async (w: World) => {
    const circleId = await circleOf(w, { accepted: true });
    const now = new Date();
    await w.db.update(swapCircleLegs).set({ paidAt: now }).where(eq(swapCircleLegs.circleId, circleId));
    await w.db.update(swapCircles).set({ status: "arranging", handshakeAt: now }).where(eq(swapCircles.id, circleId));
    return { circleId };
  },
  /** An arranging circle with a problem Olive reported (decision 112): staff may resolve it. */
  problemCircle: async (w: World) => {
    const circleId = await circleOf(w, { accepted: true });
    const now = new Date();
    await w.db.update(swapCircleLegs).set({ paidAt: now }).where(eq(swapCircleLegs.circleId, circleId));
    await w.db.update(swapCircles).set({ status: "arranging", handshakeAt: now }).where(eq(swapCircles.id, circleId));
    const [problem] = await w.db
      .insert(swapProblems)
      .values({ circleId, reportedBy: w.owner.userId!, kind: "not_as_described", details: "Scratched all over" })
      .returning();
    return { circleId, problemId: problem.id };
  },
  /** The same, completed: each member may review the one they got from (decision 111). */
  completedCircle: async (w: World) => {
    const circleId = await circleOf(w, { accepted: true });
    const now = new Date();
    await w.db.update(swapCircleLegs).set({ paidAt: now, swappedAt: now }).where(eq(swapCircleLegs.circleId, circleId));
    await w.db
      .update(swapCircles)
      .set({ status: "completed", handshakeAt: now, completedAt: now, completedHow: "confirmed" })
      .where(eq(swapCircles.id, circleId));
    return { circleId };
  },
  /** A completed swap of the member's, not yet reviewed. */
  completedSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "completed")).swapId,
  }),
  /** A paid swap of the member's being arranged (decision 096). */
  arrangingSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "arranging")).swapId,
  }),
  /** An arranging swap of the member's with a time and place Olive proposed (the member may agree to it). */
  proposedMeeting: async (w: World) => {
    const { swapId } = await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "arranging");
    const [row] = await w.db
      .insert(swapMeetings)
      .values({
        swapProposalId: swapId,
        proposedBy: w.owner.userId!,
        meetAt: new Date(Date.now() + 86_400_000),
        place: "Central station",
      })
      .returning();
    return { swapId, meetingId: row.id };
  },
  /** An arranging swap of the member's with an agreed time and place (its .ics). */
  agreedMeeting: async (w: World) => {
    const { swapId } = await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "arranging");
    await w.db.insert(swapMeetings).values({
      swapProposalId: swapId,
      proposedBy: w.owner.userId!,
      meetAt: new Date(Date.now() + 86_400_000),
      place: "Central station",
      status: "agreed",
    });
    return { swapId };
  },
  /** The member's open checkout. */
  checkout: async (w: World) => w.openCheckout(w.actors.member.userId!, w.owner.userId!),
  /** The actor's own second device, passkey and Google identity. */
  ownSession: async (w: World, a: Actor) => ({ sessionId: await w.insertSession(me(w, a)) }),
  ownPasskey: async (w: World, a: Actor) => ({ passkeyId: await w.insertPasskey(me(w, a)) }),
  ownIdentity: async (w: World, a: Actor) => ({ identityId: await w.insertIdentity(me(w, a)) }),
  /** A new account's e-mail address, to sign in with MEMBER_PASSWORD. */
  account: async (w: World) => ({ email: (await w.freshAccount()).email }),
  member: async (w: World) => ({ userId: w.actors.member.userId! }),
  /** A member for an admin action to act on (made fresh, so each request acts on its own). */
  throwaway: async (w: World) => ({ userId: await w.throwaway() }),
  suspendedThrowaway: async (w: World) => {
    const userId = await w.throwaway();
    await w.suspend(userId);
    return { userId };
  },
  moderatorThrowaway: async (w: World) => {
    const userId = await w.throwaway();
    await w.makeModerator(userId);
    return { userId };
  },
  listingForStaff: async (w: World) => ({ listingId: await w.insertListing(w.owner.userId!) }),
  /** A listing held for review (reported), for staff to approve. */
  heldListing: async (w: World) => {
    const listingId = await w.insertListing(w.owner.userId!);
    await w.db.update(listings).set({ moderationStatus: "pending", isFlagged: true }).where(eq(listings.id, listingId));
    return { listingId };
  },
  swapForStaff: async (w: World) => {
    const a = await w.throwaway();
    const b = await w.throwaway();
    return { swapId: (await w.insertSwap(a, b, "accepted")).swapId, userId: a };
  },
  disputedSwap: async (w: World) => {
    const a = await w.throwaway();
    const b = await w.throwaway();
    return {
      swapId: (await w.insertSwap(a, b, "accepted", { isDisputed: true, disputeNotes: "Item not as described" }))
        .swapId,
    };
  },
  payment: async (w: World) => {
    const a = await w.throwaway();
    const b = await w.throwaway();
    return w.completedPayment(a, b);
  },
  report: async (w: World) => {
    const listingId = await w.insertListing(w.owner.userId!);
    return { reportId: await w.insertReport(listingId, await w.throwaway()) };
  },
  /** A fresh unread notice of the member's (issue 26, notification centre). */
  memberNotification: async (w: World) => {
    const [row] = await w.db
      .insert(notifications)
      .values({
        userId: w.actors.member.userId!,
        kind: "listing.approved",
        payload: { listingId: w.publicListingId, title: "Drill" },
      })
      .returning();
    return { notificationId: row.id };
  },
  /** Conversations (issue 26): a thread the member opened about a throwaway's listing, with the owner's answer. */
  memberThread: async (w: World) => {
    const ownerId = await w.throwaway();
    const { conversationId } = await createConversation(w.db, { ownerId, askerId: w.actors.member.userId! });
    const { messageId } = await createMessage(w.db, {
      conversationId,
      senderId: ownerId,
      body: "Yes, still available.",
    });
    return { threadId: conversationId, messageId };
  },
  /** A pending report of a line in a thread between two throwaways (decision 086), for staff to open and settle. */
  /** A member's public page (decision 094), and a suspended member's (a 404 for everyone). */
  memberPage: async (w: World) => ({ memberId: w.owner.userId! }),
  suspendedMemberPage: async (w: World) => ({ memberId: w.actors.suspended.userId! }),
  /** A shown review of the member (made fresh: a reply is once per review), for the member's one reply. */
  reviewOfMember: async (w: World) => ({
    memberId: w.actors.member.userId!,
    reviewId: await insertShownReview(w, await w.throwaway(), w.actors.member.userId!),
  }),
  /** A shown review of Olive by someone else: any signed-in member may report it, once. */
  shownReview: async (w: World) => ({
    memberId: w.owner.userId!,
    reviewId: await insertShownReview(w, await w.throwaway(), w.owner.userId!),
  }),
  /** A report of a review (decision 094), for its own back-office page. */
  reviewReport: async (w: World) => {
    const reviewId = await insertShownReview(w, await w.throwaway(), await w.throwaway());
    const [row] = await w.db
      .insert(moderationReports)
      .values({
        subject: "review",
        reviewId,
        reportedBy: await w.throwaway(),
        reason: "inappropriate",
        notes: "matrix",
      })
      .returning();
    return { reportId: row.id };
  },
  messageReport: async (w: World) => {
    const ownerId = await w.throwaway();
    const askerId = await w.throwaway();
    const { conversationId } = await createConversation(w.db, { ownerId, askerId });
    const { messageId } = await createMessage(w.db, { conversationId, senderId: ownerId, body: "Pay me off-site." });
    const [row] = await w.db
      .insert(moderationReports)
      .values({ subject: "message", messageId, conversationId, reportedBy: askerId, reason: "fraud", notes: "matrix" })
      .returning();
    return { reportId: row.id };
  },
  /** An open scam signal about a throwaway (decision 098), for staff to dismiss or mark actioned. */
  signal: async (w: World) => {
    const [row] = await w.db
      .insert(scamSignals)
      .values({
        kind: "same_photo",
        userId: await w.throwaway(),
        score: 75,
        explanation: 'Same photo as listing "Drill" by another account.',
        dedupeKey: `matrix:${crypto.randomUUID()}`,
      })
      .returning();
    return { signalId: row.id };
  },
  /** A picture Olive sent the member in a thread of theirs (decision 087): served to those two only. */
  memberThreadPicture: async (w: World) => {
    const listingId = await w.insertListing(w.owner.userId!);
    const { conversationId } = await createConversation(w.db, {
      ownerId: w.owner.userId!,
      askerId: w.actors.member.userId!,
      listingId,
    });
    const answer = await w.send(
      w.owner,
      "POST",
      `/api/v1/conversations/${conversationId}/messages`,
      messageWithPicture(w),
    );
    if (answer.status !== 201) throw new Error(`picture not sent: ${answer.status} ${JSON.stringify(answer.json)}`);
    const [row] = await w.db
      .select({ pictures: conversationMessages.pictures })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, conversationId));
    return { file: `${row.pictures[0].key}-${row.pictures[0].widths[0]}.webp` };
  },
  /** A fresh saved search of the member's (issue 27): another member may not touch it. */
  memberSavedSearch: async (w: World) => {
    const [row] = await w.db
      .insert(savedSearches)
      .values({ userId: w.actors.member.userId!, name: "Drills", q: "drill", terms: ["drill"] })
      .returning();
    return { id: row.id };
  },
  // Issue 28 (decision 097): problems on paid swaps, and appeals.
  /** A swap between two throwaways with its thread and a problem one of them reported, for staff to read and resolve. */
  problemSwap: async (w: World) => {
    const a = await w.throwaway();
    const b = await w.throwaway();
    const { swapId, targetListingId } = await w.insertSwap(a, b, "completed");
    await createConversation(w.db, { ownerId: b, askerId: a, listingId: targetListingId, swapId });
    const [problem] = await w.db
      .insert(swapProblems)
      .values({ swapProposalId: swapId, reportedBy: a, kind: "no_show", details: "Nobody came" })
      .returning();
    return { swapId, problemId: problem.id };
  },
  /** A listing of the member's that staff took down (rows as moderation leaves them), to appeal. */
  removedListing: async (w: World) => {
    const listingId = await w.insertListing(w.actors.member.userId!);
    await w.db
      .update(listings)
      .set({ status: "cancelled", moderationStatus: "takedown", takedownReason: "matrix", takedownAt: new Date() })
      .where(eq(listings.id, listingId));
    return { listingId };
  },
  /** A suspended throwaway's appeal token, as their sign-in refusal carries it (a bearer secret, like a link). */
  appealToken: async (w: World) => {
    const userId = await w.throwaway();
    await w.suspend(userId);
    const [profile] = await w.db
      .select({ suspendedAt: profiles.suspendedAt })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    return { token: signAppealToken({ userId, suspendedAt: profile.suspendedAt! }, new Date()) };
  },
  /** A pending appeal of a throwaway's listing decision that no staff member took (anyone on staff may decide). */
  listingAppeal: async (w: World) => {
    const userId = await w.throwaway();
    const listingId = await w.insertListing(userId);
    const [row] = await w.db
      .insert(appeals)
      .values({ userId, subject: "listing", listingId, decisionAt: new Date(), statement: "Please look again" })
      .returning();
    return { appealId: row.id };
  },
  /** A picture the member sent with a problem on a swap with Olive (decision 097): the two of them and staff only. */
  problemPicture: async (w: World) => {
    const { swapId } = await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "completed");
    const { id } = await reportSwapProblem(
      { db: w.db, clock: systemClock, storage: w.site.storage },
      { swapId, userId: w.actors.member.userId!, kind: "other", details: "Matrix", files: [w.jpeg] },
    );
    const [row] = await w.db
      .select({ keys: swapProblems.pictureKeys })
      .from(swapProblems)
      .where(eq(swapProblems.id, id));
    return { file: row.keys[0] };
  },
  /** A throwaway the actor has blocked (to unblock). */
  /** The member's one-click unsubscribe link (signed; whoever holds it may use it, as a mail client does). */
  unsubscribeLink: async (w: World) => ({ token: signUnsubscribeToken(w.actors.member.userId!, "review.received") }),
  /** A browser the actor (the member, for a visitor) has notified (Web Push). */
  ownPushSubscription: async (w: World, a: Actor) => {
    const { endpoint, p256dh, auth } = browserSubscription();
    await w.db.insert(pushSubscriptions).values({ userId: me(w, a), endpoint, p256dh, auth });
    return { endpoint };
  },
  ownBlock: async (w: World, a: Actor) => {
    const blockedId = await w.throwaway();
    await w.db.insert(memberBlocks).values({ blockerId: me(w, a), blockedId });
    return { memberId: blockedId };
  },
  flags: async (w: World) => {
    const rows = await w.db.select().from(featureFlags);
    return Object.fromEntries(FEATURE_FLAG_KEYS.map((k) => [k, rows.find((r) => r.key === k)?.enabled ? "on" : ""]));
  },
} satisfies Record<string, (w: World, a: Actor) => Promise<Target>>;

type Fields = Record<string, string | string[]>;

const form = (fields: Fields): Body => ({ form: fields });

/** A bundle's fields (decision 103), as the propose dialog sends them: the actor's three for Olive's two. */
const bundleFields = (t: Target) => ({
  offeredListingId: t.offeredId,
  moreOffered: [t.moreOfferedId, t.lastOfferedId],
  moreWanted: t.wantedId,
  message: "All three for the two?",
});

/** The listing form (create, edit, API) with one picture, as a browser sends it. */
function listingForm(w: World): Body {
  const multipart = new FormData();
  for (const [k, v] of Object.entries(GOOD_LISTING)) multipart.append(k, v);
  multipart.append("images", new File([new Uint8Array(w.jpeg)], "photo.jpg", { type: "image/jpeg" }));
  return { multipart };
}

/** A message with a picture, as the thread page and an API client send it (decision 087). */
function messageWithPicture(w: World, fields: Fields = {}): Body {
  const multipart = new FormData();
  for (const [k, v] of Object.entries({ body: "The blade, close up", ...fields }))
    for (const one of Array.isArray(v) ? v : [v]) multipart.append(k, one);
  multipart.append("pictures", new File([new Uint8Array(w.jpeg)], "blade.jpg", { type: "image/jpeg" }));
  return { multipart };
}

/** A completed swap between two members and a shown review by the first of the second (decision 094). */
async function insertShownReview(w: World, reviewerId: string, revieweeId: string) {
  const { swapId } = await createSwap(w.db, { status: "completed", proposerId: reviewerId, receiverId: revieweeId });
  const [row] = await w.db
    .insert(reviews)
    .values({ swapProposalId: swapId, reviewerId, revieweeId, rating: 4, comment: "Fine", revealedAt: new Date() })
    .returning();
  return row.id;
}

// ---------------------------------------------------------------------------------------------------------------
// How the table is written: a route once, with its URL, then each request walked against it. The area, route and
// path every row of a route shares are filled in by `area`, so a row says only what is its own.

/** One request to a route: its method, what it sends and who gets what (its own path where it differs). */
type RouteRequest = Omit<Entry, "area" | "route" | "path"> & { path?: string };
/** What a request may add to its method and outcomes: a body, a target, an intent, a path of its own, a note. */
type Details = Omit<RouteRequest, "method" | "expect">;

const ask =
  (method: Entry["method"]) =>
  (expect: Expect, more: Details = {}): RouteRequest => ({ method, expect, ...more });
const get = ask("GET");
const post = ask("POST");
const put = ask("PUT");
const del = ask("DELETE");

/**
 * A form posted with one field saying what to do ("intent=suspend", "moderation=approve"): the row's intent and the
 * field the form sends are the same words, so they are written once.
 */
function act(
  choice: string,
  fields: Fields | ((t: Target) => Fields),
  expect: Expect,
  more: Details = {},
): RouteRequest {
  const [field, value] = choice.split("=");
  const rest = (t: Target) => (typeof fields === "function" ? fields(t) : fields);
  return { method: "POST", intent: choice, expect, ...more, body: (t) => form({ [field]: value, ...rest(t) }) };
}

/** The rows of one area of the site: a route, its URL and the requests walked against it. */
const area =
  (name: string) =>
  (route: string, path: string, ...requests: RouteRequest[]): Entry[] =>
    requests.map(({ path: own, ...request }) => ({ area: name, route, path: own ?? path, ...request }));

const publicPage = area("public");
const auth = area("auth");
const listing = area("listings");
const swaps = area("swaps");
const account = area("account");
const backOffice = area("back office");
const api = area("api");
const files = area("files");
const webhooks = area("webhooks");
const authApi = area("auth api");
const ops = area("ops");

const WRONG_PASSWORD = { method: "password", secret: "Wrongpass1" };

// ---------------------------------------------------------------------------------------------------------------
// The table.

/** Routes that only frame others: no URL of their own, walked through every row of their children. */
export const LAYOUTS = ["root", "routes/site-layout", "routes/account/layout", "routes/admin/layout"];

export const ROUTE_ACCESS: Entry[] = [
  // ----- Public pages -----
  ...publicPage("routes/home", "/", get(EVERYONE("ok"))),
  ...publicPage("routes/search", "/search?q=drill", get(EVERYONE("ok"))),
  ...publicPage("routes/terms", "/terms", get(EVERYONE("ok"))),
  ...publicPage("routes/privacy", "/privacy", get(EVERYONE("ok"))),
  ...publicPage("routes/cookies", "/cookies", get(EVERYONE("ok"))),
  ...publicPage("routes/investors", "/investors", get(EVERYONE("ok"))),
  ...publicPage("routes/not-found", "/no-such-page", get(EVERYONE("not-found"))),
  ...publicPage(
    "routes/location",
    "/location",
    get(EVERYONE("redirect")),
    post(EVERYONE("redirect"), {
      body: () => form({ location: "Bondi NSW 2026", redirectTo: "/search" }),
      note: "a visitor's choice goes in a cookie, a member's on their profile",
    }),
  ),
  ...publicPage(
    "routes/seed",
    "/seed",
    get(EVERYONE("ok"), { note: "says seeding is off" }),
    post(EVERYONE("declined"), { body: () => form({}), note: "off in production, for admins too" }),
  ),
  ...publicPage("routes/dev.outbox", "/dev/outbox", get(EVERYONE("not-found"), { note: "demo mode only" })),

  // ----- Sign-in, sign-up and account recovery -----
  ...auth(
    "routes/auth",
    "/auth",
    get(SIGNED_OUT("ok", "redirect")),
    act(
      "mode=signup",
      () => ({ email: freshEmail("matrix"), password: MEMBER_PASSWORD, fullName: "Nina New" }),
      EVERYONE("redirect"),
    ),
    act("mode=signin", (t) => ({ email: t.email, password: MEMBER_PASSWORD }), EVERYONE("redirect"), {
      target: "account",
    }),
  ),
  ...auth(
    "routes/auth.two-factor",
    "/auth/two-factor",
    get(SIGNED_OUT("to-sign-in", "redirect"), { note: "only after a password, with its pending cookie" }),
    post(SIGNED_OUT("to-sign-in", "redirect"), {
      body: () => form({ code: "000000" }),
      note: "no pending sign-in: refused, then the page sends everyone on (it was a 500 for a signed-in member)",
    }),
  ),
  ...auth(
    "routes/auth.identity",
    "/auth/identity",
    get(EVERYONE("ok")),
    post(EVERYONE("redirect"), { body: () => form({ provider: "google" }), note: "off to Google" }),
  ),
  ...auth("routes/auth.identity.complete", "/auth/identity/complete", get(MEMBERS("redirect"))),
  ...auth(
    "routes/auth.forgot-password",
    "/auth/forgot-password",
    get(EVERYONE("ok")),
    post(EVERYONE("ok"), { body: () => form({ email: freshEmail("matrix") }) }),
  ),
  ...auth(
    "routes/auth.reset-password",
    "/auth/reset-password",
    get(EVERYONE("ok"), { path: "/auth/reset-password?token=nope" }),
    post(EVERYONE("invalid"), {
      body: () => form({ token: "not-a-token", password: "Newpass123", confirm: "Newpass123" }),
    }),
  ),
  ...auth(
    "routes/auth.verify-email",
    "/auth/verify-email?token=nope",
    get(EVERYONE("ok"), { note: "says the link is not valid" }),
  ),
  // A form posted without JavaScript runs the action, then the page's loader: signed in, that sends them on.
  ...auth(
    "routes/auth.code",
    "/auth/code",
    get(SIGNED_OUT("ok", "redirect")),
    act("intent=request", () => ({ email: freshEmail("matrix") }), SIGNED_OUT("ok", "redirect")),
    post(SIGNED_OUT("invalid", "redirect"), {
      intent: "(code)",
      body: () => form({ email: freshEmail("matrix"), code: "00000000" }),
    }),
  ),
  ...auth(
    "routes/auth.keep-account",
    "/auth/keep-account",
    get(EVERYONE("to-sign-in")),
    post(EVERYONE("declined"), { body: () => form({ proof: "nope" }) }),
  ),
  ...auth(
    "routes/auth.reauthenticate",
    "/auth/reauthenticate",
    get(MEMBERS("ok")),
    post(MEMBERS("invalid"), { body: () => form(WRONG_PASSWORD), note: "a wrong password" }),
  ),
  ...auth(
    "routes/auth.reauthenticate.passkey-options",
    "/auth/reauthenticate/passkey-options",
    get(EVERYONE("to-reauth")),
    post(MEMBERS("invalid"), { note: "no passkey to ask for" }),
  ),
  ...auth("routes/auth.passkey.options", "/auth/passkey/options", get(EVERYONE("to-sign-in")), post(EVERYONE("ok"))),
  ...auth(
    "routes/auth.passkey",
    "/auth/passkey",
    get(EVERYONE("to-sign-in")),
    post(EVERYONE("invalid"), { body: () => form({ response: "{}" }) }),
  ),
  ...auth(
    "routes/auth.sign-out",
    "/auth/sign-out",
    get(EVERYONE("redirect")),
    act(
      "scope=others",
      {},
      { ...MEMBERS("redirect"), suspended: "redirect" },
      {
        note: "signed out elsewhere, still here. Sign-out only takes access away, so a suspended member's own other sessions end too",
      },
    ),
  ),

  // ----- Listings (member side) -----
  ...listing(
    "routes/listings.$id",
    "/listings/:listingId",
    get(EVERYONE("ok"), { target: "publicListing" }),
    act("intent=delete", { confirmed: "yes" }, OWNER("redirect"), { target: "memberListing" }),
  ),
  ...listing(
    "routes/listings.$id.edit",
    "/listings/:listingId/edit",
    get(OWNER("ok"), { target: "memberListing" }),
    post(OWNER("redirect"), { target: "memberListing", body: (_t, w) => listingForm(w) }),
  ),
  ...listing(
    "routes/listings.$id.propose",
    "/listings/:listingId/propose",
    get(MEMBERS("ok"), { target: "offer" }),
    post(MEMBERS("redirect"), {
      target: "offer",
      body: (t) => form({ offeredListingId: t.offeredId, message: "Keen to swap?" }),
    }),
    post(MEMBERS("redirect"), {
      target: "bundleOffer",
      body: (t) => form(bundleFields(t)),
      note: "a bundle (decision 103): three of the actor's listings for two of Olive's",
    }),
    post(MEMBERS("invalid"), {
      target: "bundleOffer",
      body: (t) => form({ ...bundleFields(t), moreOffered: [t.moreOfferedId, t.strangersId] }),
      note: "a third member's listing offered in the bundle as one's own: 'The listing you offered is not available'",
    }),
    post(MEMBERS("invalid"), {
      target: "bundleOffer",
      body: (t) => form({ ...bundleFields(t), moreWanted: t.strangersId }),
      note: "a third member's listing asked for beside Olive's: 'One of the other listings you asked for is not available'",
    }),
  ),
  ...listing(
    "routes/listings.$id.report",
    "/listings/:listingId/report",
    get(MEMBERS("ok"), { target: "publicListing" }),
    post(MEMBERS("redirect"), { target: "offer", body: () => form({ reason: "spam", notes: "Looks like spam" }) }),
  ),
  ...listing(
    "routes/listings.$id.favourite",
    "/listings/:listingId/favourite",
    get(EVERYONE("redirect"), { target: "publicListing" }),
    post(MEMBERS("redirect"), {
      target: "publicListing",
      body: () => form({ favourite: "true", redirectTo: "/favourites" }),
    }),
  ),
  // ----- Member pages (decision 094) -----
  ...area("members")(
    "routes/members.$id",
    "/members/:memberId",
    get(EVERYONE("ok"), { target: "memberPage" }),
    get(EVERYONE("not-found"), { target: "suspendedMemberPage", note: "a suspended member's page is a 404" }),
    get(EVERYONE("not-found"), { path: "/members/no-such-member", note: "an unknown member" }),
    act(
      "intent=reply",
      (t) => ({ reviewId: t.reviewId, reply: "Thanks for the swap" }),
      OWNER("redirect", "declined"),
      {
        target: "reviewOfMember",
        note: "only the reviewed member replies; anyone else is told the review is not found",
      },
    ),
    act(
      "intent=report",
      (t) => ({ reviewId: t.reviewId, reason: "inappropriate", notes: "Not true" }),
      MEMBERS("redirect"),
      { target: "shownReview" },
    ),
  ),
  ...listing(
    "routes/create-listing",
    "/create-listing",
    get(MEMBERS("ok")),
    post(MEMBERS("redirect"), { body: (_t, w) => listingForm(w) }),
  ),
  ...listing(
    "routes/my-listings",
    "/my-listings",
    get(MEMBERS("ok")),
    post(OWNER("redirect"), {
      target: "memberListing",
      body: (t) => form({ listingId: t.listingId, confirmed: "yes" }),
    }),
  ),
  ...listing("routes/favourites", "/favourites", get(MEMBERS("ok"))),

  // ----- Notification centre (issue 26) -----
  ...area("notifications")(
    "routes/notifications",
    "/notifications",
    get(MEMBERS("ok")),
    act("intent=read", (t) => ({ id: t.notificationId }), OWNER("redirect", "declined"), {
      target: "memberNotification",
      note: "another's notice: back with 'Notification not found'",
    }),
    act("intent=read-all", {}, MEMBERS("redirect")),
  ),
  ...area("notifications")(
    "routes/notifications.$id",
    "/notifications/:notificationId",
    get(OWNER("redirect"), { target: "memberNotification", note: "marks it read, then to what it is about" }),
  ),
  ...area("notifications")(
    "routes/account/notifications",
    "/account/notifications",
    get(MEMBERS("ok")),
    post(MEMBERS("redirect"), {
      body: () => form({ "inApp:review.received": "on", "email:review.received": "off" }),
      note: "the member's own preferences only",
    }),
    post(MEMBERS("invalid"), {
      intent: "(unknown kind)",
      body: () => form({ "email:no.such.kind": "off" }),
      note: "refused with the reason, nothing changed",
    }),
  ),
  // One-click unsubscribe (decision 085): the signed link is the proof, for anyone holding it, signed in or not.
  ...area("notifications")(
    "routes/unsubscribe.$token",
    "/unsubscribe/:token",
    get(EVERYONE("ok"), { target: "unsubscribeLink", note: "a button that posts; reading changes nothing" }),
    get(EVERYONE("invalid"), { path: "/unsubscribe/forged.link", note: "a bad link: 400 with the message" }),
  ),
  ...area("notifications")(
    "POST /unsubscribe/:token",
    "/unsubscribe/:token",
    post(EVERYONE("ok"), {
      target: "unsubscribeLink",
      body: () => form({ "List-Unsubscribe": "One-Click" }),
      note: "as a mail client posts it (RFC 8058): that kind's e-mail off, nothing else",
    }),
    post(EVERYONE("invalid"), {
      path: "/unsubscribe/forged.link",
      body: () => form({ "List-Unsubscribe": "One-Click" }),
      note: "a forged link changes nothing",
    }),
  ),

  // ----- Swaps and payments (member side) -----
  ...swaps(
    "routes/my-swaps",
    "/my-swaps",
    get(MEMBERS("ok")),
    get(MEMBERS("ok"), {
      intent: "(confirm step)",
      path: "/my-swaps?confirm=accept&swap=:swapId",
      target: "receivedSwap",
      note: "another's swap shows no step",
    }),
    ...(
      [
        ["accept", "receivedSwap"],
        ["decline", "receivedSwap"],
        ["withdraw", "sentSwap"],
      ] as const
    ).map(([intent, target]) =>
      act(`intent=${intent}`, (t) => ({ swapId: t.swapId, confirm: "yes" }), OWNER("redirect", "declined"), { target }),
    ),
    act(
      "intent=review",
      (t) => ({ swapId: t.swapId, rating: "5", comment: "Smooth swap", tags: "on_time" }),
      OWNER("redirect", "declined"),
      { target: "completedSwap" },
    ),
  ),
  ...swaps(
    "routes/my-swaps.$id.pay",
    "/my-swaps/:swapId/pay",
    get(EVERYONE("redirect"), { target: "acceptedSwap" }),
    post(OWNER("redirect", "declined"), {
      target: "acceptedSwap",
      body: () => form({}),
      note: "the member is sent to the checkout",
    }),
  ),
  // Arranging a paid swap (decision 096): a stranger's step is refused like a missing swap (back with the message).
  ...swaps(
    "routes/my-swaps.$id.arrange",
    "/my-swaps/:swapId/arrange",
    get(EVERYONE("redirect"), { target: "arrangingSwap" }),
    act(
      "intent=propose",
      () => ({ meetAt: toSydneyLocal(new Date(Date.now() + 86_400_000)), place: "Central station" }),
      OWNER("redirect", "declined"),
      { target: "arrangingSwap" },
    ),
    act("intent=agree", (t) => ({ meetingId: t.meetingId }), OWNER("redirect", "declined"), {
      target: "proposedMeeting",
    }),
    act("intent=swapped", {}, OWNER("redirect", "declined"), { target: "arrangingSwap" }),
  ),
  ...swaps(
    "routes/my-swaps.$id.meeting-ics",
    "/my-swaps/:swapId/meeting.ics",
    get(OWNER("ok"), { target: "agreedMeeting", note: "the calendar file: the two members only" }),
  ),
  ...swaps(
    "routes/checkout.$sessionId",
    "/checkout/:sessionId",
    get(OWNER("ok"), { target: "checkout" }),
    post(OWNER("redirect"), {
      target: "checkout",
      body: () => form({ cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }),
    }),
  ),

  // ----- Conversations (issue 26): a thread is its two members' only; staff are answered as if it did not exist -----
  ...area("conversations")(
    "routes/listings.$id",
    "/listings/:listingId",
    act("intent=message", {}, MEMBERS("redirect"), { target: "offer", note: "opens the thread and goes there" }),
  ),
  ...area("conversations")("routes/messages", "/messages", get(MEMBERS("ok"))),
  ...area("conversations")(
    "routes/messages.$id",
    "/messages/:threadId",
    get(OWNER("ok"), { target: "memberThread" }),
    act("intent=send", { body: "Saturday morning suits me." }, OWNER("redirect"), { target: "memberThread" }),
    post(OWNER("redirect"), {
      intent: "(intent=send, with a picture)",
      target: "memberThread",
      body: (_t, w) => messageWithPicture(w, { intent: "send" }),
    }),
    act("intent=block", {}, OWNER("redirect"), { target: "memberThread" }),
  ),
  // Reporting the other member's line (decision 086): only a member of the thread; anyone else, staff included, 404.
  ...area("conversations")(
    "routes/messages.$id.report.$messageId",
    "/messages/:threadId/report/:messageId",
    get(OWNER("ok"), { target: "memberThread" }),
    post(OWNER("redirect"), { target: "memberThread", body: () => form({ reason: "spam", notes: "Matrix" }) }),
  ),
  // ----- Issue 29 (decision 103): a counter-offer, by the member the offer was made to -----
  ...swaps(
    "routes/my-swaps.$id.counter",
    "/my-swaps/:swapId/counter",
    get(OWNER("ok"), { target: "receivedSwapWithMore" }),
    post(OWNER("redirect"), {
      target: "receivedSwapWithMore",
      body: (t) => form({ give: t.targetId, get: [t.offeredId, t.moreId], message: "And the other one?" }),
    }),
  ),
  // ----- Issue 29 (decisions 104, 105): a swap circle, its members' only; anyone else, staff included, 404 -----
  ...swaps(
    "routes/my-swaps.circles.$id",
    "/my-swaps/circles/:circleId",
    get(OWNER("ok"), { target: "offeredCircle" }),
    act("intent=accept", {}, OWNER("redirect", "declined"), { target: "offeredCircle" }),
    act("intent=decline", {}, OWNER("redirect", "declined"), { target: "offeredCircle" }),
    act("intent=pay", {}, OWNER("redirect", "declined"), {
      target: "acceptedCircle",
      note: "the member is sent to the checkout",
    }),
    act("intent=swapped", {}, OWNER("redirect", "declined"), { target: "arrangingCircle" }),
    act("intent=review", { rating: "4", comment: "Smooth circle", tags: "on_time" }, OWNER("redirect", "declined"), {
      target: "completedCircle",
    }),
  ),
  // ----- Issue 28 (decision 097): "Report a problem" on a paid swap, and appeals -----
  // The swap's two members only; anyone else, staff included, is answered as if it did not exist.
  ...swaps(
    "routes/my-swaps.$id.problem",
    "/my-swaps/:swapId/problem",
    get(OWNER("ok"), { target: "completedSwap" }),
    post(OWNER("redirect"), {
      target: "completedSwap",
      body: () => form({ kind: "no_show", details: "Nobody came to the car park" }),
    }),
  ),
  // "Report a problem" on a paid swap circle (decision 112): its members only.
  ...swaps(
    "routes/my-swaps.circles.$id.problem",
    "/my-swaps/circles/:circleId/problem",
    get(OWNER("ok"), { target: "arrangingCircle" }),
    post(OWNER("redirect"), {
      target: "arrangingCircle",
      body: () => form({ kind: "no_show", details: "Nobody came to the car park" }),
    }),
  ),
  ...listing(
    "routes/listings.$id.appeal",
    "/listings/:listingId/appeal",
    get(OWNER("ok"), { target: "removedListing" }),
    post(OWNER("redirect"), { target: "removedListing", body: () => form({ statement: "It is my own photo" }) }),
  ),
  // A suspended member's appeal, without a session: the token from the sign-in refusal is the proof (whoever holds
  // it, like a link in a mail); a forged one opens nothing.
  ...auth(
    "routes/appeal",
    "/appeal",
    get(EVERYONE("ok"), { note: "says how to appeal: sign in" }),
    act("intent=open", (t) => ({ token: t.token }), EVERYONE("ok"), { target: "appealToken" }),
    act("intent=lodge", (t) => ({ token: t.token, statement: "Please look again" }), EVERYONE("ok"), {
      target: "appealToken",
    }),
    act("intent=lodge", { token: "forged.token", statement: "Let me in" }, EVERYONE("declined"), {
      note: "a forged token: 403 with the message",
    }),
  ),
  // ----- Saved searches, matches and category pages (issue 27) -----
  ...publicPage(
    "routes/categories.$slug",
    "/categories/tradie-tools",
    get(EVERYONE("ok")),
    get(EVERYONE("not-found"), { path: "/categories/no-such-thing" }),
  ),
  ...account("routes/matches", "/matches", get(MEMBERS("ok"))),
  ...account(
    "routes/account/saved-searches",
    "/account/saved-searches",
    get(MEMBERS("ok")),
    // A visitor is sent to sign in and back to the search; a member's save goes back to the results.
    act("intent=save", { q: "drill" }, MEMBERS("redirect")),
    act("intent=rename", (t) => ({ id: t.id, name: "Cordless drills" }), OWNER("redirect"), {
      target: "memberSavedSearch",
      note: "another's search answers as if it did not exist (404)",
    }),
    act("intent=frequency", (t) => ({ id: t.id, frequency: "daily" }), OWNER("redirect"), {
      target: "memberSavedSearch",
    }),
    act("intent=pause", (t) => ({ id: t.id }), OWNER("redirect"), { target: "memberSavedSearch" }),
    act("intent=resume", (t) => ({ id: t.id }), OWNER("redirect"), { target: "memberSavedSearch" }),
    act("intent=delete", (t) => ({ id: t.id }), OWNER("redirect"), { target: "memberSavedSearch" }),
    post(MEMBERS("invalid"), { intent: "(unknown intent)", body: () => form({ intent: "explode" }) }),
  ),
  ...area("conversations")(
    "routes/account/blocked",
    "/account/blocked",
    get(MEMBERS("ok")),
    post(MEMBERS("redirect"), { target: "ownBlock", body: (t) => form({ memberId: t.memberId }) }),
  ),

  // ----- The member's account -----
  ...account(
    "routes/account/profile",
    "/account?index",
    get(MEMBERS("ok"), { path: "/account" }),
    post(MEMBERS("redirect"), {
      intent: "(details)",
      body: () => form({ fullName: "Kylie Nguyen", phone: "0412 345 678", location: "Bondi NSW 2026" }),
    }),
    post(MEMBERS("redirect"), {
      intent: "intent=avatar",
      body: (_t, w) => {
        const multipart = new FormData();
        multipart.append("intent", "avatar");
        multipart.append("avatar", new File([new Uint8Array(w.jpeg)], "me.jpg", { type: "image/jpeg" }));
        return { multipart };
      },
    }),
    act("intent=remove-avatar", {}, MEMBERS("redirect")),
    act("intent=looking-for", { lookingFor: "kayak\nride-on mower" }, MEMBERS("redirect")),
    // Phone confirmation (decision 095): a code texted to a number of the actor's own (each actor its own number,
    // so the per-number limit never answers); a code with none waiting is refused with the message.
    act(
      "intent=phone-send",
      () => ({ phone: `04${String(crypto.randomInt(0, 1e8)).padStart(8, "0")}` }),
      MEMBERS("redirect"),
    ),
    act("intent=phone-confirm", { code: "123456" }, MEMBERS("invalid"), { note: "no code waiting: 409" }),
  ),
  ...account(
    "routes/account/email",
    "/account/email",
    get(MEMBERS("ok")),
    // Every actor's address is confirmed (decision 067): there is nothing to send again.
    act("intent=resend", {}, MEMBERS("invalid")),
    // No change of address is waiting for anyone here: nothing to resend (decision 068).
    act("intent=resend-change", {}, MEMBERS("invalid")),
    act("intent=cancel-change", {}, MEMBERS("invalid")),
    act("intent=change", () => ({ newEmail: freshEmail("matrix") }), MEMBERS("redirect")),
  ),
  ...account(
    "routes/account/security",
    "/account/security",
    get(MEMBERS("ok")),
    act(
      "intent=change-password",
      { currentPassword: "Wrongpass1", newPassword: "Newpass123", confirm: "Newpass123" },
      MEMBERS("invalid"),
      { note: "a wrong current password" },
    ),
    act("intent=2fa-start", { password: "Wrongpass1" }, MEMBERS("invalid"), { note: "a wrong password" }),
    act("intent=2fa-confirm", { code: "000000" }, MEMBERS("invalid"), {
      note: "nothing started to confirm (it was a 500)",
    }),
    act("intent=2fa-regenerate", { password: "Wrongpass1" }, MEMBERS("invalid")),
    act(
      "intent=2fa-off",
      { code: "000000" },
      { ...MEMBERS("declined"), member: "invalid" },
      { note: "staff must keep two-step sign-in (403); a member's wrong code" },
    ),
  ),
  ...account(
    "routes/account/sessions",
    "/account/sessions",
    get(MEMBERS("ok")),
    act("intent=revoke", (t) => ({ sessionId: t.sessionId }), MEMBERS("redirect"), { target: "ownSession" }),
    act("intent=others", {}, MEMBERS("redirect")),
    act("intent=everywhere", {}, MEMBERS("to-sign-in"), { last: true, note: "signs this device out too" }),
  ),
  ...account(
    "routes/account/passkeys",
    "/account/passkeys",
    get(MEMBERS("ok")),
    act("intent=add", { name: "Phone", response: "{}" }, MEMBERS("invalid")),
    act("intent=rename", (t) => ({ passkeyId: t.passkeyId, name: "Home laptop" }), MEMBERS("redirect"), {
      target: "ownPasskey",
    }),
    act("intent=remove", (t) => ({ passkeyId: t.passkeyId }), MEMBERS("redirect"), { target: "ownPasskey" }),
  ),
  ...account(
    "routes/account/passkeys.options",
    "/account/passkeys/options",
    get(EVERYONE("redirect")),
    post(MEMBERS("ok")),
  ),
  // Web Push (decision 085): the settings page's script subscribes and stops a browser; no page of its own.
  ...account(
    "routes/account/push-subscription",
    "/account/push-subscription",
    get(EVERYONE("not-found")),
    post(MEMBERS("ok"), { body: () => form(browserSubscription()) }),
    del(MEMBERS("ok"), { target: "ownPushSubscription", body: (t) => form({ endpoint: t.endpoint }) }),
  ),
  ...account(
    "routes/account/identities",
    "/account/identities",
    get(MEMBERS("ok")),
    act("intent=link", { provider: "google" }, MEMBERS("redirect"), { note: "off to Google" }),
    act("intent=unlink", (t) => ({ identityId: t.identityId }), MEMBERS("redirect"), { target: "ownIdentity" }),
  ),
  ...account(
    "routes/account/data",
    "/account/data",
    get(MEMBERS("ok")),
    post(MEMBERS("invalid"), {
      body: () => form(WRONG_PASSWORD),
      note: "a wrong password: nobody's account is deleted here",
    }),
  ),
  ...account(
    "routes/account/data.export",
    "/account/data/export",
    get(EVERYONE("redirect")),
    post(MEMBERS("ok"), { body: () => form({}) }),
  ),

  // ----- Back office -----
  ...backOffice(
    "routes/admin.two-factor",
    "/admin/two-factor",
    get({ ...STAFF("ok"), moderatorNoTotp: "ok", adminNoTotp: "ok" }, { note: "staff without TOTP come here" }),
    post(
      { ...STAFF("invalid"), moderatorNoTotp: "ok", adminNoTotp: "ok" },
      {
        intent: "(password)",
        body: () => form({ password: MEMBER_PASSWORD }),
        note: "starts the set-up; already on for staff with TOTP",
      },
    ),
    act(
      "intent=confirm",
      { code: "000000", totpUri: "" },
      { ...STAFF("invalid"), moderatorNoTotp: "invalid", adminNoTotp: "invalid" },
    ),
  ),
  ...backOffice("routes/admin/dashboard", "/admin", get(STAFF("ok"))),
  // An address the back office does not have: a 404 inside its frame for staff (decision 071).
  ...backOffice("routes/admin/not-found", "/admin/no-such-page", get(STAFF("not-found"))),
  ...backOffice("routes/admin/search", "/admin/search?q=kylie", get(STAFF("ok"))),
  ...backOffice(
    "routes/admin/sidebar",
    "/admin/sidebar",
    get(EVERYONE("redirect")),
    post(STAFF("redirect"), { body: () => form({ state: "collapsed", redirectTo: "/admin/users" }) }),
  ),
  ...backOffice("routes/admin/users", "/admin/users", get(STAFF("ok"))),
  ...backOffice(
    "routes/admin/users.$id",
    "/admin/users/:userId",
    get(STAFF("ok"), { target: "member" }),
    ...(
      [
        ["suspend", "throwaway", { reason: "Spam listings" }],
        ["reactivate", "suspendedThrowaway", {}],
        ["delete", "throwaway", { reason: "Asked to leave" }],
        ["reset-password", "throwaway", {}],
        ["grant-moderator", "throwaway", {}],
        ["revoke-moderator", "moderatorThrowaway", {}],
      ] as const
    ).map(([intent, target, fields]) => act(`intent=${intent}`, fields, ADMINS("redirect"), { target })),
    post(ADMINS("ok"), {
      intent: "intent=export",
      path: "/admin/users/:userId/export",
      target: "throwaway",
      body: () => form({}),
      note: "the page's Export button posts to routes/admin/users.$id.export",
    }),
  ),
  ...backOffice(
    "routes/admin/users.$id.export",
    "/admin/users/:userId/export",
    get(EVERYONE("redirect"), { target: "member" }),
    post(ADMINS("ok"), { intent: "export", target: "member", body: () => form({}) }),
  ),
  ...backOffice(
    "routes/admin/listings",
    "/admin/listings",
    get(STAFF("ok")),
    ...(
      [
        ["approve", {}, STAFF("redirect"), "heldListing"],
        ["reject", { reason: "spam" }, STAFF("redirect"), "listingForStaff"],
        ["takedown", { reason: "terms" }, STAFF("redirect"), "listingForStaff"],
        ["delete", { reason: "Fraud" }, ADMINS("redirect"), "listingForStaff"],
      ] as const
    ).map(([moderation, fields, expect, target]) =>
      act(`moderation=${moderation}`, (t) => ({ ids: t.listingId, back: "/admin/listings", ...fields }), expect, {
        target,
      }),
    ),
  ),
  ...backOffice(
    "routes/admin/moderation",
    "/admin/moderation",
    get(STAFF("ok")),
    ...(["approve", "reject", "takedown"] as const).map((review) =>
      act(
        `review=${review}`,
        (t) => ({ reportId: t.reportId, notes: "Checked", back: "/admin/moderation" }),
        STAFF("redirect"),
        { target: "report" },
      ),
    ),
  ),
  // Scam signals (decision 098): the Moderation Queue's other tab; settling one is a staff action like a review.
  ...backOffice(
    "routes/admin/moderation.signals",
    "/admin/moderation/signals",
    get(STAFF("ok")),
    ...(["dismiss", "action"] as const).map((settle) =>
      act(
        `settle=${settle}`,
        (t) => ({ signalId: t.signalId, notes: "Checked", back: "/admin/moderation/signals" }),
        STAFF("redirect"),
        { target: "signal" },
      ),
    ),
  ),
  // A message report's own page (decision 086): the only staff read of members' messages; opening it is audited.
  ...backOffice(
    "routes/admin/moderation.messages.$id",
    "/admin/moderation/messages/:reportId",
    get(STAFF("ok"), { target: "messageReport" }),
    ...(["dismiss", "remove"] as const).map((decision) =>
      act(`decision=${decision}`, { notes: "Checked" }, STAFF("redirect"), { target: "messageReport" }),
    ),
  ),
  // Appeals (decision 097): a kind in the Moderation Queue, on pages of their own.
  ...backOffice("routes/admin/moderation.appeals", "/admin/moderation/appeals", get(STAFF("ok"))),
  ...backOffice(
    "routes/admin/moderation.appeals.$id",
    "/admin/moderation/appeals/:appealId",
    get(STAFF("ok"), { target: "listingAppeal" }),
    act("intent=decide", { outcome: "upheld", reason: "The photo is a stock image" }, STAFF("redirect"), {
      target: "listingAppeal",
    }),
  ),
  // A swap's thread, for a reported problem (decision 097): admins only; reading it is audited.
  ...backOffice(
    "routes/admin/swaps.$id.thread",
    "/admin/swaps/:swapId/thread",
    get(ADMIN_PAGES("ok"), { target: "problemSwap" }),
  ),
  // A review report's own page (decision 094).
  ...backOffice(
    "routes/admin/moderation.reviews.$id",
    "/admin/moderation/reviews/:reportId",
    get(STAFF("ok"), { target: "reviewReport" }),
    ...(["dismiss", "remove"] as const).map((decision) =>
      act(`decision=${decision}`, { notes: "Checked" }, STAFF("redirect"), { target: "reviewReport" }),
    ),
  ),
  ...backOffice("routes/admin/swaps", "/admin/swaps", get(STAFF("ok"))),
  ...backOffice(
    "routes/admin/swaps.$id",
    "/admin/swaps/:swapId",
    get(STAFF("ok"), { target: "swapForStaff" }),
    ...(
      [
        ["cancel", "swapForStaff", (_t: Target) => ({ reason: "Both asked" })],
        ["mark-dispute", "swapForStaff", (_t: Target) => ({ notes: "Item not as described" })],
        ["resolve-dispute", "disputedSwap", (_t: Target) => ({ resolution: "Refund agreed" })],
        ["refund", "payment", (t: Target) => ({ paymentId: t.paymentId, reason: "Goodwill" })],
        ["credit", "swapForStaff", (t: Target) => ({ userId: t.userId, reason: "Goodwill" })],
        ["resolve-problem", "problemSwap", (t: Target) => ({ problemId: t.problemId, resolution: "Refund agreed" })],
      ] as const
    ).map(([intent, target, fields]) => act(`intent=${intent}`, fields, ADMINS("redirect"), { target })),
  ),
  // A swap circle (decision 108): for every staff role that sees swaps; admins resolve its problems (decision 112).
  ...backOffice(
    "routes/admin/circles.$id",
    "/admin/circles/:circleId",
    get(STAFF("ok"), { target: "offeredCircle" }),
    act("intent=resolve-problem", (t) => ({ problemId: t.problemId, resolution: "Refunded" }), ADMINS("redirect"), {
      target: "problemCircle",
    }),
  ),
  ...backOffice(
    "routes/admin/payments",
    "/admin/payments",
    get(STAFF("ok")),
    act("intent=replay", {}, ADMINS("redirect")),
  ),
  ...backOffice(
    "routes/admin/payments.$id",
    "/admin/payments/:paymentId",
    get(STAFF("ok"), { target: "payment" }),
    act("intent=refund", { reason: "Goodwill" }, ADMINS("redirect"), { target: "payment" }),
  ),
  ...backOffice("routes/admin/reports", "/admin/reports", get(STAFF("ok"))),
  ...backOffice(
    "routes/admin/reports.csv",
    "/admin/reports/csv",
    get(EVERYONE("redirect")),
    post(STAFF("ok"), { intent: "export", body: () => form({ chart: "sign-ups", period: "30", by: "day" }) }),
  ),
  ...backOffice("routes/admin/audit-logs", "/admin/audit-logs", get(ADMIN_PAGES("ok"))),
  ...backOffice("routes/admin/logs", "/admin/logs", get(STAFF("ok"))),
  ...backOffice(
    "routes/admin/logs.export",
    "/admin/logs/export",
    get(EVERYONE("redirect")),
    post(STAFF("ok"), { intent: "export", body: () => form({ tab: "security" }) }),
  ),
  ...backOffice(
    "routes/admin/settings",
    "/admin/settings",
    get(STAFF("ok")),
    act("intent=flags", (t) => ({ ...t }), ADMINS("redirect"), { target: "flags", note: "saved unchanged" }),
    act("intent=rotate", {}, ADMINS("redirect")),
  ),
  ...backOffice(
    "routes/admin/tools",
    "/admin/tools",
    get(ADMIN_PAGES("ok")),
    act("intent=seed", {}, ADMINS("declined"), { note: "the admin passes; production refuses seeding" }),
    act("intent=reset", { confirm: "RESET" }, ADMINS("declined"), {
      note: "the admin passes; production refuses the reset",
    }),
    act("intent=snapshot", {}, ADMINS("redirect")),
  ),
  ...backOffice(
    "routes/admin/tools.logs-bundle",
    "/admin/tools/logs-bundle",
    get(EVERYONE("redirect")),
    post(ADMINS("ok"), { intent: "export", body: () => form({}) }),
  ),

  // ----- JSON API: members' accounts -----
  ...api(
    "POST /api/v1/auth/sign-up",
    "/api/v1/auth/sign-up",
    post(EVERYONE("ok"), {
      body: () => ({ json: { email: freshEmail("matrix"), password: MEMBER_PASSWORD, fullName: "Nina New" } }),
    }),
  ),
  ...api(
    "POST /api/v1/auth/sign-in",
    "/api/v1/auth/sign-in",
    post(EVERYONE("ok"), { target: "account", body: (t) => ({ json: { email: t.email, password: MEMBER_PASSWORD } }) }),
  ),
  ...api(
    "POST /api/v1/auth/sign-out",
    "/api/v1/auth/sign-out",
    post(EVERYONE("ok"), { body: () => ({ json: { scope: "others" } }) }),
  ),
  ...api("GET /api/v1/me", "/api/v1/me", get(MEMBERS("ok"))),
  ...api("GET /api/v1/localities", "/api/v1/localities?q=bondi", get(EVERYONE("ok"))),
  ...api(
    "GET /api/v1/localities/nearest",
    "/api/v1/localities/nearest?latitude=-33.8136&longitude=151.0034",
    get(EVERYONE("ok")),
  ),
  // ----- JSON API: the member's account, and the API's own description -----
  ...api("GET /api/v1/me/profile", "/api/v1/me/profile", get(MEMBERS("ok"))),
  ...api(
    "PUT /api/v1/me/profile",
    "/api/v1/me/profile",
    put(MEMBERS("ok"), { body: () => ({ json: { fullName: "Kylie Nguyen", phone: "0412 345 678" } }) }),
  ),
  ...api("GET /api/v1/me/sessions", "/api/v1/me/sessions", get(MEMBERS("ok"))),
  ...api("GET /api/v1/me/payments", "/api/v1/me/payments", get(MEMBERS("ok"))),
  ...api("GET /api/v1/openapi.json", "/api/v1/openapi.json", get(EVERYONE("ok"))),
  ...api("GET /api/docs", "/api/docs", get(EVERYONE("ok"))),
  // For search engines (issue 27, decision 092): public, and listing only public listings.
  ...publicPage("GET /robots.txt", "/robots.txt", get(EVERYONE("ok"))),
  ...publicPage("GET /sitemap.xml", "/sitemap.xml", get(EVERYONE("ok"))),
  ...publicPage("GET /sitemaps/pages.xml", "/sitemaps/pages.xml", get(EVERYONE("ok"))),
  ...publicPage("GET /sitemaps/:file", "/sitemaps/listings-1.xml", get(EVERYONE("ok"))),
  ...api("GET /api/docs/assets/:version/:file", `/api/docs/assets/${SWAGGER_UI_VERSION}/init.js`, get(EVERYONE("ok"))),
  // ----- JSON API: listings -----
  ...api("GET /api/v1/listings", "/api/v1/listings", get(EVERYONE("ok"))),
  ...api("GET /api/v1/listings/:id", "/api/v1/listings/:listingId", get(EVERYONE("ok"), { target: "publicListing" })),
  ...api("POST /api/v1/listings", "/api/v1/listings", post(MEMBERS("ok"), { body: (_t, w) => listingForm(w) })),
  ...api(
    "PUT /api/v1/listings/:id",
    "/api/v1/listings/:listingId",
    put(OWNER("ok"), { target: "memberListing", body: (_t, w) => listingForm(w) }),
  ),
  ...api("DELETE /api/v1/listings/:id", "/api/v1/listings/:listingId", del(OWNER("ok"), { target: "memberListing" })),
  ...api("GET /api/v1/me/listings", "/api/v1/me/listings", get(MEMBERS("ok"))),
  ...api("GET /api/v1/me/favourites", "/api/v1/me/favourites", get(MEMBERS("ok"))),
  ...api(
    "PUT /api/v1/listings/:id/favourite",
    "/api/v1/listings/:listingId/favourite",
    put(MEMBERS("ok"), { target: "publicListing" }),
  ),
  ...api(
    "DELETE /api/v1/listings/:id/favourite",
    "/api/v1/listings/:listingId/favourite",
    del(MEMBERS("ok"), { target: "publicListing" }),
  ),
  // ----- JSON API: swaps -----
  ...api("GET /api/v1/swaps", "/api/v1/swaps", get(MEMBERS("ok"))),
  ...api("GET /api/v1/swaps/:id", "/api/v1/swaps/:swapId", get(OWNER("ok"), { target: "receivedSwap" })),
  ...api(
    "POST /api/v1/swaps",
    "/api/v1/swaps",
    post(MEMBERS("ok"), {
      target: "offer",
      body: (t) => ({
        json: { targetListingId: t.listingId, offeredListingId: t.offeredId, message: "Keen to swap?" },
      }),
    }),
    post(MEMBERS("ok"), {
      target: "bundleOffer",
      body: (t) => ({ json: { targetListingId: t.listingId, ...bundleFields(t), moreWanted: [t.wantedId] } }),
      note: "a bundle (decision 103)",
    }),
    post(MEMBERS("invalid"), {
      target: "bundleOffer",
      body: (t) => ({
        json: {
          targetListingId: t.listingId,
          ...bundleFields(t),
          moreWanted: [t.wantedId],
          moreOffered: [t.strangersId],
        },
      }),
      note: "a third member's listing offered in the bundle as one's own",
    }),
    post(MEMBERS("invalid"), {
      target: "bundleOffer",
      body: (t) => ({ json: { targetListingId: t.listingId, ...bundleFields(t), moreWanted: [t.strangersId] } }),
      note: "a third member's listing asked for beside Olive's",
    }),
  ),
  ...(
    [
      ["accept", "receivedSwap"],
      ["decline", "receivedSwap"],
      ["withdraw", "sentSwap"],
      ["pay", "acceptedSwap"],
    ] as const
  ).flatMap(([step, target]) =>
    api(`POST /api/v1/swaps/:id/${step}`, `/api/v1/swaps/:swapId/${step}`, post(OWNER("ok"), { target })),
  ),
  // A counter-offer (decision 103): only the member the offer was made to; a stranger is told it does not exist.
  ...api(
    "POST /api/v1/swaps/:id/counter",
    "/api/v1/swaps/:swapId/counter",
    post(OWNER("ok"), {
      target: "receivedSwapWithMore",
      body: (t) => ({ json: { give: [t.targetId], get: [t.offeredId, t.moreId] } }),
    }),
  ),
  ...api(
    "POST /api/v1/swaps/:id/swapped",
    "/api/v1/swaps/:swapId/swapped",
    post(OWNER("ok"), { target: "arrangingSwap" }),
  ),
  ...api(
    "POST /api/v1/swaps/:id/review",
    "/api/v1/swaps/:swapId/review",
    post(OWNER("ok"), { target: "completedSwap", body: () => ({ json: { rating: 5, comment: "Smooth swap" } }) }),
  ),
  // ----- JSON API: conversations and blocks -----
  ...api("GET /api/v1/conversations", "/api/v1/conversations", get(MEMBERS("ok"))),
  ...api(
    "POST /api/v1/listings/:id/conversation",
    "/api/v1/listings/:listingId/conversation",
    post(MEMBERS("ok"), { target: "offer" }),
  ),
  ...api(
    "GET /api/v1/conversations/:id/messages",
    "/api/v1/conversations/:threadId/messages",
    get(OWNER("ok"), { target: "memberThread" }),
  ),
  ...api(
    "POST /api/v1/conversations/:id/messages",
    "/api/v1/conversations/:threadId/messages",
    post(OWNER("ok"), { target: "memberThread", body: () => ({ json: { body: "Could you do Saturday?" } }) }),
    post(OWNER("ok"), {
      intent: "(with a picture)",
      target: "memberThread",
      body: (_t, w) => messageWithPicture(w),
    }),
  ),
  ...api(
    "POST /api/v1/conversations/:id/read",
    "/api/v1/conversations/:threadId/read",
    post(OWNER("ok"), { target: "memberThread" }),
  ),
  ...api(
    "POST /api/v1/conversations/:id/messages/:messageId/report",
    "/api/v1/conversations/:threadId/messages/:messageId/report",
    post(OWNER("ok"), { target: "memberThread", body: () => ({ json: { reason: "spam", notes: "Matrix" } }) }),
  ),
  ...api("GET /api/v1/blocks", "/api/v1/blocks", get(MEMBERS("ok"))),
  ...api("PUT /api/v1/blocks/:memberId", "/api/v1/blocks/:userId", put(MEMBERS("ok"), { target: "throwaway" })),
  ...api("DELETE /api/v1/blocks/:memberId", "/api/v1/blocks/:memberId", del(MEMBERS("ok"), { target: "ownBlock" })),
  ...api("ALL /api/v1/*", "/api/v1/no-such-thing", get(EVERYONE("not-found"))),

  // ----- Files -----
  ...files(
    "GET /uploads/*",
    "/uploads/:file",
    get(EVERYONE("ok"), { target: "publicPicture", note: "hidden pictures and avatars: idor.test.ts" }),
    get(
      { ...OWNER("ok"), visitor: "not-found", suspended: "not-found" },
      { target: "memberThreadPicture", note: "a message's picture: its thread's two members only (decision 087)" },
    ),
    get(
      {
        ...OWNER("ok"),
        visitor: "not-found",
        suspended: "not-found",
        moderatorNoTotp: "not-found",
        adminNoTotp: "not-found",
        moderator: "ok",
        admin: "ok",
      },
      {
        target: "problemPicture",
        note: "a swap problem's picture: the swap's two members and staff only (decision 097)",
      },
    ),
  ),

  // ----- Payment webhooks -----
  ...webhooks(
    "POST /api/webhooks/:provider{local|stripe}",
    "/api/webhooks/local",
    post(EVERYONE("invalid"), {
      body: () => ({ json: { type: "checkout.completed" } }),
      note: "unsigned: no cookie stands in for the signature",
    }),
    post(EVERYONE("not-found"), {
      path: "/api/webhooks/stripe",
      body: () => ({ json: {} }),
      note: "only the configured provider's endpoint answers",
    }),
  ),
  ...webhooks("ALL /api/webhooks/*", "/api/webhooks/local", get(EVERYONE("not-found"))),

  // ----- Better Auth's own endpoints: closed but for the identity providers' callback -----
  ...authApi(
    "ALL /api/auth/*",
    "/api/auth/get-session",
    get(EVERYONE("not-found")),
    post(EVERYONE("not-found"), {
      path: "/api/auth/sign-in/email",
      body: () => ({ json: { email: "a@example.com", password: MEMBER_PASSWORD } }),
    }),
    get(EVERYONE("to-sign-in"), {
      path: "/api/auth/callback/google?state=forged&code=x",
      quiet: true,
      note: "no state cookie: back to sign in with an error, no session",
    }),
  ),

  // ----- Operations -----
  ...ops("GET /healthz", "/healthz", get(EVERYONE("ok"))),
  ...ops("GET /readyz", "/readyz", get(EVERYONE("ok"))),
  ...ops(
    "GET /live",
    "/live",
    get(MEMBERS("ok"), { note: "the member's own live updates (Server-Sent Events); a visitor's 401 opens no stream" }),
  ),
  ...ops("GET /metrics", "/metrics", get(EVERYONE("declined"), { note: "its bearer token only; no session opens it" })),
  ...ops(
    "ALL /*",
    "/no-such-page",
    get(EVERYONE("not-found"), { note: "the middleware and the page handler: every page row above" }),
  ),
];

// ---------------------------------------------------------------------------------------------------------------

const STAFF_REFUSALS = [/^You don't have permission to access this area$/, /^Access denied$/, /^Only admins can /];

/** The outcome a person would notice, from the answer (5xx: "error", never expected). */
export function classify(answer: Answer): Outcome | "error" {
  const { status, location, flash, json } = answer;
  if (status >= 500) return "error";
  if (status >= 300 && status < 400) {
    const to = new URL(location ?? "/", "http://localhost:3000");
    // A visitor sent to sign in is told 'Authentication required' on the way: still the sign-in guard.
    const guard = guardPage(to.pathname);
    if (guard && (!flash || flash.message === "Authentication required")) return guard;
    if (flash?.type === "error") {
      if (to.pathname === "/" && STAFF_REFUSALS.some((r) => r.test(flash.message))) return "refused";
      if (/^\/admin(\/|$)/.test(to.pathname) && /^Only admins can /.test(flash.message)) return "staff-refused";
      return "declined";
    }
    return guard ?? "redirect";
  }
  if (status === 401) {
    const body = json as { error?: string; redirectTo?: string } | null;
    if (body?.error === "Authentication required") return "to-sign-in";
    if (body?.redirectTo) return guardPage(new URL(body.redirectTo, "http://localhost:3000").pathname) ?? "declined";
    return "declined";
  }
  if (status === 403) return "declined";
  if (status === 404) return "not-found";
  if (status >= 400) return "invalid";
  return "ok";
}

function guardPage(pathname: string): Outcome | null {
  if (pathname === "/auth") return "to-sign-in";
  if (pathname === "/admin/two-factor") return "to-enrol";
  if (pathname === "/auth/reauthenticate") return "to-reauth";
  return null;
}

/** The URL with its :names filled from the target; a name the target lacks is a mistake in the table. */
export function fillPath(pattern: string, target: Target): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (!(name in target)) throw new Error(`${pattern}: the target has no ${name}`);
    return target[name];
  });
}
