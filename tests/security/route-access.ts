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
import { eq } from "drizzle-orm";
import { FEATURE_FLAG_KEYS, featureFlags } from "../../db/schema/flags";
import { listings } from "../../db/schema/listings";
import { SWAGGER_UI_VERSION } from "../../server/api-docs";
import { freshEmail, GOOD_LISTING, MEMBER_PASSWORD } from "../support/api-factories";
import type { Actor, ActorName, Answer, Body, World } from "./world";

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
  /** A pending proposal from Olive to the member (the member may accept or decline it). */
  receivedSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.owner.userId!, w.actors.member.userId!, "pending")).swapId,
  }),
  /** A pending proposal from the member to Olive (the member may withdraw it). */
  sentSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "pending")).swapId,
  }),
  /** An accepted swap of the member's, fee unpaid. */
  acceptedSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "accepted")).swapId,
  }),
  /** A completed swap of the member's, not yet reviewed. */
  completedSwap: async (w: World) => ({
    swapId: (await w.insertSwap(w.actors.member.userId!, w.owner.userId!, "completed")).swapId,
  }),
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
  flags: async (w: World) => {
    const rows = await w.db.select().from(featureFlags);
    return Object.fromEntries(FEATURE_FLAG_KEYS.map((k) => [k, rows.find((r) => r.key === k)?.enabled ? "on" : ""]));
  },
} satisfies Record<string, (w: World, a: Actor) => Promise<Target>>;

const form = (fields: Record<string, string | string[]>): Body => ({ form: fields });

/** The listing form (create, edit, API) with one picture, as a browser sends it. */
function listingForm(w: World): Body {
  const multipart = new FormData();
  for (const [k, v] of Object.entries(GOOD_LISTING)) multipart.append(k, v);
  multipart.append("images", new File([new Uint8Array(w.jpeg)], "photo.jpg", { type: "image/jpeg" }));
  return { multipart };
}

// ---------------------------------------------------------------------------------------------------------------
// The table.

/** Routes that only frame others: no URL of their own, walked through every row of their children. */
export const LAYOUTS = ["root", "routes/site-layout", "routes/account/layout", "routes/admin/layout"];

