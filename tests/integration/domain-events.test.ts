// The events path (decision 073): a use case records what happened in the transaction of its change; one
// dispatcher turns it into mail. A change that rolls back sends nothing; one that commits is mailed once, however
// many dispatchers run at once (on PostgreSQL: two separate connection pools, as two processes have).
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { recordEvent } from "#core/events/record-event.ts";
import { moderateListings } from "#core/moderation/moderate-listings.ts";
import type { StaffActor } from "#core/staff/pass-staff-gate.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { type Db, type DbHandle, openDatabase } from "#db/client.ts";
import { domainEvents } from "#db/schema/events.ts";
import { listings } from "#db/schema/listings.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { createStaff, staffActor } from "../support/factories";
import { controlledClock } from "../support/test-clock";
import { ownerAndAsker } from "../support/swap-fixtures";
import { closeTestDatabase } from "../support/test-db";
import { createTestDatabase } from "../support/test-db";

const APP_URL = "https://swapshed.example";
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const clock = controlledClock(new Date());

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
});
afterAll(() => closeTestDatabase(handle));

async function mailsOf(swapId: string, template: string) {
  const events = await db.select({ id: domainEvents.id }).from(domainEvents).where(eq(domainEvents.subjectId, swapId));
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.template, template));
  return rows.filter((m) => events.some((e) => e.id === m.eventId));
}

const pair = () => ownerAndAsker(db);

describe("swap events and their mail", () => {
  test("a proposal made through the use case is mailed to the receiver once it commits, with the event's id", async () => {
    const { owner, asker, target, offered } = await pair();
    const { id } = await proposeSwap(
      { db, clock, env: { APP_URL } },
      { proposerId: asker.id, targetListingId: target, offeredListingId: offered },
    );
    const mails = await mailsOf(id, "proposal_received");
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe(owner.email);
    expect(mails[0].textBody).toContain("Ryobi mower");
    const [event] = await db.select().from(domainEvents).where(eq(domainEvents.subjectId, id));
    expect(event).toMatchObject({ kind: "swap.proposed" });
    expect(event.dispatchedAt).not.toBeNull();
  });

  test("an accept that rolls back (the offered listing went meanwhile) records no event and mails nobody", async () => {
    const { owner, asker, target, offered } = await pair();
    const { id } = await proposeSwap(
      { db, clock, env: { APP_URL } },
      { proposerId: asker.id, targetListingId: target, offeredListingId: offered },
    );
    // The offered listing is reserved elsewhere between the proposal and the accept.
    await db.update(listings).set({ status: "reserved" }).where(eq(listings.id, offered));
    await expect(acceptSwap({ db, clock, env: { APP_URL } }, { swapId: id, actorId: owner.id })).rejects.toThrow();
    const kinds = (await db.select().from(domainEvents).where(eq(domainEvents.subjectId, id))).map((e) => e.kind);
    expect(kinds).toEqual(["swap.proposed"]);
    expect(await mailsOf(id, "proposal_accepted")).toHaveLength(0);
  });

  test("an event recorded in a transaction that then fails is never dispatched", async () => {
    const { asker } = await pair();
    const subjectId = crypto.randomUUID();
    await expect(
      db.transaction(async (tx) => {
        await recordEvent(tx, { kind: "swap.proposed", subjectId });
        throw new Error("the change failed after recording its event");
      }),
    ).rejects.toThrow("the change failed");
    await dispatchEvents({ db, appUrl: APP_URL });
    expect(await db.select().from(domainEvents).where(eq(domainEvents.subjectId, subjectId))).toHaveLength(0);
    // The members of the pair got nothing from it either.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, asker.email))).toHaveLength(0);
  });

  test("events left pending (a process that died after its commit) are dispatched by the next run, each once, however many dispatchers race", async () => {
    const { owner, asker, target, offered } = await pair();
    // Without env the use case leaves its events to the background dispatcher, as a crash after commit would.
    const { id } = await proposeSwap(
      { db, clock },
      { proposerId: asker.id, targetListingId: target, offeredListingId: offered },
    );
    expect(await mailsOf(id, "proposal_received")).toHaveLength(0);

    // On PostgreSQL a second connection pool stands for a second process; on PGlite the one connection serialises.
    let second: DbHandle | undefined;
    if (handle.kind === "postgres") second = await openDatabase({ url: handle.url! });
    const other = second?.db ?? db;
    try {
      const runs = await Promise.all([
        dispatchEvents({ db, appUrl: APP_URL }),
        dispatchEvents({ db: other, appUrl: APP_URL }),
        dispatchEvents({ db, appUrl: APP_URL }),
        dispatchEvents({ db: other, appUrl: APP_URL }),
      ]);
      expect(runs.reduce((n, r) => n + r.dispatched, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await second?.close();
    }
    const mails = await mailsOf(id, "proposal_received");
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe(owner.email);
    expect(
      await db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.subjectId, id), isNull(domainEvents.dispatchedAt))),
    ).toHaveLength(0);
  });

  test("an event dispatched a second time (its mark lost) mails nobody twice", async () => {
    const { owner, asker, target, offered } = await pair();
    const { id } = await proposeSwap(
      { db, clock, env: { APP_URL } },
      { proposerId: asker.id, targetListingId: target, offeredListingId: offered },
    );
    await db.update(domainEvents).set({ dispatchedAt: null }).where(eq(domainEvents.subjectId, id));
    await dispatchEvents({ db, appUrl: APP_URL });
    const mails = await mailsOf(id, "proposal_received");
    expect(mails.map((m) => m.toAddress)).toEqual([owner.email]);
  });

  test("a handler that fails leaves its event pending with the error, and changes nothing else", async () => {
    const subjectId = crypto.randomUUID();
    // A swap event about a swap that does not exist mails nobody; an unknown kind has no handler at all.
    await db.insert(domainEvents).values({ kind: "swap.teleported" as "swap.proposed", subjectId });
    const run = await dispatchEvents({ db, appUrl: APP_URL });
    expect(run.failed).toBeGreaterThanOrEqual(1);
    const [event] = await db.select().from(domainEvents).where(eq(domainEvents.subjectId, subjectId));
    expect(event.dispatchedAt).toBeNull();
    expect(event.attempts).toBe(1);
    expect(event.lastError).toContain("swap.teleported");
    expect(event.nextAttemptAt).not.toBeNull();
  });
});

