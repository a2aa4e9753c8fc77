// The /api/v1/swaps JSON API end to end: real members signed up through the API with their cookies,
// listings uploaded through the API, payments through the local provider and its signed webhook. The
// database is read directly only to check what a request did (or, for a refusal, did not) change.
import crypto from "node:crypto";
import fs from "node:fs";
import { and, eq, inArray, ne } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { completeLocalCheckout, type LocalPaymentProvider, TEST_CARD_SUCCESS } from "#core/payments/local-provider.ts";
import { ALREADY_PAID, NOT_WAITING_FOR_PAYMENT } from "#core/payments/start-handshake-payment.ts";
import { ONLY_RECEIVER_ACCEPTS } from "#core/swaps/accept-swap.ts";
import { ALREADY_REVIEWED, REVIEW_NOT_YET } from "#core/swaps/leave-review.ts";
import { confirmSwapped } from "#core/swaps/confirm-swapped.ts";
import { systemClock } from "#core/shared/clock.ts";
import { ALREADY_PROPOSED, OFFERED_NOT_AVAILABLE, OWN_LISTING } from "#core/swaps/propose-swap.ts";
import { ONLY_RECEIVER_DECLINES } from "#core/swaps/reject-swap.ts";
import { SWAP_NOT_FOUND } from "#core/swaps/swap-guards.ts";
import { MESSAGE_TOO_LONG, RATING_OUT_OF_RANGE } from "#core/swaps/swap-schema.ts";
import { ONLY_PROPOSER_WITHDRAWS } from "#core/swaps/withdraw-swap.ts";
import { featureFlags } from "#db/schema/flags.ts";
import { listings } from "#db/schema/listings.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { creditLedger, paymentLogs } from "#db/schema/payments.ts";
import { profiles } from "#db/schema/profiles.ts";
import { reviews, swapProposals } from "#db/schema/swaps.ts";
import { paymentProviderFromEnv } from "#server/payments.ts";
import { createListingViaApi, sameOrigin, signUpMember } from "../support/api-factories";
import { makeJpeg } from "../support/images";
import { createTestApp } from "../support/test-app";
import { databaseForThisFile } from "../support/database-for-file";

const { handle, db } = await databaseForThisFile();
// Every request comes from 127.0.0.1: a high per-address limit keeps sign-ups out of the limiter's way.
const testApp = createTestApp(handle, { authAddressLimit: 1000 });
const { app } = testApp;
// The local provider as the app configures it: same secret, its webhooks handed straight to the app.
const provider = paymentProviderFromEnv(testApp.env, {
  deliver: async (url, body, headers) => app.request(url, { method: "POST", body, headers }),
}) as LocalPaymentProvider;

