// One trial's burst: every kind of write at once, each started at a random moment in the first STAGGER_MS,
// and the process SIGKILLed at a random moment while they run. What the app acknowledged (a whole 2xx or
// success redirect received) is recorded; whatever was cut off is not.
import crypto from "node:crypto";
import { LOCAL_SIGNATURE_HEADER, LOCAL_WEBHOOK_PATH, signLocalWebhook } from "#core/payments/local-provider.ts";
import { checkoutCompletedEvent } from "../support/payment-fixtures";
import { type Answer, flashOf, multipart, send } from "./http";
import type { Member, TrialPlan, World } from "./world";
import { browserHeaders } from "./world";

export const STAGGER_MS = 400;

export type WriteKind = "create listing" | "propose" | "accept" | "start payment" | "pay by card" | "webhook";

export type Write = {
  kind: WriteKind;
  /** Started before the kill (a write the kill stopped from starting was never sent). */
  sent: boolean;
  acknowledged: boolean;
  answer?: Answer;
  /** Milliseconds from the burst's start to the answer. */
  answeredAt?: number;
  /** What the acknowledgement promised, for the checks after the restart. */
  result?: { id?: string; status?: string; sessionId?: string };
  plan: Record<string, string>;
};

/** A small seeded generator (mulberry32): the same seed, the same trials. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Ctx = {
  url: string;
  appUrl: string;
  world: World;
  killed: () => boolean;
  /** Resolves at the kill: a write still waiting for its moment gives up at once. */
  kill: Promise<void>;
  startedAt: number;
};

const json = (ctx: Ctx, member: Member, path: string, body: unknown) =>
  send(`${ctx.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      ...browserHeaders({ APP_URL: ctx.appUrl }, member.cookie),
    },
    body: JSON.stringify(body),
  });

/** Runs `request` unless the process was killed first; records whether its answer came back and acknowledged. */
async function attempt(
  ctx: Ctx,
  write: Write,
  request: () => Promise<Answer>,
  acknowledged: (answer: Answer) => Write["result"] | null,
) {
  if (ctx.killed()) return;
  write.sent = true;
  try {
    const answer = await request();
    write.answer = answer;
    write.answeredAt = Date.now() - ctx.startedAt;
    const result = acknowledged(answer);
    if (result) {
      write.acknowledged = true;
      write.result = result;
    } else if (answer.status >= 500) {
      throw new Error(`${write.kind} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    }
  } catch (error) {
    // A connection the kill cut is what this suite is about; anything the app answered with a 5xx is not.
    if (write.answer && write.answer.status >= 500) throw error;
  }
}

const parsed = (answer: Answer) => JSON.parse(answer.text) as Record<string, unknown>;

