// The IDOR sweep: for every route that takes an id (listing, swap, payment, report, user, session, passkey, identity,
// picture, avatar), a member sends another member's id. Each attempt must be refused (404, 403 or the route's
// refusal) AND change nothing: every table's rows are the same before and after (only the records of the attempt
// itself, rate-limit counters and security events, may grow). Each case then sends the same request as the owner (or
// an admin, for back-office ids) and expects it to work, so a refusal is about whose id it is, not a bad request.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listings } from "../../db/schema/listings";
import { profiles } from "../../db/schema/profiles";
import { createMember, GOOD_LISTING } from "../support/factories";
import { createTestDatabase } from "../support/test-db";
import { classify, type Outcome } from "./route-access";
import { type Actor, type Answer, type Body, changedTables, createWorld, tableFingerprints, type World } from "./world";

const handle = await createTestDatabase();
let w: World;
beforeAll(async () => {
  w = await createWorld(handle);
}, 120_000);

const figures = { cases: 0, requests: 0, refused: 0, unchanged: 0, errors: 0, kinds: new Map<string, number>() };
afterAll(async () => {
  console.info(
    [
      "IDOR sweep:",
      `  cases ${figures.cases} (${[...figures.kinds].map(([k, n]) => `${k} ${n}`).join(", ")})`,
      `  requests ${figures.requests}: another member's id refused ${figures.refused}, database unchanged ${figures.unchanged}, 5xx ${figures.errors}`,
    ].join("\n"),
  );
  w?.close();
  await handle.close();
});

type Request = { as: Actor; method: string; path: string; body?: Body };
type Case = {
  /** Makes the victim's object; returns the ids the requests use. */
  setup: () => Promise<Record<string, string>>;
  /** Another member (or, for the back office, a member) sends the victim's id. */
  attempt: (t: Record<string, string>) => Request;
  /** How the refusal looks; by default a 404 or the route's refusal. */
  refusedAs?: Outcome[];
  /** The same request by whoever may: it works (and, with `changes`, changes something). */
  control: (t: Record<string, string>) => Request & { expect: Outcome; changes?: boolean };
  /** More to check in the attempt's answer (a 200 page that must not show the object). */
  check?: (answer: Answer & { body: string }, t: Record<string, string>) => void;
};

const form = (fields: Record<string, string>): Body => ({ form: fields });
function listingForm(jpeg: Buffer): Body {
  const multipart = new FormData();
  for (const [k, v] of Object.entries({ ...GOOD_LISTING, title: "Changed by someone else" })) multipart.append(k, v);
  multipart.append("images", new File([new Uint8Array(jpeg)], "photo.jpg", { type: "image/jpeg" }));
  return { multipart };
}

/** Sends a request and reads the body as text too (for .data answers). */
async function send(r: Request): Promise<Answer & { body: string }> {
  figures.requests++;
  if (r.path.includes(".data")) {
    const res = await w.app.request(r.path, { method: r.method, headers: { cookie: r.as.cookie } });
    const body = await res.text();
    return { status: res.status, location: res.headers.get("location"), flash: null, json: null, body };
  }
  return { ...(await w.send(r.as, r.method, r.path, r.body)), body: "" };
}

/** Taken down by moderators: its page is gone for everyone, its pictures are its owner's only. */
async function hideListing(id: string) {
  await w.db
    .update(listings)
    .set({ status: "cancelled", moderationStatus: "takedown", takedownReason: "terms" })
    .where(eq(listings.id, id));
}

/** Held for review after reports: hidden from everyone but its owner, who still sees its page. */
async function holdListing(id: string) {
  await w.db.update(listings).set({ moderationStatus: "pending", isFlagged: true }).where(eq(listings.id, id));
}

/** The URL of a listing's first stored picture. */
async function pictureOf(listingId: string) {
  const [row] = await w.db.select({ images: listings.images }).from(listings).where(eq(listings.id, listingId));
  const image = (row.images as { key: string; widths: number[] }[])[0];
  return `/uploads/${image.key}-${image.widths[0]}.webp`;
}

