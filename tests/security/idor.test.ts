// The IDOR sweep: for every route that takes an id (listing, swap, swap circle, payment, report, user, session,
// passkey, identity, picture, avatar), a member sends another member's id. Each attempt must be refused (404, 403 or the route's
// refusal) AND change nothing: every table's rows are the same before and after (only the records of the attempt
// itself, rate-limit counters and security events, may grow). Each case then sends the same request as the owner (or
// an admin, for back-office ids) and expects it to work, so a refusal is about whose id it is, not a bad request.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { acceptCircle } from "#core/circles/accept-circle.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import { signUnsubscribeToken } from "#core/notifications/unsubscribe-token.ts";
import { systemClock } from "#core/shared/clock.ts";
import { circleKey } from "#core/swaps/find-swap-circles.ts";
import { conversationMessages, memberBlocks } from "#db/schema/conversations.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { notifications, pushSubscriptions } from "#db/schema/notifications.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { swapProblems } from "#db/schema/swaps.ts";
import { GOOD_LISTING, signUpMember } from "../support/api-factories";
import { createConversation, createMessage } from "../support/factories";
import { browserSubscription } from "../support/push-fixtures";
import { createTestDatabase } from "../support/test-db";
import { classify, fillPath, type Outcome } from "./route-access";
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

type Fields = Record<string, string>;
const form = (fields: Fields): Body => ({ form: fields });
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
  const m = await signUpMember({ post: w.post }, { name: "Ava Avatar" });
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

/** A request without who sends it: the attempt and its control send the same one as two different people. */
type Sent = Omit<Request, "as">;
type Allowed = { expect: Outcome; changes?: boolean };