describe("staff events and their mail", () => {
  async function moderator(): Promise<StaffActor> {
    return staffActor(await createStaff(db, ["moderator"]), ["moderator"], "127.0.0.1");
  }

  test("a takedown records one event in its transaction and mails the owner once; a refused one records nothing", async () => {
    const { owner, target } = await pair();
    const actor = await moderator();
    const takedown = () =>
      moderateListings(
        { db },
        {
          actor,
          ids: [target],
          moderation: "takedown",
          reason: "Trademark complaint",
          now: clock.now(),
          appUrl: APP_URL,
        },
      );
    await takedown();
    // Taking it down again is refused ('already taken down'): its transaction rolls back with no second event.
    await expect(takedown()).rejects.toThrow("already taken down");
    const events = await db.select().from(domainEvents).where(eq(domainEvents.subjectId, target));
    expect(events.map((e) => [e.kind, e.payload.outcome])).toEqual([["listing.moderated", "takedown"]]);
    expect(events[0].dispatchedAt).not.toBeNull();

    // Dispatched a second time (its mark lost), it still mails the owner once.
    await db.update(domainEvents).set({ dispatchedAt: null }).where(eq(domainEvents.subjectId, target));
    await dispatchEvents({ db, appUrl: APP_URL });
    const mails = await mailsOf(target, "listing_takedown");
    expect(mails.map((m) => m.toAddress)).toEqual([owner.email]);
    expect(mails[0].textBody).toContain("Trademark complaint");
  });
});