/** A new member with a profile picture (uploaded on My Account as they would); returns them and its URL. */
async function memberWithAvatar() {
  const m = await createMember({ post: w.post }, { name: "Ava Avatar" });
  const multipart = new FormData();
  multipart.append("intent", "avatar");
  multipart.append("avatar", new File([new Uint8Array(w.jpeg)], "me.jpg", { type: "image/jpeg" }));
  const actor: Actor = { name: "otherMember", userId: m.userId, email: m.email, cookie: m.cookie };
  const saved = await w.send(actor, "POST", "/account?index", { multipart });
  if (saved.status !== 302) throw new Error(`avatar upload answered ${saved.status}`);
  const [profile] = await w.db
    .select({ avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.userId, m.userId));
  return { actor, url: profile.avatarUrl as string };
}

function cases(): Record<string, Record<string, Case>> {
  const attacker = () => w.actors.member;
  const victim = () => w.actors.otherMember;
  const admin = () => w.actors.admin;
  const olive = () => w.owner.userId as string;
  const b = () => victim().userId as string;
  const a = () => attacker().userId as string;
  return {
    listing: {
      "a listing held for review: its page": {
        setup: async () => {
          const listingId = await w.insertListing(b());
          await holdListing(listingId);
          return { listingId };
        },
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/listings/${t.listingId}` }),
        control: (t) => ({ as: victim(), method: "GET", path: `/listings/${t.listingId}`, expect: "ok" }),
      },
      "a listing held for review: GET /api/v1/listings/:id": {
        setup: async () => {
          const listingId = await w.insertListing(b());
          await holdListing(listingId);
          return { listingId };
        },
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/api/v1/listings/${t.listingId}` }),
        control: (t) => ({ as: victim(), method: "GET", path: `/api/v1/listings/${t.listingId}`, expect: "ok" }),
      },
      "the edit page": {
        setup: async () => ({ listingId: await w.insertListing(b()) }),
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/listings/${t.listingId}/edit` }),
        control: (t) => ({ as: victim(), method: "GET", path: `/listings/${t.listingId}/edit`, expect: "ok" }),
      },
      "the edit form": {
        setup: async () => ({ listingId: await w.insertListing(b()) }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.listingId}/edit`,
          body: listingForm(w.jpeg),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: `/listings/${t.listingId}/edit`,
          body: listingForm(w.jpeg),
          expect: "redirect",
          changes: true,
        }),
      },
      "PUT /api/v1/listings/:id": {
        setup: async () => ({ listingId: await w.insertListing(b()) }),
        attempt: (t) => ({
          as: attacker(),
          method: "PUT",
          path: `/api/v1/listings/${t.listingId}`,
          body: listingForm(w.jpeg),
        }),
        control: (t) => ({
          as: victim(),
          method: "PUT",
          path: `/api/v1/listings/${t.listingId}`,
          body: listingForm(w.jpeg),
          expect: "ok",
          changes: true,
        }),
      },
      "delete on the listing page": {
        setup: async () => ({ listingId: await w.insertListing(b()) }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.listingId}`,
          body: form({ intent: "delete", confirmed: "yes" }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: `/listings/${t.listingId}`,
          body: form({ intent: "delete", confirmed: "yes" }),
          expect: "redirect",
          changes: true,
        }),
      },
      "delete on My Listings": {
        setup: async () => ({ listingId: await w.insertListing(b()) }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: "/my-listings",
          body: form({ listingId: t.listingId, confirmed: "yes" }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: "/my-listings",
          body: form({ listingId: t.listingId, confirmed: "yes" }),
          expect: "redirect",
          changes: true,
        }),
      },
      "DELETE /api/v1/listings/:id": {
        setup: async () => ({ listingId: await w.insertListing(b()) }),
        attempt: (t) => ({ as: attacker(), method: "DELETE", path: `/api/v1/listings/${t.listingId}` }),
        control: (t) => ({
          as: victim(),
          method: "DELETE",
          path: `/api/v1/listings/${t.listingId}`,
          expect: "ok",
          changes: true,
        }),
      },
      "favourite a hidden listing (page)": {
        setup: async () => {
          const hidden = await w.insertListing(b());
          await hideListing(hidden);
          return { hidden, open: await w.insertListing(b()) };
        },
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.hidden}/favourite`,
          body: form({ favourite: "true", via: "fetcher" }),
        }),
        control: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.open}/favourite`,
          body: form({ favourite: "true", via: "fetcher" }),
          expect: "ok",
          changes: true,
        }),
      },
      "favourite a hidden listing (API)": {
        setup: async () => {
          const hidden = await w.insertListing(b());
          await hideListing(hidden);
          return { hidden, open: await w.insertListing(b()) };
        },
        attempt: (t) => ({ as: attacker(), method: "PUT", path: `/api/v1/listings/${t.hidden}/favourite` }),
        control: (t) => ({
          as: attacker(),
          method: "PUT",
          path: `/api/v1/listings/${t.open}/favourite`,
          expect: "ok",
          changes: true,
        }),
      },
      "report a hidden listing": {
        setup: async () => {
          const hidden = await w.insertListing(b());
          await hideListing(hidden);
          return { hidden, open: await w.insertListing(b()) };
        },
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.hidden}/report`,
          body: form({ reason: "spam", via: "fetcher" }),
        }),
        control: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.open}/report`,
          body: form({ reason: "spam", via: "fetcher" }),
          expect: "ok",
          changes: true,
        }),
      },
      "a listing held for review: its report page": {
        setup: async () => {
          const hidden = await w.insertListing(b());
          await holdListing(hidden);
          return { hidden };
        },
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/listings/${t.hidden}/report` }),
        control: (t) => ({ as: victim(), method: "GET", path: `/listings/${t.hidden}`, expect: "ok" }),
      },
      "propose on a hidden listing": {
        setup: async () => {
          const hidden = await w.insertListing(b());
          await hideListing(hidden);
          return { hidden, open: await w.insertListing(b()), mine: await w.insertListing(a()) };
        },
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.hidden}/propose`,
          body: form({ offeredListingId: t.mine, via: "dialog" }),
        }),
        control: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.open}/propose`,
          body: form({ offeredListingId: t.mine, via: "dialog" }),
          expect: "ok",
          changes: true,
        }),
      },
      "offer another member's listing as one's own (page)": {
        setup: async () => ({
          target: await w.insertListing(olive()),
          theirs: await w.insertListing(b()),
          mine: await w.insertListing(a()),
        }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.target}/propose`,
          body: form({ offeredListingId: t.theirs, via: "dialog" }),
        }),
        refusedAs: ["not-found", "declined", "invalid"],
        control: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/listings/${t.target}/propose`,
          body: form({ offeredListingId: t.mine, via: "dialog" }),
          expect: "ok",
          changes: true,
        }),
      },
      "offer another member's listing as one's own (API)": {
        setup: async () => ({
          target: await w.insertListing(olive()),
          theirs: await w.insertListing(b()),
          mine: await w.insertListing(a()),
        }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: "/api/v1/swaps",
          body: { json: { targetListingId: t.target, offeredListingId: t.theirs } },
        }),
        refusedAs: ["not-found", "declined", "invalid"],
        control: (t) => ({
          as: attacker(),
          method: "POST",
          path: "/api/v1/swaps",
          body: { json: { targetListingId: t.target, offeredListingId: t.mine } },
          expect: "ok",
          changes: true,
        }),
      },
    },
    swap: {
      "GET /api/v1/swaps/:id": {
        setup: async () => ({ swapId: (await w.insertSwap(olive(), b(), "pending")).swapId }),
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/api/v1/swaps/${t.swapId}` }),
        control: (t) => ({ as: victim(), method: "GET", path: `/api/v1/swaps/${t.swapId}`, expect: "ok" }),
      },
      "the confirmation step on My Swaps": {
        setup: async () => ({ swapId: (await w.insertSwap(olive(), b(), "pending")).swapId }),
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/my-swaps.data?confirm=accept&swap=${t.swapId}` }),
        refusedAs: ["ok"],
        check: (answer, t) => expect(answer.body, "another's swap is not shown").not.toContain(t.swapId),
        control: (t) => ({
          as: victim(),
          method: "GET",
          path: `/my-swaps.data?confirm=accept&swap=${t.swapId}`,
          expect: "ok",
        }),
      },
      ...Object.fromEntries(
        (
          [
            ["accept", "received"],
            ["decline", "received"],
            ["withdraw", "sent"],
          ] as const
        ).flatMap(([intent, side]) => {
          const setup = async () => ({
            swapId: (
              await (side === "received"
                ? w.insertSwap(olive(), b(), "pending")
                : w.insertSwap(b(), olive(), "pending"))
            ).swapId,
          });
          return [
            [
              `${intent} on My Swaps`,
              {
                setup,
                attempt: (t) => ({
                  as: attacker(),
                  method: "POST",
                  path: "/my-swaps",
                  body: form({ intent, swapId: t.swapId, confirm: "yes" }),
                }),
                control: (t) => ({
                  as: victim(),
                  method: "POST",
                  path: "/my-swaps",
                  body: form({ intent, swapId: t.swapId, confirm: "yes" }),
                  expect: "redirect",
                  changes: true,
                }),
              } satisfies Case,
            ],
            [
              `POST /api/v1/swaps/:id/${intent}`,
              {
                setup,
                attempt: (t) => ({ as: attacker(), method: "POST", path: `/api/v1/swaps/${t.swapId}/${intent}` }),
                control: (t) => ({
                  as: victim(),
                  method: "POST",
                  path: `/api/v1/swaps/${t.swapId}/${intent}`,
                  expect: "ok",
                  changes: true,
                }),
              } satisfies Case,
            ],
          ];
        }),
      ),
      "review on My Swaps": {
        setup: async () => ({ swapId: (await w.insertSwap(b(), olive(), "completed")).swapId }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: "/my-swaps",
          body: form({ intent: "review", swapId: t.swapId, rating: "1", comment: "Awful" }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: "/my-swaps",
          body: form({ intent: "review", swapId: t.swapId, rating: "5" }),
          expect: "redirect",
          changes: true,
        }),
      },
      "POST /api/v1/swaps/:id/review": {
        setup: async () => ({ swapId: (await w.insertSwap(b(), olive(), "completed")).swapId }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/api/v1/swaps/${t.swapId}/review`,
          body: { json: { rating: 1, comment: "Awful" } },
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: `/api/v1/swaps/${t.swapId}/review`,
          body: { json: { rating: 5 } },
          expect: "ok",
          changes: true,
        }),
      },
    },
    payment: {
      "pay on My Swaps": {
        setup: async () => ({ swapId: (await w.insertSwap(b(), olive(), "accepted")).swapId }),
        attempt: (t) => ({ as: attacker(), method: "POST", path: `/my-swaps/${t.swapId}/pay`, body: form({}) }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: `/my-swaps/${t.swapId}/pay`,
          body: form({}),
          expect: "redirect",
          changes: true,
        }),
      },
      "POST /api/v1/swaps/:id/pay": {
        setup: async () => ({ swapId: (await w.insertSwap(b(), olive(), "accepted")).swapId }),
        attempt: (t) => ({ as: attacker(), method: "POST", path: `/api/v1/swaps/${t.swapId}/pay` }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: `/api/v1/swaps/${t.swapId}/pay`,
          expect: "ok",
          changes: true,
        }),
      },
      "another's checkout page": {
        setup: async () => w.openCheckout(b(), olive()),
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/checkout/${t.sessionId}` }),
        control: (t) => ({ as: victim(), method: "GET", path: `/checkout/${t.sessionId}`, expect: "ok" }),
      },
      "paying another's checkout": {
        setup: async () => w.openCheckout(b(), olive()),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/checkout/${t.sessionId}`,
          body: form({ cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: `/checkout/${t.sessionId}`,
          body: form({ cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }),
          expect: "redirect",
          changes: true,
        }),
      },
    },
    report: {
      "a report in the Moderation Queue": {
        setup: async () => ({ reportId: await w.insertReport(await w.insertListing(olive()), b()) }),
        attempt: (t) => ({ as: victim(), method: "GET", path: `/admin/moderation?report=${t.reportId}` }),
        refusedAs: ["refused"],
        control: (t) => ({ as: admin(), method: "GET", path: `/admin/moderation?report=${t.reportId}`, expect: "ok" }),
      },
      "reviewing a report": {
        setup: async () => ({ reportId: await w.insertReport(await w.insertListing(olive()), b()) }),
        attempt: (t) => ({
          as: victim(),
          method: "POST",
          path: "/admin/moderation",
          body: form({ review: "reject", reportId: t.reportId, notes: "Mine" }),
        }),
        refusedAs: ["refused"],
        control: (t) => ({
          as: admin(),
          method: "POST",
          path: "/admin/moderation",
          body: form({ review: "reject", reportId: t.reportId, notes: "Checked" }),
          expect: "redirect",
          changes: true,
        }),
      },
    },
    user: {
      "a member's page in the back office": {
        setup: async () => ({ userId: b() }),
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/admin/users/${t.userId}` }),
        refusedAs: ["refused"],
        control: (t) => ({ as: admin(), method: "GET", path: `/admin/users/${t.userId}`, expect: "ok" }),
      },
      "suspending a member": {
        setup: async () => ({ userId: await w.throwaway() }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/admin/users/${t.userId}`,
          body: form({ intent: "suspend", reason: "Mine" }),
        }),
        refusedAs: ["refused"],
        control: (t) => ({
          as: admin(),
          method: "POST",
          path: `/admin/users/${t.userId}`,
          body: form({ intent: "suspend", reason: "Spam" }),
          expect: "redirect",
          changes: true,
        }),
      },
      "exporting a member's data": {
        setup: async () => ({ userId: b() }),
        attempt: (t) => ({ as: attacker(), method: "POST", path: `/admin/users/${t.userId}/export`, body: form({}) }),
        refusedAs: ["refused"],
        control: (t) => ({
          as: admin(),
          method: "POST",
          path: `/admin/users/${t.userId}/export`,
          body: form({}),
          expect: "ok",
          changes: true,
        }),
      },
    },
    session: {
      "signing out another member's device": {
        setup: async () => ({ sessionId: await w.insertSession(b()) }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: "/account/sessions",
          body: form({ intent: "revoke", sessionId: t.sessionId }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: "/account/sessions",
          body: form({ intent: "revoke", sessionId: t.sessionId }),
          expect: "redirect",
          changes: true,
        }),
      },
    },
    passkey: {
      "renaming another member's passkey": {
        setup: async () => ({ passkeyId: await w.insertPasskey(b()) }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: "/account/passkeys",
          body: form({ intent: "rename", passkeyId: t.passkeyId, name: "Stolen" }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: "/account/passkeys",
          body: form({ intent: "rename", passkeyId: t.passkeyId, name: "Home laptop" }),
          expect: "redirect",
          changes: true,
        }),
      },
      "removing another member's passkey": {
        setup: async () => ({ passkeyId: await w.insertPasskey(b()) }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: "/account/passkeys",
          body: form({ intent: "remove", passkeyId: t.passkeyId }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: "/account/passkeys",
          body: form({ intent: "remove", passkeyId: t.passkeyId }),
          expect: "redirect",
          changes: true,
        }),
      },
    },
    identity: {
      "unlinking another member's identity": {
        setup: async () => ({ identityId: await w.insertIdentity(b()) }),
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: "/account/identities",
          body: form({ intent: "unlink", identityId: t.identityId }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: "/account/identities",
          body: form({ intent: "unlink", identityId: t.identityId }),
          expect: "redirect",
          changes: true,
        }),
      },
    },
    picture: {
      "a taken-down listing's picture": {
        setup: async () => {
          const listingId = await w.listingWithPicture(victim().cookie);
          await hideListing(listingId);
          return { url: await pictureOf(listingId) };
        },
        attempt: (t) => ({ as: attacker(), method: "GET", path: t.url }),
        control: (t) => ({ as: victim(), method: "GET", path: t.url, expect: "ok" }),
      },
      "a deleted listing's picture": {
        setup: async () => {
          const listingId = await w.listingWithPicture(victim().cookie);
          const url = await pictureOf(listingId);
          const deleted = await w.send(victim(), "DELETE", `/api/v1/listings/${listingId}`);
          if (deleted.status !== 200) throw new Error(`delete answered ${deleted.status}`);
          return { url };
        },
        attempt: (t) => ({ as: attacker(), method: "GET", path: t.url }),
        control: (t) => ({ as: victim(), method: "GET", path: t.url, expect: "ok" }),
      },
      "a suspended member's avatar": {
        setup: async () => {
          const { actor, url } = await memberWithAvatar();
          const seen = await w.send(attacker(), "GET", url);
          if (seen.status !== 200) throw new Error(`a member in good standing's avatar answered ${seen.status}`);
          await w.suspend(actor.userId as string);
          return { url };
        },
        attempt: (t) => ({ as: attacker(), method: "GET", path: t.url }),
        // The control: the same picture was shown to the same member a moment before (in setup); staff do not see it either.
        control: (t) => ({ as: w.actors.admin, method: "GET", path: t.url, expect: "not-found" }),
      },
      "a deleted member's avatar": {
        setup: async () => {
          const { actor, url } = await memberWithAvatar();
          const seen = await w.send(attacker(), "GET", url);
          if (seen.status !== 200) throw new Error(`a member in good standing's avatar answered ${seen.status}`);
          const now = new Date();
          await w.db
            .update(profiles)
            .set({ deletedAt: now, permanentDeletionAt: new Date(now.getTime() + 30 * 24 * 3600_000) })
            .where(eq(profiles.userId, actor.userId as string));
          return { url };
        },
        attempt: (t) => ({ as: attacker(), method: "GET", path: t.url }),
        control: (t) => ({ as: w.actors.visitor, method: "GET", path: t.url, expect: "not-found" }),
      },
    },
  };
}

