// The fault suite's world, made before the first start: members signed up through the app itself (so their
// session cookies are the real ones), and for every trial the listings, proposals, accepted swaps and open
// checkouts its burst of writes acts on, as rows in the shape the product's use cases leave them. Listings get real picture files, so "every picture row has its file"
// holds from the start and only a write the app makes can break it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { Database } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { HANDSHAKE_FEE_CENTS, paymentLogs } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createApp } from "#server/app.ts";
import type { Env } from "#server/env.ts";
import { localPaymentsSecret } from "#server/payments.ts";
import { storageFromEnv } from "#server/storage.ts";
import { listingValues, swapValues } from "../support/factories";
import { setFlag } from "../support/flags";

export type Member = { id: string; email: string; name: string; cookie: string };

export type TrialPlan = {
  /** New listings, each with one picture, through the API. */
  creates: { member: Member; title: string }[];
  /** New proposals: the proposer's active listing offered for another member's. */
  proposals: { proposer: Member; offered: string; offeredTitle: string; target: string }[];
  /** Three pending proposals for one listing, all accepted at once by its owner: one may win. */
  race: { receiver: Member; target: string; swapIds: string[]; offered: string[] };
  /** Pending proposals accepted by their receivers. */
  accepts: { receiver: Member; swapId: string }[];
  /** Accepted swaps whose proposer pays through the local checkout: POST /pay, then the card form. */
  checkouts: { payer: Member; swapId: string }[];
  /** Accepted swaps with an open checkout whose completed event the suite signs and delivers itself. */
  webhooks: { swapId: string; payerId: string; paymentId: string; sessionId: string }[];
};

/** For the races run once the trials are over, on the restarted process. */
export type Extras = {
  /** Twenty pending proposals for one listing, from eleven members. */
  race: { receiver: Member; target: string; swapIds: string[]; offered: string[] };
  /** One open checkout whose completed event is delivered ten times at once. */
  webhook: { swapId: string; payerId: string; paymentId: string; sessionId: string };
};

export type World = { members: Member[]; trials: TrialPlan[]; extras: Extras; upload: Buffer; webhookSecret: string };

const MEMBER_NAMES = [
  "Ava Nguyen",
  "Ben Walker",
  "Chloe Singh",
  "Dev Patel",
  "Ella Murphy",
  "Finn O'Brien",
  "Grace Kim",
  "Hamish Reid",
  "Isla Chen",
  "Jack Taylor",
  "Kiara Brown",
  "Liam Rossi",
];

/** The same-origin headers a browser sends with our own pages' requests. */
export function browserHeaders(env: { APP_URL: string }, cookie?: string): Record<string, string> {
  return { origin: new URL(env.APP_URL).origin, "sec-fetch-site": "same-origin", ...(cookie ? { cookie } : {}) };
}

