// The fault suite's world, made before the first start: members signed up through the app itself (so their
// session cookies are the real ones), and for every trial the listings, proposals, accepted swaps and open
// checkouts its burst of writes acts on. Listings get real picture files, so "every picture row has its file"
// holds from the start and only a write the app makes can break it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { createLocalPaymentProvider } from "../../core/payments/local-provider";
import { startHandshakePayment } from "../../core/payments/start-handshake-payment";
import { systemClock } from "../../core/shared/clock";
import { acceptSwap } from "../../core/swaps/accept-swap";
import { proposeSwap } from "../../core/swaps/propose-swap";
import type { Database } from "../../db/client";
import { listings } from "../../db/schema/listings";
import { paymentLogs } from "../../db/schema/payments";
import { createApp } from "../../server/app";
import type { Env } from "../../server/env";
import { localPaymentsSecret } from "../../server/payments";
import { storageFromEnv } from "../../server/storage";
import { setFlag } from "../support/swap-fixtures";

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

const MEMBER_NAMES = ["Ava Nguyen", "Ben Walker", "Chloe Singh", "Dev Patel", "Ella Murphy", "Finn O'Brien", "Grace Kim", "Hamish Reid", "Isla Chen", "Jack Taylor", "Kiara Brown", "Liam Rossi"];

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
  const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 60, g: 120, b: 180 } } })
    .webp()
    .toBuffer();
  const deps = { db, clock: systemClock };
  const provider = createLocalPaymentProvider({ appUrl: env.APP_URL, secret: localPaymentsSecret(env) });

  /** An active listing with one picture, its file written where the app keeps uploads. */
  const listing = async (owner: Member, title: string) => {
    const key = `listings/${owner.id}/${Date.now()}-${crypto.randomBytes(4).toString("hex")}`;
    fs.mkdirSync(path.join(uploads, "listings", owner.id), { recursive: true });
    fs.writeFileSync(path.join(uploads, `${key}-320.webp`), picture);
    const [row] = await db
      .insert(listings)
      .values({
        userId: owner.id,
        title,
        description: `${title}, in good working order and ready to swap.`,
        category: "tradie_tools",
        condition: "good",
        valueMin: 100,
        valueMax: 200,
        location: "Bondi NSW 2026",
        suburb: "Bondi",
        state: "NSW",
        postcode: "2026",
        latitude: -33.893,
        longitude: 151.263,
        images: [{ key, widths: [320] }],
      })
      .returning();
    return row.id;
  };
  const proposal = async (proposer: Member, receiver: Member, label: string) => {
    const offered = await listing(proposer, `${label}: ${proposer.name}'s offer`);
    const target = await listing(receiver, `${label}: ${receiver.name}'s item`);
    const { id } = await proposeSwap(deps, { proposerId: proposer.id, offeredListingId: offered, targetListingId: target });
    return { swapId: id, offered, target };
  };
  const accepted = async (proposer: Member, receiver: Member, label: string) => {
    const p = await proposal(proposer, receiver, label);
    await acceptSwap(deps, { swapId: p.swapId, actorId: receiver.id });
    return p;
  };
  /** An accepted swap whose proposer has opened the local checkout (a pending payment with its session). */
  const openCheckout = async (payer: Member, receiver: Member, label: string) => {
    const { swapId } = await accepted(payer, receiver, label);
    const started = await startHandshakePayment({ ...deps, provider, appUrl: env.APP_URL }, { swapId, userId: payer.id });
    if (started.kind !== "redirect") throw new Error("expected an open checkout");
    const sessionId = new URL(started.url).pathname.split("/").pop() as string;
    const [payment] = await db.select({ id: paymentLogs.id }).from(paymentLogs).where(eq(paymentLogs.checkoutSessionId, sessionId));
    return { swapId, payerId: payer.id, paymentId: payment.id, sessionId };
  };

  const plans: TrialPlan[] = [];
  for (let t = 0; t < trials; t++) {
    const m = (i: number) => members[(t * 5 + i) % members.length];
    const plan: TrialPlan = { creates: [], proposals: [], race: { receiver: m(0), target: "", swapIds: [], offered: [] }, accepts: [], checkouts: [], webhooks: [] };
    for (let i = 0; i < 3; i++) plan.creates.push({ member: m(i + 4), title: `Trial ${t + 1} new listing ${i + 1}` });
    for (let i = 0; i < 4; i++) {
      const proposer = m(i + 1);
      const offeredTitle = `Trial ${t + 1} offer ${i + 1}: ${proposer.name}'s drill`;
      plan.proposals.push({ proposer, offered: await listing(proposer, offeredTitle), offeredTitle, target: await listing(m(i + 6), `Trial ${t + 1} wanted ${i + 1}`) });
    }
    plan.race.target = await listing(m(0), `Trial ${t + 1} surfboard`);
    for (let i = 1; i <= 3; i++) {
      const offered = await listing(m(i), `Trial ${t + 1} race offer ${i}`);
      const { id } = await proposeSwap(deps, { proposerId: m(i).id, offeredListingId: offered, targetListingId: plan.race.target });
      plan.race.swapIds.push(id);
      plan.race.offered.push(offered);
    }
    for (let i = 0; i < 2; i++) {
      const { swapId } = await proposal(m(i + 7), m(i + 9), `Trial ${t + 1} accept ${i + 1}`);
      plan.accepts.push({ receiver: m(i + 9), swapId });
    }
    for (let i = 0; i < 2; i++) {
      const { swapId } = await accepted(m(i + 2), m(i + 5), `Trial ${t + 1} checkout ${i + 1}`);
      plan.checkouts.push({ payer: m(i + 2), swapId });
    }
    for (let i = 0; i < 2; i++) plan.webhooks.push(await openCheckout(m(i + 8), m(i + 10), `Trial ${t + 1} webhook ${i + 1}`));
    plans.push(plan);
  }

  const [receiver, ...proposers] = members;
  const extras: Extras = { race: { receiver, target: await listing(receiver, "Malibu surfboard"), swapIds: [], offered: [] }, webhook: await openCheckout(members[3], members[7], "Ten deliveries") };
  for (let i = 0; i < 20; i++) {
    const proposer = proposers[i % proposers.length];
    const offered = await listing(proposer, `Race offer ${i + 1}: ${proposer.name}'s road bike`);
    const { id } = await proposeSwap(deps, { proposerId: proposer.id, offeredListingId: offered, targetListingId: extras.race.target });
    extras.race.swapIds.push(id);
    extras.race.offered.push(offered);
  }

  // A phone photo's size in pixels is beside the point: a small JPEG keeps each create quick.
  const upload = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { members, trials: plans, extras, upload, webhookSecret: localPaymentsSecret(env) };
}