afterAll(async () => {
  await setSwapPayments(true);
  fs.rmSync(testApp.uploadsDir as string, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------
// Members, listings and requests
// ---------------------------------------------------------------------------------------------------

type Member = {
  userId: string;
  email: string;
  cookie: string;
  name: string;
  phone: string;
  location: string;
};

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(10)).join("");

/** A member signed up through the API, with a phone and location on their profile (the contact details
 *  that must stay hidden until a swap is completed). Every member gets a phone of their own. */
async function member(name: string, location = "Newtown NSW 2042"): Promise<Member> {
  const signedUp = await signUpMember(testApp, { name });
  const phone = `04${digits(2)} ${digits(3)} ${digits(3)}`;
  await db.update(profiles).set({ phone, location }).where(eq(profiles.userId, signedUp.userId));
  return { ...signedUp, name, phone, location };
}

/** A listing uploaded through the API with one small picture; returns its id. */
async function listingOf(owner: Member, title: string) {
  const res = await createListingViaApi(testApp, owner.cookie, {
    title,
    images: [{ body: await makeJpeg({ width: 64, height: 48 }) }],
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const get = (path: string, who?: Member) => app.request(path, { headers: who ? { cookie: who.cookie } : {} });
const post = (path: string, body: unknown, who?: Member) => testApp.post(path, body, who ? { cookie: who.cookie } : {});

/** Proposes a swap through the API: the proposer's listing offered for the target (a visitor's request without `who`). */
const propose = (targetListingId: string, offeredListingId: string, who?: Member, message?: string) =>
  post("/api/v1/swaps", { targetListingId, offeredListingId, message }, who);

async function json<T = Record<string, unknown>>(res: Response | Promise<Response>) {
  const response = await res;
  return { status: response.status, body: (await response.json()) as T };
}

type Contact = { name: string; email: string; phone: string | null; location: string | null };
type SwapCard = {
  id: string;
  status: string;
  message: string | null;
  myRole: "proposer" | "receiver";
  iPaid: boolean;
  otherParty: { id: string; name: string };
  offered: { id: string; title: string };
  target: { id: string; title: string };
  contact: Contact | null;
  myReview: { rating: number } | null;
};
type ListingCard = { id: string; ownerId: string; ownerRating: number | null; ownerReviewCount: number };

const swapOf = async (swapId: string, who: Member) =>
  (await json<{ swap: SwapCard }>(get(`/api/v1/swaps/${swapId}`, who))).body.swap;
const mySwaps = async (who: Member) =>
  (await json<{ received: SwapCard[]; sent: SwapCard[] }>(get("/api/v1/swaps", who))).body;

/** Two members with a listing each (and a phone each), and a pending proposal from the first. */
async function pendingSwap(options: { message?: string } = {}) {
  const proposer = await member("Priya Sharma", "Newtown NSW 2042");
  const receiver = await member("Liam O'Connor", "Fitzroy VIC 3065");
  const offeredId = await listingOf(proposer, "Trek road bike");
  const targetId = await listingOf(receiver, "Firewire surfboard");
  const res = await propose(targetId, offeredId, proposer, options.message);
  expect(res.status).toBe(201);
  const { id: swapId } = (await res.json()) as { id: string };
  return { proposer, receiver, offeredId, targetId, swapId };
}

async function acceptedSwap() {
  const world = await pendingSwap();
  expect(await json(post(`/api/v1/swaps/${world.swapId}/accept`, {}, world.receiver))).toEqual({
    status: 200,
    body: { status: "accepted" },
  });
  return world;
}

/** "Apply credit", as an admin grants it: a ledger row. */
async function grantCredit(who: Member, amountCents: number) {
  await db.insert(creditLedger).values({ userId: who.userId, amountCents, reason: "admin_credit" });
}

/** Pays a party's fee by card: the API opens the local checkout, the 4242 card pays it, and the signed
 *  webhook reaches the app as a real provider's would. */
async function payByCard(swapId: string, payer: Member) {
  const { status, body } = await json<{ kind: string; url: string }>(post(`/api/v1/swaps/${swapId}/pay`, {}, payer));
  expect(status).toBe(200);
  expect(body.kind).toBe("redirect");
  const sessionId = new URL(body.url).pathname.replace("/checkout/", "");
  const outcome = await completeLocalCheckout(
    { db, provider },
    { sessionId, cardNumber: TEST_CARD_SUCCESS, now: new Date(), userId: payer.userId },
  );
  expect(outcome).toEqual({ outcome: "paid" });
}

/** Pays a party's fee entirely from credit: no card, settled at once. */
async function payByCredit(swapId: string, payer: Member) {
  await grantCredit(payer, 1000);
  expect(await json(post(`/api/v1/swaps/${swapId}/pay`, {}, payer))).toEqual({ status: 200, body: { kind: "paid" } });
}

async function completedSwap() {
  const world = await acceptedSwap();
  await payByCredit(world.swapId, world.proposer);
  await payByCredit(world.swapId, world.receiver);
  // Paid is arranging; both confirm "We've swapped" (the deal screen's step) and it is completed (decision 096).
  expect((await swapRow(world.swapId)).status).toBe("arranging");
  for (const party of [world.proposer, world.receiver])
    await confirmSwapped({ db, clock: systemClock }, { swapId: world.swapId, actorId: party.userId });
  expect((await swapRow(world.swapId)).status).toBe("completed");
  return world;
}

const swapRow = async (id: string) => (await db.select().from(swapProposals).where(eq(swapProposals.id, id)))[0];
const listingStatuses = async (...ids: string[]) => {
  const rows = await db
    .select({ id: listings.id, status: listings.status })
    .from(listings)
    .where(inArray(listings.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.status);
};
const mailsTo = (who: Member, template?: string) =>
  db
    .select()
    .from(mailOutbox)
    // Sign-up's own verification mail is not about swaps.
    .where(
      and(
        eq(mailOutbox.toAddress, who.email),
        template ? eq(mailOutbox.template, template) : ne(mailOutbox.template, "verify_email"),
      ),
    );

async function setSwapPayments(enabled: boolean) {
  await db.update(featureFlags).set({ enabled }).where(eq(featureFlags.key, "enable_swap_payments"));
}

// ---------------------------------------------------------------------------------------------------
// Refusals change nothing
// ---------------------------------------------------------------------------------------------------

/** Everything a swap request could change, row by row. */
async function snapshot() {
  const rows = <T>(list: T[]) => list.map((row) => JSON.stringify(row));
  return {
    swapProposals: rows(await db.select().from(swapProposals).orderBy(swapProposals.id)),
    listings: rows(await db.select().from(listings).orderBy(listings.id)),
    paymentLogs: rows(await db.select().from(paymentLogs).orderBy(paymentLogs.id)),
    mailOutbox: rows(await db.select().from(mailOutbox).orderBy(mailOutbox.id)),
    creditLedger: rows(await db.select().from(creditLedger).orderBy(creditLedger.id)),
    reviews: rows(await db.select().from(reviews).orderBy(reviews.id)),
  };
}

/** The request is answered `status` with exactly `{ error: message }` (and `fields` naming `field`, for a field's
 *  refusal), and no row anywhere changed. */
async function expectRefused(
  request: () => Promise<Response> | Response,
  status: number,
  message: string,
  field?: string,
) {
  const before = await snapshot();
  expect(await json(request())).toEqual({
    status,
    body: { error: message, ...(field ? { fields: { [field]: message } } : {}) },
  });
  expect(await snapshot()).toEqual(before);
}

// ---------------------------------------------------------------------------------------------------
// Contact details
// ---------------------------------------------------------------------------------------------------

/** Every response a party can get that could mention the swap, its listings or the other party. */
async function everythingSeenBy(who: Member, world: SwapWorld) {
  const paths = [
    "/api/v1/swaps",
    `/api/v1/swaps/${world.swapId}`,
    "/api/v1/listings",
    "/api/v1/listings?limit=50",
    ...[world.offeredId, world.targetId, ...world.otherListingIds].map((id) => `/api/v1/listings/${id}`),
    "/api/v1/me/listings",
    "/api/v1/me/favourites",
    "/api/v1/me",
  ];
  const seen: Record<string, { status: number; text: string }> = {};
  for (const path of paths) {
    const res = await get(path, who);
    seen[path] = { status: res.status, text: JSON.stringify(await res.json()) };
  }
  // The swap itself is there (so the check below is not vacuous): it just carries no contact.
  expect(seen["/api/v1/swaps"].status).toBe(200);
  expect(seen[`/api/v1/swaps/${world.swapId}`].status).toBe(200);
  expect(seen["/api/v1/me/listings"].status).toBe(200);
  return seen;
}

function expectNoContactOf(other: Member, seen: Record<string, { status: number; text: string }>) {
  const spacelessPhone = other.phone.replace(/\s/g, "");
  for (const [path, { text }] of Object.entries(seen)) {
    const context = `${path} leaks ${other.name}'s contact details`;
    expect(text.toLowerCase(), context).not.toContain(other.email.toLowerCase());
    expect(text, context).not.toContain(other.phone);
    expect(text.replace(/\s/g, ""), context).not.toContain(spacelessPhone);
  }
}

/** A swap, plus the parties' other listings: those stay public while the swapped pair is reserved, so a
 *  contact detail on a listing card or page would show there. */
type SwapWorld = {
  proposer: Member;
  receiver: Member;
  swapId: string;
  offeredId: string;
  targetId: string;
  otherListingIds: string[];
};

async function expectNoContactLeak(world: SwapWorld) {
  const { proposer, receiver, swapId } = world;
  for (const [me, other] of [
    [proposer, receiver],
    [receiver, proposer],
  ] as const) {
    const seen = await everythingSeenBy(me, world);
    expect(seen[`/api/v1/swaps/${swapId}`].text).toContain(JSON.stringify(other.name));
    expect((await swapOf(swapId, me)).contact).toBeNull();
    expectNoContactOf(other, seen);
    // Nor in any e-mail queued for me so far.
    for (const mail of await mailsTo(me)) {
      expectNoContactOf(other, {
        [`the ${mail.template} mail`]: { status: 0, text: `${mail.textBody}\n${mail.htmlBody}` },
      });
    }
  }
}

const contactOf = (m: Member): Contact => ({ name: m.name, email: m.email, phone: m.phone, location: m.location });

/** Each party has been sent one 'swap_handshake' e-mail, naming the other's address; returns the two mails. */
async function expectSwapCompletedMailEach(proposer: Member, receiver: Member) {
  const toProposer = await mailsTo(proposer, "swap_handshake");
  const toReceiver = await mailsTo(receiver, "swap_handshake");
  expect(toProposer).toHaveLength(1);
  expect(toReceiver).toHaveLength(1);
  expect(toProposer[0].textBody).toContain(receiver.email);
  expect(toReceiver[0].textBody).toContain(proposer.email);
  return { toProposer: toProposer[0], toReceiver: toReceiver[0] };
}

// ---------------------------------------------------------------------------------------------------

describe("proposing a swap through the API", () => {
  test("a member proposes a swap (201) and the receiver gets a 'proposal_received' e-mail", async () => {
    const { proposer, receiver, offeredId, targetId, swapId } = await pendingSwap({ message: "  Keen to swap?  " });

    expect(await swapRow(swapId)).toMatchObject({
      proposerId: proposer.userId,
      receiverId: receiver.userId,
      offeredListingId: offeredId,
      targetListingId: targetId,
      status: "pending",
      message: "Keen to swap?",
    });
    const mails = await mailsTo(receiver, "proposal_received");
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain(
      "Priya Sharma would like to swap their Trek road bike for your Firewire surfboard.",
    );
    expect(mails[0].textBody).toContain("Keen to swap?");
    // The proposer is told nothing by e-mail, and the receiver's mail carries no contact detail.
    expect(await mailsTo(proposer)).toHaveLength(0);
    expectNoContactOf(proposer, { mail: { status: 0, text: `${mails[0].textBody}${mails[0].htmlBody}` } });
  });

  test("a visitor cannot propose, read or act on swaps: 401 and nothing changes", async () => {
    const { offeredId, targetId, swapId } = await pendingSwap();
    const required = "Authentication required";
    await expectRefused(() => propose(targetId, offeredId), 401, required);
    await expectRefused(() => get("/api/v1/swaps"), 401, required);
    await expectRefused(() => get(`/api/v1/swaps/${swapId}`), 401, required);
    for (const action of ["accept", "decline", "withdraw", "pay", "review"]) {
      await expectRefused(() => post(`/api/v1/swaps/${swapId}/${action}`, { rating: 5 }), 401, required);
    }
  });

  test("proposing on your own listing is refused and nothing changes", async () => {
    const owner = await member("Kylie Nguyen");
    const mine = await listingOf(owner, "Weber kettle barbecue");
    const alsoMine = await listingOf(owner, "Camping stove");
    await expectRefused(() => propose(mine, alsoMine, owner), 403, OWN_LISTING);
  });

  test("offering someone else's listing is refused and nothing changes", async () => {
    const proposer = await member("Priya Sharma");
    const owner = await member("Liam O'Connor");
    const bystander = await member("Mia Rossi");
    const target = await listingOf(owner, "Firewire surfboard");
    const notMine = await listingOf(bystander, "Kayak with paddle");
    await expectRefused(() => propose(target, notMine, proposer), 400, OFFERED_NOT_AVAILABLE, "offeredListingId");
    // Nor the target's own listing offered back to its owner.
    await expectRefused(() => propose(target, target, proposer), 400, OFFERED_NOT_AVAILABLE, "offeredListingId");
  });

  test("proposing twice for the same pair is refused and nothing changes", async () => {
    const { proposer, offeredId, targetId } = await pendingSwap();
    await expectRefused(() => propose(targetId, offeredId, proposer, "Again?"), 409, ALREADY_PROPOSED);
  });

  test("a message of 1001 characters is refused with 'Message too long'; 1000 is fine", async () => {
    const proposer = await member("Priya Sharma");
    const owner = await member("Liam O'Connor");
    const offered = await listingOf(proposer, "Trek road bike");
    const target = await listingOf(owner, "Firewire surfboard");
    await expectRefused(() => propose(target, offered, proposer, "a".repeat(1001)), 400, MESSAGE_TOO_LONG, "message");
    const res = await propose(target, offered, proposer, "a".repeat(1000));
    expect(res.status).toBe(201);
  });
});

describe("who can read a proposal", () => {
  test("a third member asking for a swap gets 404 with no trace of it: no titles, no names, no addresses", async () => {
    const { proposer, receiver, offeredId, targetId, swapId } = await pendingSwap({ message: "Secret note" });
    const stranger = await member("Mia Rossi");

    const res = await get(`/api/v1/swaps/${swapId}`, stranger);
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: SWAP_NOT_FOUND });
    for (const trace of [
      "Trek road bike",
      "Firewire surfboard",
      "Secret note",
      proposer.name,
      receiver.name,
      proposer.email,
      receiver.email,
      proposer.userId,
      receiver.userId,
      offeredId,
      targetId,
    ]) {
      expect(text).not.toContain(trace);
    }
    // A missing id and a malformed one answer exactly the same.
    expect(await json(get(`/api/v1/swaps/${crypto.randomUUID()}`, stranger))).toEqual({
      status: 404,
      body: { error: SWAP_NOT_FOUND },
    });
    expect(await json(get("/api/v1/swaps/not-a-swap", stranger))).toEqual({
      status: 404,
      body: { error: SWAP_NOT_FOUND },
    });
    // The parties themselves can read it.
    expect((await swapOf(swapId, proposer)).myRole).toBe("proposer");
    expect((await swapOf(swapId, receiver)).myRole).toBe("receiver");
  });

  test("GET /api/v1/swaps lists only one's own proposals, as received and sent", async () => {
    const { proposer, receiver, targetId, swapId } = await pendingSwap();
    // A second member also wants the receiver's surfboard.
    const rival = await member("Mia Rossi");
    const rivalOffer = await listingOf(rival, "Kayak with paddle");
    const res = await propose(targetId, rivalOffer, rival);
    expect(res.status).toBe(201);
    const { id: rivalSwapId } = (await res.json()) as { id: string };
    const outsider = await member("Noah Williams");

    const ofProposer = await mySwaps(proposer);
    expect(ofProposer.sent.map((s) => s.id)).toEqual([swapId]);
    expect(ofProposer.received).toEqual([]);
    expect(ofProposer.sent[0]).toMatchObject({
      myRole: "proposer",
      otherParty: { id: receiver.userId, name: "Liam O'Connor" },
      offered: { title: "Trek road bike" },
      target: { title: "Firewire surfboard" },
      contact: null,
    });

    const ofReceiver = await mySwaps(receiver);
    expect(ofReceiver.received.map((s) => s.id).sort()).toEqual([swapId, rivalSwapId].sort());
    expect(ofReceiver.sent).toEqual([]);

    const ofRival = await mySwaps(rival);
    expect(ofRival.sent.map((s) => s.id)).toEqual([rivalSwapId]);
    expect(ofRival.received).toEqual([]);
    expect(JSON.stringify(ofRival)).not.toContain("Trek road bike");
    expect(JSON.stringify(ofRival)).not.toContain("Priya Sharma");

    expect(await mySwaps(outsider)).toMatchObject({ received: [], sent: [] });
  });
});

describe("answering a proposal", () => {
  test("the proposer cannot accept their own proposal and a stranger is told it does not exist; nothing changes", async () => {
    const { proposer, swapId } = await pendingSwap();
    const stranger = await member("Mia Rossi");
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/accept`, {}, proposer), 403, ONLY_RECEIVER_ACCEPTS);
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/accept`, {}, stranger), 404, SWAP_NOT_FOUND);
    expect((await swapRow(swapId)).status).toBe("pending");
  });

  test("the receiver accepts: both listings are reserved and the proposer gets a 'proposal_accepted' e-mail", async () => {
    const { proposer, receiver, offeredId, targetId, swapId } = await pendingSwap();
    expect(await json(post(`/api/v1/swaps/${swapId}/accept`, {}, receiver))).toEqual({
      status: 200,
      body: { status: "accepted" },
    });
    expect(await swapRow(swapId)).toMatchObject({ status: "accepted", proposerPaid: false, receiverPaid: false });
    expect(await listingStatuses(offeredId, targetId)).toEqual(["reserved", "reserved"]);
    const mails = await mailsTo(proposer, "proposal_accepted");
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toContain("Liam O'Connor has accepted your swap offer for their Firewire surfboard.");
    expect(await mailsTo(receiver, "proposal_accepted")).toHaveLength(0);
    // Accepting twice is refused.
    await expectRefused(
      () => post(`/api/v1/swaps/${swapId}/accept`, {}, receiver),
      409,
      "This proposal is no longer pending",
    );
  });

  type PendingSwap = Awaited<ReturnType<typeof pendingSwap>>;
  // Declining and withdrawing: one party may, the other is forbidden and a stranger is told the swap does not
  // exist; then what each answer leaves behind.
  test.each([
    {
      name: "only the receiver declines: the proposer is forbidden, a stranger gets 404, and the receiver's decline tells the proposer",
      action: "decline",
      actor: "receiver",
      forbidden: "proposer",
      refusal: ONLY_RECEIVER_DECLINES,
      status: "rejected",
      after: async ({ proposer, offeredId, targetId }: PendingSwap) => {
        expect(await listingStatuses(offeredId, targetId)).toEqual(["active", "active"]);
        expect(await mailsTo(proposer, "proposal_declined")).toHaveLength(1);
      },
    },
    {
      name: "only the proposer withdraws: the receiver is forbidden and a stranger gets 404",
      action: "withdraw",
      actor: "proposer",
      forbidden: "receiver",
      refusal: ONLY_PROPOSER_WITHDRAWS,
      status: "withdrawn",
      after: async ({ receiver, swapId }: PendingSwap) => {
        // A withdrawn proposal can no longer be accepted.
        await expectRefused(
          () => post(`/api/v1/swaps/${swapId}/accept`, {}, receiver),
          409,
          "This proposal is no longer pending",
        );
      },
    },
  ] as const)("$name", async ({ action, actor, forbidden, refusal, status, after }) => {
    const swap = await pendingSwap();
    const stranger = await member("Mia Rossi");
    const path = `/api/v1/swaps/${swap.swapId}/${action}`;
    await expectRefused(() => post(path, {}, swap[forbidden]), 403, refusal);
    await expectRefused(() => post(path, {}, stranger), 404, SWAP_NOT_FOUND);

    expect(await json(post(path, {}, swap[actor]))).toEqual({ status: 200, body: { status } });
    expect((await swapRow(swap.swapId)).status).toBe(status);
    await after(swap);
  });
});

describe("contact details", () => {
  test("before completion no response either party can get holds the other's e-mail or phone, after accept and after one has paid", async () => {
    const accepted = await acceptedSwap();
    // Each also has another listing on show, and each has saved the other's as a favourite.
    const proposersOther = await listingOf(accepted.proposer, "Camping stove");
    const receiversOther = await listingOf(accepted.receiver, "Longboard skateboard");
    for (const [who, listingId] of [
      [accepted.proposer, receiversOther],
      [accepted.receiver, proposersOther],
    ] as const) {
      const res = await app.request(`/api/v1/listings/${listingId}/favourite`, {
        method: "PUT",
        headers: sameOrigin(who.cookie),
      });
      expect(res.status).toBe(200);
    }
    const world = { ...accepted, otherListingIds: [proposersOther, receiversOther] };
    const feed = (await json<{ listings: ListingCard[] }>(get("/api/v1/listings?limit=50"))).body.listings.map(
      (l) => l.id,
    );
    expect(feed).toEqual(expect.arrayContaining([proposersOther, receiversOther]));
    await expectNoContactLeak(world);

    // The proposer pays by card through the local checkout; the receiver has not paid yet.
    await payByCard(world.swapId, world.proposer);
    expect(await swapRow(world.swapId)).toMatchObject({ status: "accepted", proposerPaid: true, receiverPaid: false });
    expect((await swapOf(world.swapId, world.proposer)).iPaid).toBe(true);
    expect(await mailsTo(world.receiver, "payment_needed")).toHaveLength(1);
    await expectNoContactLeak(world);
    expect(await mailsTo(world.proposer, "swap_handshake")).toHaveLength(0);
  });

  test("once both have paid the swap is arranging: each side sees the other's name, e-mail, phone and location, and each gets a 'swap_handshake' e-mail", async () => {
    const world = await acceptedSwap();
    const { proposer, receiver, swapId, offeredId, targetId } = world;
    await payByCard(swapId, proposer);
    await payByCredit(swapId, receiver);

    expect((await swapRow(swapId)).status).toBe("arranging");
    expect(await listingStatuses(offeredId, targetId)).toEqual(["swapped", "swapped"]);
    expect(await swapOf(swapId, proposer)).toMatchObject({ status: "arranging", contact: contactOf(receiver) });
    expect(await swapOf(swapId, receiver)).toMatchObject({ status: "arranging", contact: contactOf(proposer) });
    expect((await mySwaps(proposer)).sent[0].contact).toEqual(contactOf(receiver));
    expect((await mySwaps(receiver)).received[0].contact).toEqual(contactOf(proposer));

    const { toProposer, toReceiver } = await expectSwapCompletedMailEach(proposer, receiver);
    expect(toProposer.textBody).toContain(receiver.phone);
    expect(toProposer.textBody).not.toContain(proposer.phone);
    expect(toReceiver.textBody).toContain(proposer.phone);
    expect(toReceiver.textBody).not.toContain(receiver.phone);

    // Still nothing for anyone else.
    const stranger = await member("Mia Rossi");
    const res = await get(`/api/v1/swaps/${swapId}`, stranger);
    expect(res.status).toBe(404);
    const text = await res.text();
    for (const detail of [proposer.email, receiver.email, proposer.phone, receiver.phone])
      expect(text).not.toContain(detail);
  });

  test("when the card payment is the one that settles the swap, its webhook sends both 'swap_handshake' e-mails", async () => {
    const { proposer, receiver, swapId } = await acceptedSwap();
    await payByCredit(swapId, proposer);
    await payByCard(swapId, receiver);

    expect((await swapRow(swapId)).status).toBe("arranging");
    expect((await swapOf(swapId, receiver)).contact).toEqual(contactOf(proposer));
    await expectSwapCompletedMailEach(proposer, receiver);
  });
});

describe("paying the handshake fee", () => {
  test("a stranger paying for someone else's swap gets 404 and nothing changes, credit included", async () => {
    const { swapId } = await acceptedSwap();
    const stranger = await member("Mia Rossi");
    await grantCredit(stranger, 1000);
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/pay`, {}, stranger), 404, SWAP_NOT_FOUND);
    await expectRefused(() => post("/api/v1/swaps/not-a-swap/pay", {}, stranger), 404, SWAP_NOT_FOUND);
  });

  test("paying before the proposal is accepted is refused and nothing changes", async () => {
    const { proposer, receiver, swapId } = await pendingSwap();
    await grantCredit(proposer, 1000);
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/pay`, {}, proposer), 409, NOT_WAITING_FOR_PAYMENT);
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/pay`, {}, receiver), 409, NOT_WAITING_FOR_PAYMENT);
  });

  test("with 1000 cents of credit the fee is paid at once with no card, and paying again is refused", async () => {
    const { proposer, receiver, swapId } = await acceptedSwap();
    await grantCredit(proposer, 1000);
    expect(await json(post(`/api/v1/swaps/${swapId}/pay`, {}, proposer))).toEqual({
      status: 200,
      body: { kind: "paid" },
    });

    expect(await swapRow(swapId)).toMatchObject({ status: "accepted", proposerPaid: true, receiverPaid: false });
    const payments = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      userId: proposer.userId,
      provider: "credit",
      amountCents: 0,
      creditCents: 999,
      // Set aside, not spent, until the receiver pays too (decision 102).
      status: "held",
      checkoutSessionId: null,
    });
    const ledger = await db
      .select({ amountCents: creditLedger.amountCents, reason: creditLedger.reason })
      .from(creditLedger)
      .where(eq(creditLedger.userId, proposer.userId));
    expect(ledger.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-999, 1000]);
    // The receiver is told it is their turn.
    expect(await mailsTo(receiver, "payment_needed")).toHaveLength(1);

    await expectRefused(() => post(`/api/v1/swaps/${swapId}/pay`, {}, proposer), 409, ALREADY_PAID);
  });
});

describe("reviews", () => {
  test("a review before the swap is completed is refused and nothing changes", async () => {
    const { proposer, receiver, swapId } = await acceptedSwap();
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/review`, { rating: 5 }, proposer), 409, REVIEW_NOT_YET);
    await payByCredit(swapId, proposer);
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/review`, { rating: 5 }, proposer), 409, REVIEW_NOT_YET);
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/review`, { rating: 5 }, receiver), 409, REVIEW_NOT_YET);
  });

  test("after completion each party reviews the other once; ratings of 0 or 6 and a second review are refused", async () => {
    const { proposer, receiver, swapId } = await completedSwap();
    const stranger = await member("Mia Rossi");

    for (const rating of [0, 6]) {
      await expectRefused(
        () => post(`/api/v1/swaps/${swapId}/review`, { rating }, proposer),
        400,
        RATING_OUT_OF_RANGE,
        "rating",
      );
    }
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/review`, { rating: 5 }, stranger), 404, SWAP_NOT_FOUND);

    const first = await json<{ id: string }>(
      post(`/api/v1/swaps/${swapId}/review`, { rating: 4, comment: "  Smooth swap, bike as described.  " }, proposer),
    );
    expect(first.status).toBe(201);
    const second = await json(post(`/api/v1/swaps/${swapId}/review`, { rating: 5 }, receiver));
    expect(second.status).toBe(201);

    const rows = await db.select().from(reviews).where(eq(reviews.swapProposalId, swapId));
    expect(rows.map((r) => [r.reviewerId, r.revieweeId, r.rating]).sort()).toEqual(
      [
        [proposer.userId, receiver.userId, 4],
        [receiver.userId, proposer.userId, 5],
      ].sort(),
    );
    expect(rows.find((r) => r.id === first.body.id)?.comment).toBe("Smooth swap, bike as described.");
    expect((await swapOf(swapId, proposer)).myReview).toEqual({ rating: 4 });

    await expectRefused(() => post(`/api/v1/swaps/${swapId}/review`, { rating: 1 }, proposer), 409, ALREADY_REVIEWED);
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/review`, { rating: 1 }, receiver), 409, ALREADY_REVIEWED);
  });

  test("the reviewee's rating shows on the cards of their listings that are still public", async () => {
    const { proposer, receiver, swapId, targetId } = await completedSwap();
    // The swapped listing is no longer public; a new one of the receiver's is.
    const fresh = await listingOf(receiver, "Longboard skateboard");
    const card = async () =>
      (await json<{ listings: ListingCard[] }>(get("/api/v1/listings?limit=50", proposer))).body.listings.find(
        (l) => l.id === fresh,
      );
    expect(await card()).toMatchObject({ ownerId: receiver.userId, ownerRating: null, ownerReviewCount: 0 });

    const first = await json<{ id: string; revealed: boolean }>(
      post(`/api/v1/swaps/${swapId}/review`, { rating: 4, tags: ["on_time", "friendly"] }, proposer),
    );
    expect(first).toMatchObject({ status: 201, body: { revealed: false } });
    // Double-blind (decision 094): hidden until the receiver reviews too, so the card does not move yet.
    expect(await card()).toMatchObject({ ownerId: receiver.userId, ownerRating: null, ownerReviewCount: 0 });
    const second = await json<{ id: string; revealed: boolean }>(
      post(`/api/v1/swaps/${swapId}/review`, { rating: 5 }, receiver),
    );
    expect(second).toMatchObject({ status: 201, body: { revealed: true } });

    expect(await card()).toMatchObject({ ownerId: receiver.userId, ownerRating: 4, ownerReviewCount: 1 });
    expect((await json<{ listing: ListingCard }>(get(`/api/v1/listings/${fresh}`))).body.listing).toMatchObject({
      ownerRating: 4,
      ownerReviewCount: 1,
    });
    const feed = (await json<{ listings: ListingCard[] }>(get("/api/v1/listings?limit=50"))).body.listings;
    expect(feed.map((l) => l.id)).not.toContain(targetId);
    // The swapped listing is no longer public: a visitor is told it does not exist, while the other party of
    // its completed swap still opens it from My Swaps (decision 045).
    expect(await json(get(`/api/v1/listings/${targetId}`))).toEqual({
      status: 404,
      body: { error: "Listing not found" },
    });
    expect(
      (await json<{ listing: ListingCard }>(get(`/api/v1/listings/${targetId}`, proposer))).body.listing,
    ).toMatchObject({
      id: targetId,
      status: "swapped",
    });
  });
});