/** Signs `count` members up through the app (as the sign-up page does) and keeps their session cookies. */
async function signUpMembers(db: Database, env: Env, count: number): Promise<Member[]> {
  const { app } = createApp({ db, env, storage: storageFromEnv(env) });
  const members: Member[] = [];
  for (const name of MEMBER_NAMES.slice(0, count)) {
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}.${crypto.randomBytes(3).toString("hex")}@example.com.au`;
    const res = await app.request(`${env.APP_URL}/api/v1/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", ...browserHeaders(env) },
      body: JSON.stringify({ email, password: "Swapshed1", fullName: name }),
    });
    if (res.status !== 201) throw new Error(`sign-up of ${name} answered ${res.status}: ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .filter((c) => !c.endsWith("="))
      .join("; ");
    members.push({ id: String(((await res.json()) as { userId: string }).userId), email, name, cookie });
  }
  return members;
}

export async function seedWorld({ db, env, trials }: { db: Database; env: Env; trials: number }): Promise<World> {
  // A fault test is not a rate-limit test: members here make more offers an hour than the limits allow.
  await setFlag(db, "enable_rate_limiting", false);
  const members = await signUpMembers(db, env, MEMBER_NAMES.length);
  const uploads = path.resolve(env.DATA_DIR, "uploads");
  const picture = await sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 120, b: 180 } },
  })
    .webp()
    .toBuffer();
  // Rows as the product leaves them (a proposal, an accept, an opened checkout), written in a few batches: the
  // suite is about the writes the app makes in the bursts, and seeding them one use case at a time took longer
  // than the trials.
  const now = new Date();
  const in48h = new Date(now.getTime() + 48 * 60 * 60 * 1000);
  const listingRows: (typeof listings.$inferInsert)[] = [];
  const swapRows: (typeof swapProposals.$inferInsert)[] = [];
  const paymentRows: (typeof paymentLogs.$inferInsert)[] = [];

  /** A listing with one picture, its file written where the app keeps uploads. */
  const listing = (owner: Member, title: string, status: "active" | "reserved" = "active") => {
    const id = crypto.randomUUID();
    const key = `listings/${owner.id}/${now.getTime()}-${crypto.randomBytes(4).toString("hex")}`;
    fs.mkdirSync(path.join(uploads, "listings", owner.id), { recursive: true });
    fs.writeFileSync(path.join(uploads, `${key}-320.webp`), picture);
    listingRows.push(
      listingValues(owner.id, {
        id,
        title,
        description: `${title}, in good working order and ready to swap.`,
        valueMin: 100,
        valueMax: 200,
        images: [{ key, widths: [320] }],
        status,
      }),
    );
    return id;
  };
  /** A pending proposal, as proposeSwap leaves it. */
  const proposal = (proposer: Member, receiver: Member, offeredListingId: string, targetListingId: string) => {
    const id = crypto.randomUUID();
    const parties = { offeredListingId, targetListingId, proposerId: proposer.id, receiverId: receiver.id };
    swapRows.push({ id, ...swapValues("pending", parties, now), expiresAt: in48h });
    return id;
  };
  /** An accepted swap, as acceptSwap leaves it: both listings reserved, nothing else pending on them. */
  const accepted = (proposer: Member, receiver: Member, label: string) => {
    const id = crypto.randomUUID();
    const [offeredListingId, targetListingId] = [
      listing(proposer, `${label}: ${proposer.name}'s offer`, "reserved"),
      listing(receiver, `${label}: ${receiver.name}'s item`, "reserved"),
    ];
    const parties = { offeredListingId, targetListingId, proposerId: proposer.id, receiverId: receiver.id };
    swapRows.push({ id, ...swapValues("accepted", parties, now), expiresAt: in48h });
    return id;
  };
  /** An accepted swap whose proposer has opened the local checkout: a pending payment with its session, no credit. */
  const openCheckout = (payer: Member, receiver: Member, label: string) => {
    const swapId = accepted(payer, receiver, label);
    const paymentId = crypto.randomUUID();
    const sessionId = `cs_local_${crypto.randomBytes(12).toString("hex")}`;
    paymentRows.push({
      id: paymentId,
      swapProposalId: swapId,
      userId: payer.id,
      amountCents: HANDSHAKE_FEE_CENTS,
      creditCents: 0,
      status: "pending",
      provider: "local",
      checkoutSessionId: sessionId,
      createdAt: now,
      updatedAt: now,
    });
    return { swapId, payerId: payer.id, paymentId, sessionId };
  };

  const plans: TrialPlan[] = [];
  for (let t = 0; t < trials; t++) {
    const m = (i: number) => members[(t * 5 + i) % members.length];
    const plan: TrialPlan = {
      creates: [],
      proposals: [],
      race: { receiver: m(0), target: listing(m(0), `Trial ${t + 1} surfboard`), swapIds: [], offered: [] },
      accepts: [],
      checkouts: [],
      webhooks: [],
    };
    for (let i = 0; i < 3; i++) plan.creates.push({ member: m(i + 4), title: `Trial ${t + 1} new listing ${i + 1}` });
    for (let i = 0; i < 4; i++) {
      const proposer = m(i + 1);
      const offeredTitle = `Trial ${t + 1} offer ${i + 1}: ${proposer.name}'s drill`;
      plan.proposals.push({
        proposer,
        offered: listing(proposer, offeredTitle),
        offeredTitle,
        target: listing(m(i + 6), `Trial ${t + 1} wanted ${i + 1}`),
      });
    }
    for (let i = 1; i <= 3; i++) {
      const offered = listing(m(i), `Trial ${t + 1} race offer ${i}`);
      plan.race.swapIds.push(proposal(m(i), m(0), offered, plan.race.target));
      plan.race.offered.push(offered);
    }
    for (let i = 0; i < 2; i++) {
      const [proposer, receiver] = [m(i + 7), m(i + 9)];
      const swapId = proposal(
        proposer,
        receiver,
        listing(proposer, `Trial ${t + 1} accept ${i + 1} offer`),
        listing(receiver, `Trial ${t + 1} accept ${i + 1} item`),
      );
      plan.accepts.push({ receiver, swapId });
    }
    for (let i = 0; i < 2; i++)
      plan.checkouts.push({
        payer: m(i + 2),
        swapId: accepted(m(i + 2), m(i + 5), `Trial ${t + 1} checkout ${i + 1}`),
      });
    for (let i = 0; i < 2; i++)
      plan.webhooks.push(openCheckout(m(i + 8), m(i + 10), `Trial ${t + 1} webhook ${i + 1}`));
    plans.push(plan);
  }

  const [receiver, ...proposers] = members;
  const extras: Extras = {
    race: { receiver, target: listing(receiver, "Malibu surfboard"), swapIds: [], offered: [] },
    webhook: openCheckout(members[3], members[7], "Ten deliveries"),
  };
  for (let i = 0; i < 20; i++) {
    const proposer = proposers[i % proposers.length];
    const offered = listing(proposer, `Race offer ${i + 1}: ${proposer.name}'s road bike`);
    extras.race.swapIds.push(proposal(proposer, receiver, offered, extras.race.target));
    extras.race.offered.push(offered);
  }

  for (let i = 0; i < listingRows.length; i += 200) await db.insert(listings).values(listingRows.slice(i, i + 200));
  for (let i = 0; i < swapRows.length; i += 200) await db.insert(swapProposals).values(swapRows.slice(i, i + 200));
  await db.insert(paymentLogs).values(paymentRows);

  // A phone photo's size in pixels is beside the point: a small JPEG keeps each create quick.
  const upload = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 180, g: 120, b: 60 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { members, trials: plans, extras, upload, webhookSecret: localPaymentsSecret(env) };
}