export const ROUTE_ACCESS: Entry[] = [
  // ----- Public pages -----
  { area: "public", route: "routes/home", method: "GET", path: "/", expect: EVERYONE("ok") },
  { area: "public", route: "routes/search", method: "GET", path: "/search?q=drill", expect: EVERYONE("ok") },
  { area: "public", route: "routes/terms", method: "GET", path: "/terms", expect: EVERYONE("ok") },
  { area: "public", route: "routes/privacy", method: "GET", path: "/privacy", expect: EVERYONE("ok") },
  { area: "public", route: "routes/cookies", method: "GET", path: "/cookies", expect: EVERYONE("ok") },
  { area: "public", route: "routes/investors", method: "GET", path: "/investors", expect: EVERYONE("ok") },
  { area: "public", route: "routes/not-found", method: "GET", path: "/no-such-page", expect: EVERYONE("not-found") },
  { area: "public", route: "routes/location", method: "GET", path: "/location", expect: EVERYONE("redirect") },
  {
    area: "public",
    route: "routes/location",
    method: "POST",
    path: "/location",
    body: () => form({ location: "Bondi NSW 2026", redirectTo: "/search" }),
    expect: EVERYONE("redirect"),
    note: "a visitor's choice goes in a cookie, a member's on their profile",
  },
  {
    area: "public",
    route: "routes/seed",
    method: "GET",
    path: "/seed",
    expect: EVERYONE("ok"),
    note: "says seeding is off",
  },
  {
    area: "public",
    route: "routes/seed",
    method: "POST",
    path: "/seed",
    body: () => form({}),
    expect: EVERYONE("declined"),
    note: "off in production, for admins too",
  },
  {
    area: "public",
    route: "routes/dev.outbox",
    method: "GET",
    path: "/dev/outbox",
    expect: EVERYONE("not-found"),
    note: "demo mode only",
  },

  // ----- Sign-in, sign-up and account recovery -----
  { area: "auth", route: "routes/auth", method: "GET", path: "/auth", expect: SIGNED_OUT("ok", "redirect") },
  {
    area: "auth",
    route: "routes/auth",
    method: "POST",
    intent: "mode=signup",
    path: "/auth",
    body: () => form({ mode: "signup", email: freshEmail("matrix"), password: MEMBER_PASSWORD, fullName: "Nina New" }),
    expect: EVERYONE("redirect"),
  },
  {
    area: "auth",
    route: "routes/auth",
    method: "POST",
    intent: "mode=signin",
    path: "/auth",
    target: "account",
    body: (t) => form({ mode: "signin", email: t.email, password: MEMBER_PASSWORD }),
    expect: EVERYONE("redirect"),
  },
  {
    area: "auth",
    route: "routes/auth.two-factor",
    method: "GET",
    path: "/auth/two-factor",
    expect: SIGNED_OUT("to-sign-in", "redirect"),
    note: "only after a password, with its pending cookie",
  },
  {
    area: "auth",
    route: "routes/auth.two-factor",
    method: "POST",
    path: "/auth/two-factor",
    body: () => form({ code: "000000" }),
    expect: SIGNED_OUT("to-sign-in", "redirect"),
    note: "no pending sign-in: refused, then the page sends everyone on (it was a 500 for a signed-in member)",
  },
  { area: "auth", route: "routes/auth.identity", method: "GET", path: "/auth/identity", expect: EVERYONE("ok") },
  {
    area: "auth",
    route: "routes/auth.identity",
    method: "POST",
    path: "/auth/identity",
    body: () => form({ provider: "google" }),
    expect: EVERYONE("redirect"),
    note: "off to Google",
  },
  {
    area: "auth",
    route: "routes/auth.identity.complete",
    method: "GET",
    path: "/auth/identity/complete",
    expect: MEMBERS("redirect"),
  },
  {
    area: "auth",
    route: "routes/auth.forgot-password",
    method: "GET",
    path: "/auth/forgot-password",
    expect: EVERYONE("ok"),
  },
  {
    area: "auth",
    route: "routes/auth.forgot-password",
    method: "POST",
    path: "/auth/forgot-password",
    body: () => form({ email: freshEmail("matrix") }),
    expect: EVERYONE("ok"),
  },
  {
    area: "auth",
    route: "routes/auth.reset-password",
    method: "GET",
    path: "/auth/reset-password?token=nope",
    expect: EVERYONE("ok"),
  },
  {
    area: "auth",
    route: "routes/auth.reset-password",
    method: "POST",
    path: "/auth/reset-password",
    body: () => form({ token: "not-a-token", password: "Newpass123", confirm: "Newpass123" }),
    expect: EVERYONE("invalid"),
  },
  {
    area: "auth",
    route: "routes/auth.verify-email",
    method: "GET",
    path: "/auth/verify-email?token=nope",
    expect: EVERYONE("ok"),
    note: "says the link is not valid",
  },
  { area: "auth", route: "routes/auth.code", method: "GET", path: "/auth/code", expect: SIGNED_OUT("ok", "redirect") },
  // A form posted without JavaScript runs the action, then the page's loader: signed in, that sends them on.
  {
    area: "auth",
    route: "routes/auth.code",
    method: "POST",
    intent: "intent=request",
    path: "/auth/code",
    body: () => form({ intent: "request", email: freshEmail("matrix") }),
    expect: SIGNED_OUT("ok", "redirect"),
  },
  {
    area: "auth",
    route: "routes/auth.code",
    method: "POST",
    intent: "(code)",
    path: "/auth/code",
    body: () => form({ email: freshEmail("matrix"), code: "00000000" }),
    expect: SIGNED_OUT("invalid", "redirect"),
  },
  {
    area: "auth",
    route: "routes/auth.keep-account",
    method: "GET",
    path: "/auth/keep-account",
    expect: EVERYONE("to-sign-in"),
  },
  {
    area: "auth",
    route: "routes/auth.keep-account",
    method: "POST",
    path: "/auth/keep-account",
    body: () => form({ proof: "nope" }),
    expect: EVERYONE("declined"),
  },
  {
    area: "auth",
    route: "routes/auth.reauthenticate",
    method: "GET",
    path: "/auth/reauthenticate",
    expect: MEMBERS("ok"),
  },
  {
    area: "auth",
    route: "routes/auth.reauthenticate",
    method: "POST",
    path: "/auth/reauthenticate",
    body: () => form({ method: "password", secret: "Wrongpass1" }),
    expect: MEMBERS("invalid"),
    note: "a wrong password",
  },
  {
    area: "auth",
    route: "routes/auth.reauthenticate.passkey-options",
    method: "GET",
    path: "/auth/reauthenticate/passkey-options",
    expect: EVERYONE("to-reauth"),
  },
  {
    area: "auth",
    route: "routes/auth.reauthenticate.passkey-options",
    method: "POST",
    path: "/auth/reauthenticate/passkey-options",
    expect: MEMBERS("invalid"),
    note: "no passkey to ask for",
  },
  {
    area: "auth",
    route: "routes/auth.passkey.options",
    method: "GET",
    path: "/auth/passkey/options",
    expect: EVERYONE("to-sign-in"),
  },
  {
    area: "auth",
    route: "routes/auth.passkey.options",
    method: "POST",
    path: "/auth/passkey/options",
    expect: EVERYONE("ok"),
  },
  { area: "auth", route: "routes/auth.passkey", method: "GET", path: "/auth/passkey", expect: EVERYONE("to-sign-in") },
  {
    area: "auth",
    route: "routes/auth.passkey",
    method: "POST",
    path: "/auth/passkey",
    body: () => form({ response: "{}" }),
    expect: EVERYONE("invalid"),
  },
  { area: "auth", route: "routes/auth.sign-out", method: "GET", path: "/auth/sign-out", expect: EVERYONE("redirect") },
  {
    area: "auth",
    route: "routes/auth.sign-out",
    method: "POST",
    intent: "scope=others",
    path: "/auth/sign-out",
    body: () => form({ scope: "others" }),
    expect: { ...MEMBERS("redirect"), suspended: "redirect" },
    note: "signed out elsewhere, still here. Sign-out only takes access away, so a suspended member's own other sessions end too",
  },

  // ----- Listings (member side) -----
  {
    area: "listings",
    route: "routes/listings.$id",
    method: "GET",
    path: "/listings/:listingId",
    target: "publicListing",
    expect: EVERYONE("ok"),
  },
  {
    area: "listings",
    route: "routes/listings.$id",
    method: "POST",
    intent: "intent=delete",
    path: "/listings/:listingId",
    target: "memberListing",
    body: () => form({ intent: "delete", confirmed: "yes" }),
    expect: OWNER("redirect"),
  },
  {
    area: "listings",
    route: "routes/listings.$id.edit",
    method: "GET",
    path: "/listings/:listingId/edit",
    target: "memberListing",
    expect: OWNER("ok"),
  },
  {
    area: "listings",
    route: "routes/listings.$id.edit",
    method: "POST",
    path: "/listings/:listingId/edit",
    target: "memberListing",
    body: (_t, w) => listingForm(w),
    expect: OWNER("redirect"),
  },
  {
    area: "listings",
    route: "routes/listings.$id.propose",
    method: "GET",
    path: "/listings/:listingId/propose",
    target: "offer",
    expect: MEMBERS("ok"),
  },
  {
    area: "listings",
    route: "routes/listings.$id.propose",
    method: "POST",
    path: "/listings/:listingId/propose",
    target: "offer",
    body: (t) => form({ offeredListingId: t.offeredId, message: "Keen to swap?" }),
    expect: MEMBERS("redirect"),
  },
  {
    area: "listings",
    route: "routes/listings.$id.report",
    method: "GET",
    path: "/listings/:listingId/report",
    target: "publicListing",
    expect: MEMBERS("ok"),
  },
  {
    area: "listings",
    route: "routes/listings.$id.report",
    method: "POST",
    path: "/listings/:listingId/report",
    target: "offer",
    body: () => form({ reason: "spam", notes: "Looks like spam" }),
    expect: MEMBERS("redirect"),
  },
  {
    area: "listings",
    route: "routes/listings.$id.favourite",
    method: "GET",
    path: "/listings/:listingId/favourite",
    target: "publicListing",
    expect: EVERYONE("redirect"),
  },
  {
    area: "listings",
    route: "routes/listings.$id.favourite",
    method: "POST",
    path: "/listings/:listingId/favourite",
    target: "publicListing",
    body: () => form({ favourite: "true", redirectTo: "/favourites" }),
    expect: MEMBERS("redirect"),
  },
  { area: "listings", route: "routes/create-listing", method: "GET", path: "/create-listing", expect: MEMBERS("ok") },
  {
    area: "listings",
    route: "routes/create-listing",
    method: "POST",
    path: "/create-listing",
    body: (_t, w) => listingForm(w),
    expect: MEMBERS("redirect"),
  },
  { area: "listings", route: "routes/my-listings", method: "GET", path: "/my-listings", expect: MEMBERS("ok") },
  {
    area: "listings",
    route: "routes/my-listings",
    method: "POST",
    path: "/my-listings",
    target: "memberListing",
    body: (t) => form({ listingId: t.listingId, confirmed: "yes" }),
    expect: OWNER("redirect"),
  },
  { area: "listings", route: "routes/favourites", method: "GET", path: "/favourites", expect: MEMBERS("ok") },

  // ----- Swaps and payments (member side) -----
  { area: "swaps", route: "routes/my-swaps", method: "GET", path: "/my-swaps", expect: MEMBERS("ok") },
  {
    area: "swaps",
    route: "routes/my-swaps",
    method: "GET",
    intent: "(confirm step)",
    path: "/my-swaps?confirm=accept&swap=:swapId",
    target: "receivedSwap",
    expect: MEMBERS("ok"),
    note: "another's swap shows no step",
  },
  {
    area: "swaps",
    route: "routes/my-swaps",
    method: "POST",
    intent: "intent=accept",
    path: "/my-swaps",
    target: "receivedSwap",
    body: (t) => form({ intent: "accept", swapId: t.swapId, confirm: "yes" }),
    expect: OWNER("redirect", "declined"),
  },
  {
    area: "swaps",
    route: "routes/my-swaps",
    method: "POST",
    intent: "intent=decline",
    path: "/my-swaps",
    target: "receivedSwap",
    body: (t) => form({ intent: "decline", swapId: t.swapId, confirm: "yes" }),
    expect: OWNER("redirect", "declined"),
  },
  {
    area: "swaps",
    route: "routes/my-swaps",
    method: "POST",
    intent: "intent=withdraw",
    path: "/my-swaps",
    target: "sentSwap",
    body: (t) => form({ intent: "withdraw", swapId: t.swapId, confirm: "yes" }),
    expect: OWNER("redirect", "declined"),
  },
  {
    area: "swaps",
    route: "routes/my-swaps",
    method: "POST",
    intent: "intent=review",
    path: "/my-swaps",
    target: "completedSwap",
    body: (t) => form({ intent: "review", swapId: t.swapId, rating: "5", comment: "Smooth swap" }),
    expect: OWNER("redirect", "declined"),
  },
  {
    area: "swaps",
    route: "routes/my-swaps.$id.pay",
    method: "GET",
    path: "/my-swaps/:swapId/pay",
    target: "acceptedSwap",
    expect: EVERYONE("redirect"),
  },
  {
    area: "swaps",
    route: "routes/my-swaps.$id.pay",
    method: "POST",
    path: "/my-swaps/:swapId/pay",
    target: "acceptedSwap",
    body: () => form({}),
    expect: OWNER("redirect", "declined"),
    note: "the member is sent to the checkout",
  },
  {
    area: "swaps",
    route: "routes/checkout.$sessionId",
    method: "GET",
    path: "/checkout/:sessionId",
    target: "checkout",
    expect: OWNER("ok"),
  },
  {
    area: "swaps",
    route: "routes/checkout.$sessionId",
    method: "POST",
    path: "/checkout/:sessionId",
    target: "checkout",
    body: () => form({ cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }),
    expect: OWNER("redirect"),
  },

  // ----- The member's account -----
  { area: "account", route: "routes/account/profile", method: "GET", path: "/account", expect: MEMBERS("ok") },
  {
    area: "account",
    route: "routes/account/profile",
    method: "POST",
    intent: "(details)",
    path: "/account?index",
    body: () => form({ fullName: "Kylie Nguyen", phone: "0412 345 678", location: "Bondi NSW 2026" }),
    expect: MEMBERS("redirect"),
  },
  {
    area: "account",
    route: "routes/account/profile",
    method: "POST",
    intent: "intent=avatar",
    path: "/account?index",
    body: (_t, w) => {
      const multipart = new FormData();
      multipart.append("intent", "avatar");
      multipart.append("avatar", new File([new Uint8Array(w.jpeg)], "me.jpg", { type: "image/jpeg" }));
      return { multipart };
    },
    expect: MEMBERS("redirect"),
  },
  {
    area: "account",
    route: "routes/account/profile",
    method: "POST",
    intent: "intent=remove-avatar",
    path: "/account?index",
    body: () => form({ intent: "remove-avatar" }),
    expect: MEMBERS("redirect"),
  },
  { area: "account", route: "routes/account/email", method: "GET", path: "/account/email", expect: MEMBERS("ok") },
  {
    area: "account",
    route: "routes/account/email",
    method: "POST",
    intent: "intent=resend",
    path: "/account/email",
    body: () => form({ intent: "resend" }),
    // Every actor's address is confirmed (decision 067): there is nothing to send again.
    expect: MEMBERS("invalid"),
  },
  {
    area: "account",
    route: "routes/account/email",
    method: "POST",
    intent: "intent=resend-change",
    path: "/account/email",
    body: () => form({ intent: "resend-change" }),
    // No change of address is waiting for anyone here: nothing to resend (decision 068).
    expect: MEMBERS("invalid"),
  },
  {
    area: "account",
    route: "routes/account/email",
    method: "POST",
    intent: "intent=cancel-change",
    path: "/account/email",
    body: () => form({ intent: "cancel-change" }),
    expect: MEMBERS("invalid"),
  },
  {
    area: "account",
    route: "routes/account/email",
    method: "POST",
    intent: "intent=change",
    path: "/account/email",
    body: () => form({ intent: "change", newEmail: freshEmail("matrix") }),
    expect: MEMBERS("redirect"),
  },
  {
    area: "account",
    route: "routes/account/security",
    method: "GET",
    path: "/account/security",
    expect: MEMBERS("ok"),
  },
  {
    area: "account",
    route: "routes/account/security",
    method: "POST",
    intent: "intent=change-password",
    path: "/account/security",
    body: () =>
      form({
        intent: "change-password",
        currentPassword: "Wrongpass1",
        newPassword: "Newpass123",
        confirm: "Newpass123",
      }),
    expect: MEMBERS("invalid"),
    note: "a wrong current password",
  },
  {
    area: "account",
    route: "routes/account/security",
    method: "POST",
    intent: "intent=2fa-start",
    path: "/account/security",
    body: () => form({ intent: "2fa-start", password: "Wrongpass1" }),
    expect: MEMBERS("invalid"),
    note: "a wrong password",
  },
  {
    area: "account",
    route: "routes/account/security",
    method: "POST",
    intent: "intent=2fa-confirm",
    path: "/account/security",
    body: () => form({ intent: "2fa-confirm", code: "000000" }),
    expect: MEMBERS("invalid"),
    note: "nothing started to confirm (it was a 500)",
  },
  {
    area: "account",
    route: "routes/account/security",
    method: "POST",
    intent: "intent=2fa-regenerate",
    path: "/account/security",
    body: () => form({ intent: "2fa-regenerate", password: "Wrongpass1" }),
    expect: MEMBERS("invalid"),
  },
  {
    area: "account",
    route: "routes/account/security",
    method: "POST",
    intent: "intent=2fa-off",
    path: "/account/security",
    body: () => form({ intent: "2fa-off", code: "000000" }),
    expect: { ...MEMBERS("declined"), member: "invalid" },
    note: "staff must keep two-step sign-in (403); a member's wrong code",
  },
  {
    area: "account",
    route: "routes/account/sessions",
    method: "GET",
    path: "/account/sessions",
    expect: MEMBERS("ok"),
  },
  {
    area: "account",
    route: "routes/account/sessions",
    method: "POST",
    intent: "intent=revoke",
    path: "/account/sessions",
    target: "ownSession",
    body: (t) => form({ intent: "revoke", sessionId: t.sessionId }),
    expect: MEMBERS("redirect"),
  },
  {
    area: "account",
    route: "routes/account/sessions",
    method: "POST",
    intent: "intent=others",
    path: "/account/sessions",
    body: () => form({ intent: "others" }),
    expect: MEMBERS("redirect"),
  },
  {
    area: "account",
    route: "routes/account/sessions",
    method: "POST",
    intent: "intent=everywhere",
    path: "/account/sessions",
    body: () => form({ intent: "everywhere" }),
    expect: MEMBERS("to-sign-in"),
    last: true,
    note: "signs this device out too",
  },
  {
    area: "account",
    route: "routes/account/passkeys",
    method: "GET",
    path: "/account/passkeys",
    expect: MEMBERS("ok"),
  },
  {
    area: "account",
    route: "routes/account/passkeys",
    method: "POST",
    intent: "intent=add",
    path: "/account/passkeys",
    body: () => form({ intent: "add", name: "Phone", response: "{}" }),
    expect: MEMBERS("invalid"),
  },
  {
    area: "account",
    route: "routes/account/passkeys",
    method: "POST",
    intent: "intent=rename",
    path: "/account/passkeys",
    target: "ownPasskey",
    body: (t) => form({ intent: "rename", passkeyId: t.passkeyId, name: "Home laptop" }),
    expect: MEMBERS("redirect"),
  },
  {
    area: "account",
    route: "routes/account/passkeys",
    method: "POST",
    intent: "intent=remove",
    path: "/account/passkeys",
    target: "ownPasskey",
    body: (t) => form({ intent: "remove", passkeyId: t.passkeyId }),
    expect: MEMBERS("redirect"),
  },
  {
    area: "account",
    route: "routes/account/passkeys.options",
    method: "GET",
    path: "/account/passkeys/options",
    expect: EVERYONE("redirect"),
  },
  {
    area: "account",
    route: "routes/account/passkeys.options",
    method: "POST",
    path: "/account/passkeys/options",
    expect: MEMBERS("ok"),
  },
  {
    area: "account",
    route: "routes/account/identities",
    method: "GET",
    path: "/account/identities",
    expect: MEMBERS("ok"),
  },
  {
    area: "account",
    route: "routes/account/identities",
    method: "POST",
    intent: "intent=link",
    path: "/account/identities",
    body: () => form({ intent: "link", provider: "google" }),
    expect: MEMBERS("redirect"),
    note: "off to Google",
  },
  {
    area: "account",
    route: "routes/account/identities",
    method: "POST",
    intent: "intent=unlink",
    path: "/account/identities",
    target: "ownIdentity",
    body: (t) => form({ intent: "unlink", identityId: t.identityId }),
    expect: MEMBERS("redirect"),
  },
  { area: "account", route: "routes/account/data", method: "GET", path: "/account/data", expect: MEMBERS("ok") },
  {
    area: "account",
    route: "routes/account/data",
    method: "POST",
    path: "/account/data",
    body: () => form({ method: "password", secret: "Wrongpass1" }),
    expect: MEMBERS("invalid"),
    note: "a wrong password: nobody's account is deleted here",
  },
  {
    area: "account",
    route: "routes/account/data.export",
    method: "GET",
    path: "/account/data/export",
    expect: EVERYONE("redirect"),
  },
  {
    area: "account",
    route: "routes/account/data.export",
    method: "POST",
    path: "/account/data/export",
    body: () => form({}),
    expect: MEMBERS("ok"),
  },

  // ----- Back office -----
  {
    area: "back office",
    route: "routes/admin.two-factor",
    method: "GET",
    path: "/admin/two-factor",
    expect: { ...STAFF("ok"), moderatorNoTotp: "ok", adminNoTotp: "ok" },
    note: "staff without TOTP come here",
  },
  {
    area: "back office",
    route: "routes/admin.two-factor",
    method: "POST",
    intent: "(password)",
    path: "/admin/two-factor",
    body: () => form({ password: MEMBER_PASSWORD }),
    expect: { ...STAFF("invalid"), moderatorNoTotp: "ok", adminNoTotp: "ok" },
    note: "starts the set-up; already on for staff with TOTP",
  },
  {
    area: "back office",
    route: "routes/admin.two-factor",
    method: "POST",
    intent: "intent=confirm",
    path: "/admin/two-factor",
    body: () => form({ intent: "confirm", code: "000000", totpUri: "" }),
    expect: { ...STAFF("invalid"), moderatorNoTotp: "invalid", adminNoTotp: "invalid" },
  },
  { area: "back office", route: "routes/admin/dashboard", method: "GET", path: "/admin", expect: STAFF("ok") },
  // An address the back office does not have: a 404 inside its frame for staff (decision 071).
  {
    area: "back office",
    route: "routes/admin/not-found",
    method: "GET",
    path: "/admin/no-such-page",
    expect: STAFF("not-found"),
  },
  {
    area: "back office",
    route: "routes/admin/search",
    method: "GET",
    path: "/admin/search?q=kylie",
    expect: STAFF("ok"),
  },
  {
    area: "back office",
    route: "routes/admin/sidebar",
    method: "GET",
    path: "/admin/sidebar",
    expect: EVERYONE("redirect"),
  },
  {
    area: "back office",
    route: "routes/admin/sidebar",
    method: "POST",
    path: "/admin/sidebar",
    body: () => form({ state: "collapsed", redirectTo: "/admin/users" }),
    expect: STAFF("redirect"),
  },
  { area: "back office", route: "routes/admin/users", method: "GET", path: "/admin/users", expect: STAFF("ok") },
  {
    area: "back office",
    route: "routes/admin/users.$id",
    method: "GET",
    path: "/admin/users/:userId",
    target: "member",
    expect: STAFF("ok"),
  },
  ...(
    [
      ["suspend", "throwaway", { reason: "Spam listings" }],
      ["reactivate", "suspendedThrowaway", {}],
      ["delete", "throwaway", { reason: "Asked to leave" }],
      ["reset-password", "throwaway", {}],
      ["grant-moderator", "throwaway", {}],
      ["revoke-moderator", "moderatorThrowaway", {}],
    ] as const
  ).map(
    ([intent, target, fields]): Entry => ({
      area: "back office",
      route: "routes/admin/users.$id",
      method: "POST",
      intent: `intent=${intent}`,
      path: "/admin/users/:userId",
      target,
      body: () => form({ intent, ...fields }),
      expect: ADMINS("redirect"),
    }),
  ),
  {
    area: "back office",
    route: "routes/admin/users.$id",
    method: "POST",
    intent: "intent=export",
    path: "/admin/users/:userId/export",
    target: "throwaway",
    body: () => form({}),
    expect: ADMINS("ok"),
    note: "the page's Export button posts to routes/admin/users.$id.export",
  },
  {
    area: "back office",
    route: "routes/admin/users.$id.export",
    method: "GET",
    path: "/admin/users/:userId/export",
    target: "member",
    expect: EVERYONE("redirect"),
  },
  {
    area: "back office",
    route: "routes/admin/users.$id.export",
    method: "POST",
    intent: "export",
    path: "/admin/users/:userId/export",
    target: "member",
    body: () => form({}),
    expect: ADMINS("ok"),
  },
  { area: "back office", route: "routes/admin/listings", method: "GET", path: "/admin/listings", expect: STAFF("ok") },
  ...(
    [
      ["approve", {}, STAFF("redirect"), "heldListing"],
      ["reject", { reason: "spam" }, STAFF("redirect"), "listingForStaff"],
      ["takedown", { reason: "terms" }, STAFF("redirect"), "listingForStaff"],
      ["delete", { reason: "Fraud" }, ADMINS("redirect"), "listingForStaff"],
    ] as const
  ).map(
    ([moderation, fields, expect, target]): Entry => ({
      area: "back office",
      route: "routes/admin/listings",
      method: "POST",
      intent: `moderation=${moderation}`,
      path: "/admin/listings",
      target,
      body: (t) => form({ moderation, ids: t.listingId, back: "/admin/listings", ...fields }),
      expect,
    }),
  ),
  {
    area: "back office",
    route: "routes/admin/moderation",
    method: "GET",
    path: "/admin/moderation",
    expect: STAFF("ok"),
  },
  ...(["approve", "reject", "takedown"] as const).map(
    (review): Entry => ({
      area: "back office",
      route: "routes/admin/moderation",
      method: "POST",
      intent: `review=${review}`,
      path: "/admin/moderation",
      target: "report",
      body: (t) => form({ review, reportId: t.reportId, notes: "Checked", back: "/admin/moderation" }),
      expect: STAFF("redirect"),
    }),
  ),
  { area: "back office", route: "routes/admin/swaps", method: "GET", path: "/admin/swaps", expect: STAFF("ok") },
  {
    area: "back office",
    route: "routes/admin/swaps.$id",
    method: "GET",
    path: "/admin/swaps/:swapId",
    target: "swapForStaff",
    expect: STAFF("ok"),
  },
  ...(
    [
      ["cancel", "swapForStaff", (_t: Target) => ({ reason: "Both asked" })],
      ["mark-dispute", "swapForStaff", (_t: Target) => ({ notes: "Item not as described" })],
      ["resolve-dispute", "disputedSwap", (_t: Target) => ({ resolution: "Refund agreed" })],
      ["refund", "payment", (t: Target) => ({ paymentId: t.paymentId, reason: "Goodwill" })],
      ["credit", "swapForStaff", (t: Target) => ({ userId: t.userId, reason: "Goodwill" })],
    ] as const
  ).map(
    ([intent, target, fields]): Entry => ({
      area: "back office",
      route: "routes/admin/swaps.$id",
      method: "POST",
      intent: `intent=${intent}`,
      path: "/admin/swaps/:swapId",
      target,
      body: (t) => form({ intent, ...fields(t) }),
      expect: ADMINS("redirect"),
    }),
  ),
  { area: "back office", route: "routes/admin/payments", method: "GET", path: "/admin/payments", expect: STAFF("ok") },
  {
    area: "back office",
    route: "routes/admin/payments",
    method: "POST",
    intent: "intent=replay",
    path: "/admin/payments",
    body: () => form({ intent: "replay" }),
    expect: ADMINS("redirect"),
  },
  {
    area: "back office",
    route: "routes/admin/payments.$id",
    method: "GET",
    path: "/admin/payments/:paymentId",
    target: "payment",
    expect: STAFF("ok"),
  },
  {
    area: "back office",
    route: "routes/admin/payments.$id",
    method: "POST",
    intent: "intent=refund",
    path: "/admin/payments/:paymentId",
    target: "payment",
    body: () => form({ intent: "refund", reason: "Goodwill" }),
    expect: ADMINS("redirect"),
  },
  { area: "back office", route: "routes/admin/reports", method: "GET", path: "/admin/reports", expect: STAFF("ok") },
  {
    area: "back office",
    route: "routes/admin/reports.csv",
    method: "GET",
    path: "/admin/reports/csv",
    expect: EVERYONE("redirect"),
  },
  {
    area: "back office",
    route: "routes/admin/reports.csv",
    method: "POST",
    intent: "export",
    path: "/admin/reports/csv",
    body: () => form({ chart: "sign-ups", period: "30", by: "day" }),
    expect: STAFF("ok"),
  },
  {
    area: "back office",
    route: "routes/admin/audit-logs",
    method: "GET",
    path: "/admin/audit-logs",
    expect: ADMIN_PAGES("ok"),
  },
  { area: "back office", route: "routes/admin/logs", method: "GET", path: "/admin/logs", expect: STAFF("ok") },
  {
    area: "back office",
    route: "routes/admin/logs.export",
    method: "GET",
    path: "/admin/logs/export",
    expect: EVERYONE("redirect"),
  },
  {
    area: "back office",
    route: "routes/admin/logs.export",
    method: "POST",
    intent: "export",
    path: "/admin/logs/export",
    body: () => form({ tab: "security" }),
    expect: STAFF("ok"),
  },
  { area: "back office", route: "routes/admin/settings", method: "GET", path: "/admin/settings", expect: STAFF("ok") },
  {
    area: "back office",
    route: "routes/admin/settings",
    method: "POST",
    intent: "intent=flags",
    path: "/admin/settings",
    target: "flags",
    body: (t) => form({ intent: "flags", ...t }),
    expect: ADMINS("redirect"),
    note: "saved unchanged",
  },
  {
    area: "back office",
    route: "routes/admin/settings",
    method: "POST",
    intent: "intent=rotate",
    path: "/admin/settings",
    body: () => form({ intent: "rotate" }),
    expect: ADMINS("redirect"),
  },
  { area: "back office", route: "routes/admin/tools", method: "GET", path: "/admin/tools", expect: ADMIN_PAGES("ok") },
  {
    area: "back office",
    route: "routes/admin/tools",
    method: "POST",
    intent: "intent=seed",
    path: "/admin/tools",
    body: () => form({ intent: "seed" }),
    expect: ADMINS("declined"),
    note: "the admin passes; production refuses seeding",
  },
  {
    area: "back office",
    route: "routes/admin/tools",
    method: "POST",
    intent: "intent=reset",
    path: "/admin/tools",
    body: () => form({ intent: "reset", confirm: "RESET" }),
    expect: ADMINS("declined"),
    note: "the admin passes; production refuses the reset",
  },
  {
    area: "back office",
    route: "routes/admin/tools",
    method: "POST",
    intent: "intent=snapshot",
    path: "/admin/tools",
    body: () => form({ intent: "snapshot" }),
    expect: ADMINS("redirect"),
  },
  {
    area: "back office",
    route: "routes/admin/tools.logs-bundle",
    method: "GET",
    path: "/admin/tools/logs-bundle",
    expect: EVERYONE("redirect"),
  },
  {
    area: "back office",
    route: "routes/admin/tools.logs-bundle",
    method: "POST",
    intent: "export",
    path: "/admin/tools/logs-bundle",
    body: () => form({}),
    expect: ADMINS("ok"),
  },

  // ----- JSON API: members' accounts -----
  {
    area: "api",
    route: "POST /api/v1/auth/sign-up",
    method: "POST",
    path: "/api/v1/auth/sign-up",
    body: () => ({ json: { email: freshEmail("matrix"), password: MEMBER_PASSWORD, fullName: "Nina New" } }),
    expect: EVERYONE("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/auth/sign-in",
    method: "POST",
    path: "/api/v1/auth/sign-in",
    target: "account",
    body: (t) => ({ json: { email: t.email, password: MEMBER_PASSWORD } }),
    expect: EVERYONE("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/auth/sign-out",
    method: "POST",
    path: "/api/v1/auth/sign-out",
    body: () => ({ json: { scope: "others" } }),
    expect: EVERYONE("ok"),
  },
  { area: "api", route: "GET /api/v1/me", method: "GET", path: "/api/v1/me", expect: MEMBERS("ok") },
  {
    area: "api",
    route: "GET /api/v1/localities",
    method: "GET",
    path: "/api/v1/localities?q=bondi",
    expect: EVERYONE("ok"),
  },
  // ----- JSON API: the member's account, and the API's own description -----
  { area: "api", route: "GET /api/v1/me/profile", method: "GET", path: "/api/v1/me/profile", expect: MEMBERS("ok") },
  {
    area: "api",
    route: "PUT /api/v1/me/profile",
    method: "PUT",
    path: "/api/v1/me/profile",
    body: () => ({ json: { fullName: "Kylie Nguyen", phone: "0412 345 678" } }),
    expect: MEMBERS("ok"),
  },
  { area: "api", route: "GET /api/v1/me/sessions", method: "GET", path: "/api/v1/me/sessions", expect: MEMBERS("ok") },
  { area: "api", route: "GET /api/v1/me/payments", method: "GET", path: "/api/v1/me/payments", expect: MEMBERS("ok") },
  {
    area: "api",
    route: "GET /api/v1/openapi.json",
    method: "GET",
    path: "/api/v1/openapi.json",
    expect: EVERYONE("ok"),
  },
  { area: "api", route: "GET /api/docs", method: "GET", path: "/api/docs", expect: EVERYONE("ok") },
  {
    area: "api",
    route: "GET /api/docs/assets/:version/:file",
    method: "GET",
    path: `/api/docs/assets/${SWAGGER_UI_VERSION}/init.js`,
    expect: EVERYONE("ok"),
  },
  // ----- JSON API: listings -----
  { area: "api", route: "GET /api/v1/listings", method: "GET", path: "/api/v1/listings", expect: EVERYONE("ok") },
  {
    area: "api",
    route: "GET /api/v1/listings/:id",
    method: "GET",
    path: "/api/v1/listings/:listingId",
    target: "publicListing",
    expect: EVERYONE("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/listings",
    method: "POST",
    path: "/api/v1/listings",
    body: (_t, w) => listingForm(w),
    expect: MEMBERS("ok"),
  },
  {
    area: "api",
    route: "PUT /api/v1/listings/:id",
    method: "PUT",
    path: "/api/v1/listings/:listingId",
    target: "memberListing",
    body: (_t, w) => listingForm(w),
    expect: OWNER("ok"),
  },
  {
    area: "api",
    route: "DELETE /api/v1/listings/:id",
    method: "DELETE",
    path: "/api/v1/listings/:listingId",
    target: "memberListing",
    expect: OWNER("ok"),
  },
  { area: "api", route: "GET /api/v1/me/listings", method: "GET", path: "/api/v1/me/listings", expect: MEMBERS("ok") },
  {
    area: "api",
    route: "GET /api/v1/me/favourites",
    method: "GET",
    path: "/api/v1/me/favourites",
    expect: MEMBERS("ok"),
  },
  {
    area: "api",
    route: "PUT /api/v1/listings/:id/favourite",
    method: "PUT",
    path: "/api/v1/listings/:listingId/favourite",
    target: "publicListing",
    expect: MEMBERS("ok"),
  },
  {
    area: "api",
    route: "DELETE /api/v1/listings/:id/favourite",
    method: "DELETE",
    path: "/api/v1/listings/:listingId/favourite",
    target: "publicListing",
    expect: MEMBERS("ok"),
  },
  // ----- JSON API: swaps -----
  { area: "api", route: "GET /api/v1/swaps", method: "GET", path: "/api/v1/swaps", expect: MEMBERS("ok") },
  {
    area: "api",
    route: "GET /api/v1/swaps/:id",
    method: "GET",
    path: "/api/v1/swaps/:swapId",
    target: "receivedSwap",
    expect: OWNER("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/swaps",
    method: "POST",
    path: "/api/v1/swaps",
    target: "offer",
    body: (t) => ({ json: { targetListingId: t.listingId, offeredListingId: t.offeredId, message: "Keen to swap?" } }),
    expect: MEMBERS("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/swaps/:id/accept",
    method: "POST",
    path: "/api/v1/swaps/:swapId/accept",
    target: "receivedSwap",
    expect: OWNER("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/swaps/:id/decline",
    method: "POST",
    path: "/api/v1/swaps/:swapId/decline",
    target: "receivedSwap",
    expect: OWNER("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/swaps/:id/withdraw",
    method: "POST",
    path: "/api/v1/swaps/:swapId/withdraw",
    target: "sentSwap",
    expect: OWNER("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/swaps/:id/pay",
    method: "POST",
    path: "/api/v1/swaps/:swapId/pay",
    target: "acceptedSwap",
    expect: OWNER("ok"),
  },
  {
    area: "api",
    route: "POST /api/v1/swaps/:id/review",
    method: "POST",
    path: "/api/v1/swaps/:swapId/review",
    target: "completedSwap",
    body: () => ({ json: { rating: 5, comment: "Smooth swap" } }),
    expect: OWNER("ok"),
  },
  { area: "api", route: "ALL /api/v1/*", method: "GET", path: "/api/v1/no-such-thing", expect: EVERYONE("not-found") },

  // ----- Files -----
  {
    area: "files",
    route: "GET /uploads/*",
    method: "GET",
    path: "/uploads/:file",
    target: "publicPicture",
    expect: EVERYONE("ok"),
    note: "hidden pictures and avatars: idor.test.ts",
  },

  // ----- Payment webhooks -----
  {
    area: "webhooks",
    route: "POST /api/webhooks/:provider{local|stripe}",
    method: "POST",
    path: "/api/webhooks/local",
    body: () => ({ json: { type: "checkout.completed" } }),
    expect: EVERYONE("invalid"),
    note: "unsigned: no cookie stands in for the signature",
  },
  {
    area: "webhooks",
    route: "POST /api/webhooks/:provider{local|stripe}",
    method: "POST",
    path: "/api/webhooks/stripe",
    body: () => ({ json: {} }),
    expect: EVERYONE("not-found"),
    note: "only the configured provider's endpoint answers",
  },
  {
    area: "webhooks",
    route: "ALL /api/webhooks/*",
    method: "GET",
    path: "/api/webhooks/local",
    expect: EVERYONE("not-found"),
  },

  // ----- Better Auth's own endpoints: closed but for the identity providers' callback -----
  {
    area: "auth api",
    route: "ALL /api/auth/*",
    method: "GET",
    path: "/api/auth/get-session",
    expect: EVERYONE("not-found"),
  },
  {
    area: "auth api",
    route: "ALL /api/auth/*",
    method: "POST",
    path: "/api/auth/sign-in/email",
    body: () => ({ json: { email: "a@example.com", password: MEMBER_PASSWORD } }),
    expect: EVERYONE("not-found"),
  },
  {
    area: "auth api",
    route: "ALL /api/auth/*",
    method: "GET",
    path: "/api/auth/callback/google?state=forged&code=x",
    expect: EVERYONE("to-sign-in"),
    quiet: true,
    note: "no state cookie: back to sign in with an error, no session",
  },

  // ----- Operations -----
  { area: "ops", route: "GET /healthz", method: "GET", path: "/healthz", expect: EVERYONE("ok") },
  { area: "ops", route: "GET /readyz", method: "GET", path: "/readyz", expect: EVERYONE("ok") },
  {
    area: "ops",
    route: "GET /metrics",
    method: "GET",
    path: "/metrics",
    expect: EVERYONE("declined"),
    note: "its bearer token only; no session opens it",
  },
  {
    area: "ops",
    route: "ALL /*",
    method: "GET",
    path: "/no-such-page",
    expect: EVERYONE("not-found"),
    note: "the middleware and the page handler: every page row above",
  },
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