describe("with swap payments switched off", () => {
  test("accepting goes straight to arranging and both parties see each other's contact details without paying", async () => {
    const { proposer, receiver, offeredId, targetId, swapId } = await pendingSwap();
    await setSwapPayments(false);
    try {
      expect(await json(post(`/api/v1/swaps/${swapId}/accept`, {}, receiver))).toEqual({
        status: 200,
        body: { status: "arranging" },
      });
    } finally {
      await setSwapPayments(true);
    }

    expect(await swapRow(swapId)).toMatchObject({ status: "arranging", proposerPaid: true, receiverPaid: true });
    expect(await listingStatuses(offeredId, targetId)).toEqual(["swapped", "swapped"]);
    const payments = await db.select().from(paymentLogs).where(eq(paymentLogs.swapProposalId, swapId));
    expect(payments.map((p) => [p.provider, p.amountCents, p.creditCents, p.status])).toEqual([
      ["waived", 0, 0, "completed"],
      ["waived", 0, 0, "completed"],
    ]);
    expect(
      await db
        .select()
        .from(creditLedger)
        .where(inArray(creditLedger.userId, [proposer.userId, receiver.userId])),
    ).toEqual([]);

    expect((await swapOf(swapId, proposer)).contact).toEqual(contactOf(receiver));
    expect((await swapOf(swapId, receiver)).contact).toEqual(contactOf(proposer));
    await expectSwapCompletedMailEach(proposer, receiver);
    // Nobody is asked to pay a fee that was waived.
    expect(await mailsTo(proposer, "proposal_accepted")).toHaveLength(0);
    await expectRefused(() => post(`/api/v1/swaps/${swapId}/pay`, {}, proposer), 409, NOT_WAITING_FOR_PAYMENT);
  });
});