const CASES = cases();
for (const [kind, byName] of Object.entries(CASES)) {
  describe(`${kind} ids`, () => {
    for (const [name, c] of Object.entries(byName)) {
      test(`another member's id is refused and changes nothing: ${name}`, async () => {
        figures.cases++;
        figures.kinds.set(kind, (figures.kinds.get(kind) ?? 0) + 1);
        const t = await c.setup();
        const before = await tableFingerprints(w.db);
        const answer = await send(c.attempt(t));
        const changed = changedTables(before, await tableFingerprints(w.db));
        const outcome = classify(answer);
        if (outcome === "error") figures.errors++;
        const refusedAs = c.refusedAs ?? ["not-found", "declined"];
        if (refusedAs.includes(outcome as Outcome)) figures.refused++;
        if (changed.length === 0) figures.unchanged++;
        expect(outcome, `answered ${answer.status} ${answer.location ?? ""} ${answer.flash?.message ?? ""}`).toBeOneOf(
          refusedAs,
        );
        expect(changed, "tables the attempt changed").toEqual([]);
        c.check?.(answer, t);

        const control = c.control(t);
        const beforeControl = await tableFingerprints(w.db);
        const allowed = await send(control);
        const outcomeAllowed = classify(allowed);
        if (outcomeAllowed === "error") figures.errors++;
        expect(
          outcomeAllowed,
          `the owner's request answered ${allowed.status} ${allowed.location ?? ""} ${allowed.flash?.message ?? ""}`,
        ).toBe(control.expect);
        if (control.changes)
          expect(
            changedTables(beforeControl, await tableFingerprints(w.db)).length,
            "the owner's request changed something",
          ).toBeGreaterThan(0);
        if (control.path.includes(".data")) expect(allowed.body).toContain(t.swapId);
      });
    }
  });
}