/** The trial's writes, not yet started: each is a function that waits for its moment, then sends. */
export function burstOf(plan: TrialPlan, ctx: Ctx, rng: () => number) {
  const writes: Write[] = [];
  const jobs: (() => Promise<void>)[] = [];
  const at = () => {
    const delay = rng() * STAGGER_MS;
    return () => Promise.race([new Promise<void>((r) => setTimeout(r, delay)), ctx.kill]);
  };
  const add = (kind: WriteKind, planned: Record<string, string>, run: (write: Write) => Promise<void>) => {
    const write: Write = { kind, sent: false, acknowledged: false, plan: planned };
    writes.push(write);
    const wait = at();
    jobs.push(async () => {
      await wait();
      await run(write);
    });
    return write;
  };

  for (const create of plan.creates) {
    add("create listing", { ownerId: create.member.id, title: create.title }, async (write) => {
      const form = new FormData();
      const fields = {
        title: create.title,
        description: `${create.title}: a cordless drill with two batteries.`,
        category: "tradie_tools",
        condition: "good",
        valueMin: "80",
        valueMax: "150",
        location: "Bondi NSW 2026",
      };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append("images", new File([new Uint8Array(ctx.world.upload)], "drill.jpg", { type: "image/jpeg" }));
      const { body, type } = await multipart(form);
      await attempt(
        ctx,
        write,
        () =>
          send(`${ctx.url}/api/v1/listings`, {
            method: "POST",
            headers: {
              "content-type": type,
              accept: "application/json",
              ...browserHeaders({ APP_URL: ctx.appUrl }, create.member.cookie),
            },
            body,
          }),
        (a) => (a.status === 201 ? { id: String(parsed(a).id) } : null),
      );
    });
  }

  for (const p of plan.proposals) {
    add(
      "propose",
      { proposerId: p.proposer.id, offered: p.offered, target: p.target, offeredTitle: p.offeredTitle },
      (write) =>
        attempt(
          ctx,
          write,
          () => json(ctx, p.proposer, "/api/v1/swaps", { targetListingId: p.target, offeredListingId: p.offered }),
          (a) => (a.status === 201 ? { id: String(parsed(a).id) } : null),
        ),
    );
  }

  // Refused accepts (409: another one won) are answers too, but they promise no write.
  const accept = (receiver: Member, swapId: string) =>
    add("accept", { swapId, receiverId: receiver.id }, (write) =>
      attempt(
        ctx,
        write,
        () => json(ctx, receiver, `/api/v1/swaps/${swapId}/accept`, {}),
        (a) => (a.status === 200 ? { status: String(parsed(a).status) } : null),
      ),
    );
  for (const swapId of plan.race.swapIds) accept(plan.race.receiver, swapId);
  for (const a of plan.accepts) accept(a.receiver, a.swapId);

  for (const c of plan.checkouts) {
    // Two writes in a row, as a member makes them: open the checkout, then pay on its page.
    const pay: Write = {
      kind: "pay by card",
      sent: false,
      acknowledged: false,
      plan: { swapId: c.swapId, payerId: c.payer.id },
    };
    add("start payment", { swapId: c.swapId, payerId: c.payer.id }, async (write) => {
      await attempt(
        ctx,
        write,
        () => json(ctx, c.payer, `/api/v1/swaps/${c.swapId}/pay`, {}),
        (a) => {
          const body = a.status === 200 ? parsed(a) : null;
          return body?.kind === "redirect" ? { sessionId: new URL(String(body.url)).pathname.split("/").pop() } : null;
        },
      );
      const sessionId = write.result?.sessionId;
      if (!sessionId) return;
      writes.push(pay);
      pay.plan.sessionId = sessionId;
      const form = new URLSearchParams({ cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" }).toString();
      await attempt(
        ctx,
        pay,
        () =>
          send(`${ctx.url}/checkout/${sessionId}`, {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              accept: "text/html",
              ...browserHeaders({ APP_URL: ctx.appUrl }, c.payer.cookie),
            },
            body: form,
          }),
        (a) => (a.status === 302 && flashOf(a)?.type === "success" ? { status: "paid" } : null),
      );
    });
  }

  for (const w of plan.webhooks) {
    // The provider delivers one event three times at once (its retries racing a slow first answer).
    const event = checkoutCompletedEvent(w.paymentId, w.sessionId, {
      id: `evt_fault_${crypto.randomBytes(8).toString("hex")}`,
    });
    const body = JSON.stringify(event);
    for (let copy = 0; copy < 3; copy++) {
      add("webhook", { eventId: event.id, paymentId: w.paymentId, swapId: w.swapId, payerId: w.payerId }, (write) =>
        attempt(
          ctx,
          write,
          () =>
            send(`${ctx.url}${LOCAL_WEBHOOK_PATH}`, {
              method: "POST",
              headers: {
                "content-type": "application/json",
                [LOCAL_SIGNATURE_HEADER]: signLocalWebhook(
                  body,
                  ctx.world.webhookSecret,
                  Math.floor(Date.now() / 1000),
                ),
              },
              body,
            }),
          (a) => {
            const result = a.status === 200 ? String(parsed(a).result) : "";
            return result === "processed" || result === "duplicate" ? { status: result } : null;
          },
        ),
      );
    }
  }

  return { writes, run: () => Promise.all(jobs.map((job) => job())) };
}