function cases(): Record<string, Record<string, Case>> {
  const attacker = () => w.actors.member;
  const victim = () => w.actors.otherMember;
  const admin = () => w.actors.admin;
  const olive = () => w.owner.userId as string;
  const b = () => victim().userId as string;
  const a = () => attacker().userId as string;

  /** The same request: refused from `from` (the attacker), and it works from `by` (the object's owner). */
  const sameRequest = (
    request: (t: Record<string, string>) => Sent,
    { from = attacker, by = victim, ...allowed }: Allowed & { from?: () => Actor; by?: () => Actor },
  ): Pick<Case, "attempt" | "control"> => ({
    attempt: (t) => ({ as: from(), ...request(t) }),
    control: (t) => ({ as: by(), ...request(t), ...allowed }),
  });
  /** The attacker sends it about a hidden listing (refused), then about an open one (it works). */
  const hiddenThenOpen = (
    request: (listingId: string) => Sent,
    allowed: Allowed,
  ): Pick<Case, "attempt" | "control"> => ({
    attempt: (t) => ({ as: attacker(), ...request(t.hidden) }),
    control: (t) => ({ as: attacker(), ...request(t.open), ...allowed }),
  });
  /** Back-office ids: a member is refused what an admin may. */
  const staffOnly = (request: (t: Record<string, string>) => Sent, allowed: Allowed, from = attacker) => ({
    refusedAs: ["refused"] as Outcome[],
    ...sameRequest(request, { from, by: admin, ...allowed }),
  });

  const victimsListing = async () => ({ listingId: await w.insertListing(b()) });
  /** The victim's listing, held for review after reports (or taken down with `hide`). */
  const victimsHeldListing = async () => {
    const listingId = await w.insertListing(b());
    await holdListing(listingId);
    return { listingId };
  };
  const hiddenAndOpen = async () => {
    const hidden = await w.insertListing(b());
    await hideListing(hidden);
    return { hidden, open: await w.insertListing(b()), mine: await w.insertListing(a()) };
  };
  const pendingSwap = (side: "received" | "sent") => async () => ({
    swapId: (
      await (side === "received" ? w.insertSwap(olive(), b(), "pending") : w.insertSwap(b(), olive(), "pending"))
    ).swapId,
  });
  const victimsSwap = (status: "accepted" | "completed") => async () => ({
    swapId: (await w.insertSwap(b(), olive(), status)).swapId,
  });
  /** A swap circle of two between the victim and Olive (decisions 104 to 112), taken as far as `stage`. */
  const victimsCircle =
    (stage: "offered" | "accepted" | "arranging" | "completed", problem = false) =>
    async (): Promise<Record<string, string>> => {
      const members = [b(), olive()];
      const owned = [await w.insertListing(b()), await w.insertListing(olive())];
      const legs = members.map((giverId, i) => ({ giverId, listingId: owned[i], receiverId: members[1 - i] }));
      const circleId = await w.db.transaction((tx) =>
        offerCircle(tx, { legs, key: circleKey(legs), fairness: 1 }, { now: new Date() }),
      );
      if (!circleId) throw new Error("the sweep's circle was not offered");
      if (stage !== "offered")
        for (const userId of members) await acceptCircle({ db: w.db, clock: systemClock }, { circleId, userId });
      const now = new Date();
      if (stage === "arranging" || stage === "completed") {
        await w.db
          .update(swapCircleLegs)
          .set({ paidAt: now, ...(stage === "completed" ? { swappedAt: now } : {}) })
          .where(eq(swapCircleLegs.circleId, circleId));
        await w.db
          .update(swapCircles)
          .set(
            stage === "completed"
              ? { status: "completed", handshakeAt: now, completedAt: now, completedHow: "confirmed" }
              : { status: "arranging", handshakeAt: now },
          )
          .where(eq(swapCircles.id, circleId));
      }
      if (!problem) return { circleId };
      const [row] = await w.db
        .insert(swapProblems)
        .values({ circleId, reportedBy: b(), kind: "no_show", details: "Nobody came" })
        .returning();
      return { circleId, problemId: row.id };
    };
  /** The victim's thread about Olive's listing, with Olive's answer in it. */
  const victimsThread = async () => {
    const { conversationId } = await createConversation(w.db, { ownerId: olive(), askerId: b() });
    const { messageId } = await createMessage(w.db, {
      conversationId,
      senderId: olive(),
      body: "Yes, still available.",
    });
    return { threadId: conversationId, messageId };
  };
  /** The victim's thread with Olive, and one of the attacker's own with Olive: a line named through the wrong one. */
  const victimsLineAndAttackersThread = async () => {
    const victims = await victimsThread();
    const { conversationId } = await createConversation(w.db, {
      ownerId: olive(),
      askerId: a(),
      listingId: await w.insertListing(olive()),
    });
    return { ...victims, ownThreadId: conversationId };
  };
  /** The victim's pending report of Olive's line in their thread (decision 086). */
  const messageReportByVictim = async () => {
    const { threadId, messageId } = await victimsThread();
    const [row] = await w.db
      .insert(moderationReports)
      .values({ subject: "message", messageId, conversationId: threadId, reportedBy: b(), reason: "fraud" })
      .returning();
    return { reportId: row.id };
  };
  /** A message with a picture, as the thread page and an API client send it (decision 087). */
  const withPicture = (fields: Record<string, string> = {}): Body => {
    const multipart = new FormData();
    for (const [k, v] of Object.entries({ body: "The blade, close up", ...fields })) multipart.append(k, v);
    multipart.append("pictures", new File([new Uint8Array(w.jpeg)], "blade.jpg", { type: "image/jpeg" }));
    return { multipart };
  };
  /** The victim's thread with Olive, and a picture Olive sent in it: its address. */
  const victimsThreadPicture = async () => {
    const { threadId } = await victimsThread();
    const sent = await w.send(w.owner, "POST", `/api/v1/conversations/${threadId}/messages`, withPicture());
    if (sent.status !== 201) throw new Error(`picture not sent: ${sent.status}`);
    const rows = await w.db
      .select({ pictures: conversationMessages.pictures })
      .from(conversationMessages)
      .where(eq(conversationMessages.conversationId, threadId));
    const [picture] = rows.flatMap((row) => row.pictures);
    return { threadId, url: `/uploads/${picture.key}-${picture.widths[0]}.webp` };
  };
  const reportByVictim = async () => ({ reportId: await w.insertReport(await w.insertListing(olive()), b()) });
  const offerTheirs = async () => ({
    target: await w.insertListing(olive()),
    theirs: await w.insertListing(b()),
    mine: await w.insertListing(a()),
  });
  /** A picture the attacker saw a moment ago, of a member who then left (`leave`): nobody sees it now. */
  const avatarOfLeaver = (leave: (userId: string) => Promise<unknown>) => async () => {
    const { actor, url } = await memberWithAvatar();
    const seen = await w.send(attacker(), "GET", url);
    if (seen.status !== 200) throw new Error(`a member in good standing's avatar answered ${seen.status}`);
    await leave(actor.userId as string);
    return { url };
  };
  /** An unread notice of the victim's. */
  const victimsNotice = async () => {
    const [row] = await w.db
      .insert(notifications)
      .values({ userId: b(), kind: "listing.approved", payload: { listingId: w.publicListingId, title: "Drill" } })
      .returning();
    return { notificationId: row.id };
  };
  const get = (path: (t: Record<string, string>) => string) => (t: Record<string, string>) => ({
    method: "GET",
    path: path(t),
  });
  /** A form posted to `path` (its :names filled from the target), with the fields the target fills. */
  const post =
    (path: string, fields: Fields | ((t: Record<string, string>) => Fields)) => (t: Record<string, string>) => ({
      method: "POST",
      path: fillPath(path, t),
      body: form(typeof fields === "function" ? fields(t) : fields),
    });
  const done = { expect: "redirect", changes: true } as const;
  const works = { expect: "ok", changes: true } as const;
  /** One of the victim's own account records, sent by its id to its account page's form. */
  const victimsOwn = (
    kind: "session" | "passkey" | "identity",
    path: string,
    fields: Fields,
  ): Pick<Case, "setup" | "attempt" | "control"> => {
    const key = `${kind}Id`;
    // The world is made before the first test, after this table: look the insert up when the case runs.
    const insert = () => ({ session: w.insertSession, passkey: w.insertPasskey, identity: w.insertIdentity })[kind];
    return {
      setup: async () => ({ [key]: await insert()(b()) }),
      ...sameRequest(
        post(path, (t) => ({ ...fields, [key]: t[key] })),
        done,
      ),
    };
  };

  return {
    listing: {
      "a listing held for review: its page": {
        setup: victimsHeldListing,
        ...sameRequest(
          get((t) => `/listings/${t.listingId}`),
          { expect: "ok" },
        ),
      },
      "a listing held for review: GET /api/v1/listings/:id": {
        setup: victimsHeldListing,
        ...sameRequest(
          get((t) => `/api/v1/listings/${t.listingId}`),
          { expect: "ok" },
        ),
      },
      "the edit page": {
        setup: victimsListing,
        ...sameRequest(
          get((t) => `/listings/${t.listingId}/edit`),
          { expect: "ok" },
        ),
      },
      "the edit form": {
        setup: victimsListing,
        ...sameRequest(
          (t) => ({ method: "POST", path: `/listings/${t.listingId}/edit`, body: listingForm(w.jpeg) }),
          done,
        ),
      },
      "PUT /api/v1/listings/:id": {
        setup: victimsListing,
        ...sameRequest(
          (t) => ({ method: "PUT", path: `/api/v1/listings/${t.listingId}`, body: listingForm(w.jpeg) }),
          works,
        ),
      },
      "delete on the listing page": {
        setup: victimsListing,
        ...sameRequest(post("/listings/:listingId", { intent: "delete", confirmed: "yes" }), done),
      },
      "delete on My Listings": {
        setup: victimsListing,
        ...sameRequest(
          post("/my-listings", (t) => ({ listingId: t.listingId, confirmed: "yes" })),
          done,
        ),
      },
      "DELETE /api/v1/listings/:id": {
        setup: victimsListing,
        ...sameRequest((t) => ({ method: "DELETE", path: `/api/v1/listings/${t.listingId}` }), works),
      },
      "favourite a hidden listing (page)": {
        setup: hiddenAndOpen,
        ...hiddenThenOpen(
          (id) => ({
            method: "POST",
            path: `/listings/${id}/favourite`,
            body: form({ favourite: "true", via: "fetcher" }),
          }),
          works,
        ),
      },
      "favourite a hidden listing (API)": {
        setup: hiddenAndOpen,
        ...hiddenThenOpen((id) => ({ method: "PUT", path: `/api/v1/listings/${id}/favourite` }), works),
      },
      "report a hidden listing": {
        setup: hiddenAndOpen,
        ...hiddenThenOpen(
          (id) => ({ method: "POST", path: `/listings/${id}/report`, body: form({ reason: "spam", via: "fetcher" }) }),
          works,
        ),
      },
      "a listing held for review: its report page": {
        setup: victimsHeldListing,
        attempt: (t) => ({ as: attacker(), method: "GET", path: `/listings/${t.listingId}/report` }),
        control: (t) => ({ as: victim(), method: "GET", path: `/listings/${t.listingId}`, expect: "ok" }),
      },
      "propose on a hidden listing": {
        setup: hiddenAndOpen,
        attempt: (t) => ({ as: attacker(), ...proposeOn(t.hidden, t.mine) }),
        control: (t) => ({ as: attacker(), ...proposeOn(t.open, t.mine), ...works }),
      },
      "offer another member's listing as one's own (page)": {
        setup: offerTheirs,
        attempt: (t) => ({ as: attacker(), ...proposeOn(t.target, t.theirs) }),
        refusedAs: ["not-found", "declined", "invalid"],
        control: (t) => ({ as: attacker(), ...proposeOn(t.target, t.mine), ...works }),
      },
      "offer another member's listing as one's own (API)": {
        setup: offerTheirs,
        attempt: (t) => ({ as: attacker(), ...proposeByApi(t.target, t.theirs) }),
        refusedAs: ["not-found", "declined", "invalid"],
        control: (t) => ({ as: attacker(), ...proposeByApi(t.target, t.mine), ...works }),
      },
    },
    swap: {
      "GET /api/v1/swaps/:id": {
        setup: pendingSwap("received"),
        ...sameRequest(
          get((t) => `/api/v1/swaps/${t.swapId}`),
          { expect: "ok" },
        ),
      },
      "the confirmation step on My Swaps": {
        setup: pendingSwap("received"),
        refusedAs: ["ok"],
        check: (answer, t) => expect(answer.body, "another's swap is not shown").not.toContain(t.swapId),
        ...sameRequest(
          get((t) => `/my-swaps.data?confirm=accept&swap=${t.swapId}`),
          { expect: "ok" },
        ),
      },
      ...Object.fromEntries(
        (
          [
            ["accept", "received"],
            ["decline", "received"],
            ["withdraw", "sent"],
          ] as const
        ).flatMap(([intent, side]) => [
          [
            `${intent} on My Swaps`,
            {
              setup: pendingSwap(side),
              ...sameRequest(
                post("/my-swaps", (t) => ({ intent, swapId: t.swapId, confirm: "yes" })),
                done,
              ),
            } satisfies Case,
          ],
          [
            `POST /api/v1/swaps/:id/${intent}`,
            {
              setup: pendingSwap(side),
              ...sameRequest((t) => ({ method: "POST", path: `/api/v1/swaps/${t.swapId}/${intent}` }), works),
            } satisfies Case,
          ],
        ]),
      ),
      "review on My Swaps": {
        setup: victimsSwap("completed"),
        ...sameRequest(
          post("/my-swaps", (t) => ({ intent: "review", swapId: t.swapId, rating: "5" })),
          done,
        ),
      },
      "POST /api/v1/swaps/:id/review": {
        setup: victimsSwap("completed"),
        ...sameRequest(
          (t) => ({ method: "POST", path: `/api/v1/swaps/${t.swapId}/review`, body: { json: { rating: 5 } } }),
          works,
        ),
      },
    },
    // The JSON API's conversations and blocks (the pages' are under "conversation").
    "conversation (API)": {
      "GET /api/v1/conversations/:id/messages": {
        setup: victimsThread,
        ...sameRequest(
          get((t) => `/api/v1/conversations/${t.threadId}/messages`),
          { expect: "ok" },
        ),
      },
      "POST /api/v1/conversations/:id/messages": {
        setup: victimsThread,
        ...sameRequest(
          (t) => ({
            method: "POST",
            path: `/api/v1/conversations/${t.threadId}/messages`,
            body: { json: { body: "Could you do Saturday?" } },
          }),
          works,
        ),
      },
      "POST /api/v1/conversations/:id/messages with a picture": {
        setup: victimsThread,
        ...sameRequest(
          (t) => ({ method: "POST", path: `/api/v1/conversations/${t.threadId}/messages`, body: withPicture() }),
          works,
        ),
      },
      "GET /uploads/* a picture in another member's thread": {
        setup: victimsThreadPicture,
        ...sameRequest(
          get((t) => t.url),
          { expect: "ok" },
        ),
      },
      "POST /api/v1/conversations/:id/read": {
        setup: victimsThread,
        ...sameRequest((t) => ({ method: "POST", path: `/api/v1/conversations/${t.threadId}/read` }), works),
      },
      "POST /api/v1/conversations/:id/messages/:messageId/report": {
        setup: victimsThread,
        ...sameRequest(
          (t) => ({
            method: "POST",
            path: `/api/v1/conversations/${t.threadId}/messages/${t.messageId}/report`,
            body: { json: { reason: "spam" } },
          }),
          works,
        ),
      },
      "POST /api/v1/…/report: another thread's line named through one's own thread": {
        setup: victimsLineAndAttackersThread,
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/api/v1/conversations/${t.ownThreadId}/messages/${t.messageId}/report`,
          body: { json: { reason: "spam" } },
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: `/api/v1/conversations/${t.threadId}/messages/${t.messageId}/report`,
          body: { json: { reason: "spam" } },
          ...works,
        }),
      },
      "POST /api/v1/listings/:id/conversation on a taken-down listing": {
        setup: hiddenAndOpen,
        ...hiddenThenOpen((id) => ({ method: "POST", path: `/api/v1/listings/${id}/conversation` }), works),
      },
      // Unblocking is idempotent: another member's DELETE answers as for a block that is not there, and lifts nothing.
      "DELETE /api/v1/blocks/:memberId (another member's block)": {
        setup: async () => {
          const memberId = await w.throwaway();
          await w.db.insert(memberBlocks).values({ blockerId: b(), blockedId: memberId });
          return { memberId };
        },
        refusedAs: ["ok"],
        ...sameRequest((t) => ({ method: "DELETE", path: `/api/v1/blocks/${t.memberId}` }), works),
      },
      // Web Push: stopping a browser names it by its endpoint; another member's is answered as one we don't have.
      "DELETE /account/push-subscription (another member's browser)": {
        setup: async () => {
          const { endpoint, p256dh, auth } = browserSubscription();
          await w.db.insert(pushSubscriptions).values({ userId: b(), endpoint, p256dh, auth });
          return { endpoint };
        },
        ...sameRequest(
          (t) => ({ method: "DELETE", path: "/account/push-subscription", body: form({ endpoint: t.endpoint }) }),
          works,
        ),
      },
    },
    // Swap circles (issue 29): every step on a circle's page, its problem page, and the back office's circle page.
    circle: {
      "a circle's page": {
        setup: victimsCircle("offered"),
        ...sameRequest(
          get((t) => `/my-swaps/circles/${t.circleId}`),
          { expect: "ok" },
        ),
      },
      "accept a circle": {
        setup: victimsCircle("offered"),
        ...sameRequest(post("/my-swaps/circles/:circleId", { intent: "accept" }), done),
      },
      "decline a circle": {
        setup: victimsCircle("offered"),
        ...sameRequest(post("/my-swaps/circles/:circleId", { intent: "decline" }), done),
      },
      "pay for a circle": {
        setup: victimsCircle("accepted"),
        ...sameRequest(post("/my-swaps/circles/:circleId", { intent: "pay" }), { expect: "redirect" }),
      },
      "We've swapped, on a circle": {
        setup: victimsCircle("arranging"),
        ...sameRequest(post("/my-swaps/circles/:circleId", { intent: "swapped" }), done),
      },
      "review after a circle": {
        setup: victimsCircle("completed"),
        ...sameRequest(post("/my-swaps/circles/:circleId", { intent: "review", rating: "5" }), done),
      },
      "a circle's problem page": {
        setup: victimsCircle("arranging"),
        ...sameRequest(
          get((t) => `/my-swaps/circles/${t.circleId}/problem`),
          { expect: "ok" },
        ),
      },
      "report a problem on a circle": {
        setup: victimsCircle("arranging"),
        ...sameRequest(post("/my-swaps/circles/:circleId/problem", { kind: "no_show", details: "Nobody came" }), done),
      },
      "the back office's circle page": {
        setup: victimsCircle("arranging"),
        ...staffOnly(
          get((t) => `/admin/circles/${t.circleId}`),
          { expect: "ok" },
        ),
      },
      "resolve a circle's problem": {
        setup: victimsCircle("arranging", true),
        ...staffOnly(
          post("/admin/circles/:circleId", (t) => ({
            intent: "resolve-problem",
            problemId: t.problemId,
            resolution: "Refunded",
          })),
          done,
        ),
      },
    },
    payment: {
      "pay on My Swaps": {
        setup: victimsSwap("accepted"),
        ...sameRequest(post("/my-swaps/:swapId/pay", {}), done),
      },
      "POST /api/v1/swaps/:id/pay": {
        setup: victimsSwap("accepted"),
        ...sameRequest((t) => ({ method: "POST", path: `/api/v1/swaps/${t.swapId}/pay` }), works),
      },
      "another's checkout page": {
        setup: async () => w.openCheckout(b(), olive()),
        ...sameRequest(
          get((t) => `/checkout/${t.sessionId}`),
          { expect: "ok" },
        ),
      },
      "paying another's checkout": {
        setup: async () => w.openCheckout(b(), olive()),
        ...sameRequest(
          post("/checkout/:sessionId", { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }),
          done,
        ),
      },
    },
    report: {
      "a report in the Moderation Queue": {
        setup: reportByVictim,
        ...staffOnly(
          get((t) => `/admin/moderation?report=${t.reportId}`),
          { expect: "ok" },
          victim,
        ),
      },
      "a message report's page (the reported line and its context)": {
        setup: messageReportByVictim,
        ...staffOnly(
          get((t) => `/admin/moderation/messages/${t.reportId}`),
          { expect: "ok" },
          victim,
        ),
      },
      "removing a reported message": {
        setup: messageReportByVictim,
        ...staffOnly(
          post("/admin/moderation/messages/:reportId", { decision: "remove", notes: "Checked" }),
          done,
          victim,
        ),
      },
      "reviewing a report": {
        setup: reportByVictim,
        ...staffOnly(
          post("/admin/moderation", (t) => ({ review: "reject", reportId: t.reportId, notes: "Checked" })),
          done,
          victim,
        ),
      },
    },
    user: {
      "a member's page in the back office": {
        setup: async () => ({ userId: b() }),
        ...staffOnly(
          get((t) => `/admin/users/${t.userId}`),
          { expect: "ok" },
        ),
      },
      "suspending a member": {
        setup: async () => ({ userId: await w.throwaway() }),
        ...staffOnly(post("/admin/users/:userId", { intent: "suspend", reason: "Spam" }), done),
      },
      "exporting a member's data": {
        setup: async () => ({ userId: b() }),
        ...staffOnly(post("/admin/users/:userId/export", {}), works),
      },
    },
    session: {
      "signing out another member's device": victimsOwn("session", "/account/sessions", { intent: "revoke" }),
    },
    passkey: {
      "renaming another member's passkey": victimsOwn("passkey", "/account/passkeys", {
        intent: "rename",
        name: "Home laptop",
      }),
      "removing another member's passkey": victimsOwn("passkey", "/account/passkeys", { intent: "remove" }),
    },
    identity: {
      "unlinking another member's identity": victimsOwn("identity", "/account/identities", { intent: "unlink" }),
    },
    picture: {
      "a taken-down listing's picture": {
        setup: async () => {
          const listingId = await w.listingWithPicture(victim().cookie);
          await hideListing(listingId);
          return { url: await pictureOf(listingId) };
        },
        ...sameRequest(
          get((t) => t.url),
          { expect: "ok" },
        ),
      },
      "a deleted listing's picture": {
        setup: async () => {
          const listingId = await w.listingWithPicture(victim().cookie);
          const url = await pictureOf(listingId);
          const deleted = await w.send(victim(), "DELETE", `/api/v1/listings/${listingId}`);
          if (deleted.status !== 200) throw new Error(`delete answered ${deleted.status}`);
          return { url };
        },
        ...sameRequest(
          get((t) => t.url),
          { expect: "ok" },
        ),
      },
      // The control for a member who left: the same picture was shown to the same member a moment before (in
      // setup); staff, or a visitor, do not see it either.
      "a suspended member's avatar": {
        setup: avatarOfLeaver((userId) => w.suspend(userId)),
        ...sameRequest(
          get((t) => t.url),
          { by: admin, expect: "not-found" },
        ),
      },
      "a deleted member's avatar": {
        setup: avatarOfLeaver((userId) => {
          const now = new Date();
          return w.db
            .update(profiles)
            .set({ deletedAt: now, permanentDeletionAt: new Date(now.getTime() + 30 * 24 * 3600_000) })
            .where(eq(profiles.userId, userId));
        }),
        ...sameRequest(
          get((t) => t.url),
          { by: () => w.actors.visitor, expect: "not-found" },
        ),
      },
    },
    // The notification centre (issue 26): a member's notices are theirs alone.
    notification: {
      "open another's notice": {
        setup: victimsNotice,
        ...sameRequest(
          get((t) => `/notifications/${t.notificationId}`),
          done,
        ),
      },
      "mark another's notice read": {
        setup: victimsNotice,
        ...sameRequest(
          post("/notifications", (t) => ({ intent: "read", id: t.notificationId })),
          done,
        ),
      },
    },
    // One-click unsubscribe (decision 085): the link's signature covers the member it names; a link re-pointed
    // at another member (the attacker's own signature, the victim's id) is refused and changes nothing.
    unsubscribe: {
      "another member's id in one's own unsubscribe link": {
        setup: async () => {
          const own = signUnsubscribeToken(a(), "review.received");
          const body = Buffer.from(JSON.stringify([1, b(), "review.received"])).toString("base64url");
          return { forged: `${body}.${own.split(".")[1]}`, own };
        },
        refusedAs: ["invalid"],
        attempt: (t) => ({ as: attacker(), ...oneClick(t.forged) }),
        control: (t) => ({ as: attacker(), ...oneClick(t.own), expect: "ok", changes: true }),
      },
    },
    // Conversations (issue 26): a thread is its two members' only; anyone else is told it does not exist.
    conversation: {
      "reading another member's thread": {
        setup: victimsThread,
        ...sameRequest(
          get((t) => `/messages/${t.threadId}`),
          { expect: "ok" },
        ),
      },
      "writing in another member's thread": {
        setup: victimsThread,
        ...sameRequest(post("/messages/:threadId", { intent: "send", body: "Is Saturday good?" }), done),
      },
      "sending a picture into another member's thread": {
        setup: victimsThread,
        ...sameRequest(
          (t) => ({ method: "POST", path: `/messages/${t.threadId}`, body: withPicture({ intent: "send" }) }),
          done,
        ),
      },
      "blocking from another member's thread": {
        setup: victimsThread,
        ...sameRequest(post("/messages/:threadId", { intent: "block" }), done),
      },
      "the report page of a line in another member's thread": {
        setup: victimsThread,
        ...sameRequest(
          get((t) => `/messages/${t.threadId}/report/${t.messageId}`),
          { expect: "ok" },
        ),
      },
      "reporting a line in another member's thread": {
        setup: victimsThread,
        ...sameRequest(post("/messages/:threadId/report/:messageId", { reason: "spam", notes: "Not mine" }), done),
      },
      "reporting another thread's line through one's own thread": {
        setup: victimsLineAndAttackersThread,
        attempt: (t) => ({
          as: attacker(),
          method: "POST",
          path: `/messages/${t.ownThreadId}/report/${t.messageId}`,
          body: form({ reason: "spam" }),
        }),
        control: (t) => ({
          as: victim(),
          method: "POST",
          path: `/messages/${t.threadId}/report/${t.messageId}`,
          body: form({ reason: "spam" }),
          ...done,
        }),
      },
      "lifting another member's block": {
        setup: async () => {
          const memberId = await w.throwaway();
          await w.db.insert(memberBlocks).values({ blockerId: b(), blockedId: memberId });
          return { memberId };
        },
        // Only a block of one's own is lifted: the attacker's request finds none and changes nothing.
        refusedAs: ["redirect"],
        ...sameRequest(
          post("/account/blocked", (t) => ({ memberId: t.memberId })),
          done,
        ),
      },
      "Message on a taken-down listing": {
        setup: hiddenAndOpen,
        ...hiddenThenOpen(
          (listingId) => ({
            method: "POST",
            path: `/listings/${listingId}`,
            body: form({ intent: "message" }),
          }),
          done,
        ),
      },
    },
  };
}

/** A mail client's one-click unsubscribe POST (RFC 8058). */
const oneClick = (token: string): Sent => ({
  method: "POST",
  path: `/unsubscribe/${token}`,
  body: form({ "List-Unsubscribe": "One-Click" }),
});

/** Proposing from a listing's page: `offered` for the listing `target`. */
const proposeOn = (target: string, offered: string): Sent => ({
  method: "POST",
  path: `/listings/${target}/propose`,
  body: form({ offeredListingId: offered, via: "dialog" }),
});
const proposeByApi = (target: string, offered: string): Sent => ({
  method: "POST",
  path: "/api/v1/swaps",
  body: { json: { targetListingId: target, offeredListingId: offered } },
});

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
