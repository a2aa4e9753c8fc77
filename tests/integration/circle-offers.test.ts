// Swap circles offered without anyone doing it (issue 29, decision 108): the events path offers the best circle
// through a new want or a newly published listing, the nightly pass offers what it finds, and every member hears
// of each step (offered, everyone accepted, the handshake, called off) in the bell and by e-mail.
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { acceptCircle } from "#core/circles/accept-circle.ts";
import { declineCircle } from "#core/circles/decline-circle.ts";
import { lapseCircles } from "#core/circles/lapse-circles.ts";
import { offerCirclesNightly } from "#core/circles/offer-circles-nightly.ts";
import { blockMember } from "#core/conversations/block-member.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { recordEvent } from "#core/events/record-event.ts";
import { setFavourite } from "#core/listings/toggle-favourite.ts";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { domainEvents } from "#db/schema/events.ts";
import { favourites } from "#db/schema/favourites.ts";
import { notifications } from "#db/schema/notifications.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { swapCircleLegs, swapCircles } from "#db/schema/swap-circles.ts";
import { databaseForThisFile } from "../support/database-for-file";
import { createListing, createMember, createSwap } from "../support/factories";
import { setFlag } from "../support/flags";
import { controlledClock, HOUR } from "../support/test-clock";

const { db } = await databaseForThisFile();
const APP_URL = "https://swapshed.example";
const clock = controlledClock(new Date());
const deps = { db, clock, env: { APP_URL } };
const dispatch = () => dispatchEvents({ db, appUrl: APP_URL });
beforeEach(() => clock.set(new Date()));
afterEach(() => setFlag(db, "enable_swap_payments", true));

/** Ana, Ben and Cleo, a listing each; wanting each other's in a ring closes the circle Ana -> Ben -> Cleo. */
async function threeMembers(tag = crypto.randomUUID().slice(0, 6)) {
  const ana = await createMember(db, { name: "Ana Costa" });
  const ben = await createMember(db, { name: "Ben Walker" });
  const cleo = await createMember(db, { name: "Cleo Park" });
  const kayak = await createListing(db, ana.id, { title: `Kayak ${tag}` });
  const paddle = await createListing(db, ben.id, { title: `Paddleboard ${tag}` });
  const surf = await createListing(db, cleo.id, { title: `Surfboard ${tag}` });
  return { ana, ben, cleo, kayak, paddle, surf, tag };
}

/** Ben wants Ana's kayak, Cleo wants Ben's paddleboard and Ana wants Cleo's surfboard (favourites). */
async function wantInARing(m: Awaited<ReturnType<typeof threeMembers>>) {
  await setFavourite(db, { userId: m.ben.id, listingId: m.kayak, favourite: true });
  await setFavourite(db, { userId: m.cleo.id, listingId: m.paddle, favourite: true });
  await setFavourite(db, { userId: m.ana.id, listingId: m.surf, favourite: true });
}

const circlesOf = async (listingId: string) =>
  db
    .select({ id: swapCircles.id, status: swapCircles.status })
    .from(swapCircles)
    .innerJoin(swapCircleLegs, eq(swapCircleLegs.circleId, swapCircles.id))
    .where(eq(swapCircleLegs.listingId, listingId));

const noticeLines = async (userId: string) =>
  (await findNotifications(db, { userId })).page.map((n) => ({ text: n.text, href: n.href }));

const kindsOf = async (userId: string) =>
  (await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.createdAt)).map(
    (n) => n.kind,
  );

describe("the events path offers circles", () => {
  test("the want that closes a ring offers the circle once, and each member is told what they give and get", async () => {
    const m = await threeMembers();
    await setFavourite(db, { userId: m.ben.id, listingId: m.kayak, favourite: true });
    await setFavourite(db, { userId: m.cleo.id, listingId: m.paddle, favourite: true });
    await dispatch();
    expect(await circlesOf(m.kayak)).toEqual([]);

    await setFavourite(db, { userId: m.ana.id, listingId: m.surf, favourite: true });
    await dispatch();
    const [circle] = await circlesOf(m.kayak);
    expect(circle.status).toBe("offered");
    const legs = await db.select().from(swapCircleLegs).where(eq(swapCircleLegs.circleId, circle.id));
    expect(legs.map((l) => [l.giverId, l.listingId, l.receiverId]).sort()).toEqual(
      [
        [m.ana.id, m.kayak, m.ben.id],
        [m.ben.id, m.paddle, m.cleo.id],
        [m.cleo.id, m.surf, m.ana.id],
      ].sort(),
    );
    expect(await noticeLines(m.ana.id)).toEqual([
      {
        text: `A swap circle for your “Kayak ${m.tag}”: give it to Ben Walker and get Cleo Park's “Surfboard ${m.tag}”. Everyone has 48 hours to accept`,
        href: `/my-swaps/circles/${circle.id}`,
      },
    ]);
    expect((await noticeLines(m.cleo.id))[0].text).toBe(
      `A swap circle for your “Surfboard ${m.tag}”: give it to Ana Costa and get Ben Walker's “Paddleboard ${m.tag}”. Everyone has 48 hours to accept`,
    );
    // "Immediately" by default: each member is e-mailed the line too.
    const mail = await db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .innerJoin(domainEvents, eq(domainEvents.id, mailOutbox.eventId))
      .where(and(eq(domainEvents.subjectId, circle.id), eq(domainEvents.kind, "circle.offered")));
    expect(mail.map((r) => r.to).sort()).toEqual([m.ana.email, m.ben.email, m.cleo.email].sort());

    // The same wants again (a favourite removed and added, the listing published again): no second offer.
    await setFavourite(db, { userId: m.ana.id, listingId: m.surf, favourite: false });
    await setFavourite(db, { userId: m.ana.id, listingId: m.surf, favourite: true });
    await db.transaction((tx) => recordEvent(tx, { kind: "listing.published", subjectId: m.kayak }));
    await dispatch();
    expect(await circlesOf(m.kayak)).toHaveLength(1);
  });

  test("a newly published listing that closes a ring of two offers it to both", async () => {
    const ana = await createMember(db, { name: "Ana Costa" });
    const ben = await createMember(db, { name: "Ben Walker" });
    const kayak = await createListing(db, ana.id, { title: "Kayak" });
    const drill = await createListing(db, ben.id, { title: "Drill" });
    // Wants written straight into the table: no event of their own, so only the listing's event can find it.
    await db.insert(favourites).values([
      { userId: ana.id, listingId: drill },
      { userId: ben.id, listingId: kayak },
    ]);
    expect(await circlesOf(kayak)).toEqual([]);
    await db.transaction((tx) => recordEvent(tx, { kind: "listing.published", subjectId: drill }));
    await dispatch();
    const [circle] = await circlesOf(kayak);
    expect(circle.status).toBe("offered");
    expect(await kindsOf(ana.id)).toEqual(["circle.offered"]);
    expect((await noticeLines(ben.id))[0].text).toBe(
      "A swap circle for your “Drill”: give it to Ana Costa and get Ana Costa's “Kayak”. Everyone has 48 hours to accept",
    );
  });

  test("a circle between members who blocked each other is never offered", async () => {
    const m = await threeMembers();
    await blockMember(deps, { blockerId: m.cleo.id, blockedId: m.ana.id });
    await wantInARing(m);
    await dispatch();
    expect(await circlesOf(m.kayak)).toEqual([]);
    expect(await offerCirclesNightly(deps)).toBe(0);
    expect(await circlesOf(m.kayak)).toEqual([]);
  });

  test("a listing is in one open circle at a time", async () => {
    const m = await threeMembers();
    await wantInARing(m);
    await dispatch();
    expect(await circlesOf(m.kayak)).toHaveLength(1);
    // Dan also wants the kayak and has what Ana wants: a circle of two through the kayak, not offered while the
    // ring is open.
    const dan = await createMember(db, { name: "Dan Ode" });
    const bike = await createListing(db, dan.id, { title: "Bike" });
    await setFavourite(db, { userId: m.ana.id, listingId: bike, favourite: true });
    await setFavourite(db, { userId: dan.id, listingId: m.kayak, favourite: true });
    await dispatch();
    expect(await circlesOf(bike)).toEqual([]);
    expect(await circlesOf(m.kayak)).toHaveLength(1);
  });
});

describe("members hear of each step", () => {
  test("a decline tells the others (not the one who declined), and the circle is not offered again", async () => {
    const m = await threeMembers();
    await wantInARing(m);
    await dispatch();
    const [circle] = await circlesOf(m.kayak);
    await declineCircle(deps, { circleId: circle.id, userId: m.ben.id });
    expect(await kindsOf(m.ben.id)).toEqual(["circle.offered"]);
    expect(await kindsOf(m.ana.id)).toEqual(["circle.offered", "circle.closed"]);
    expect((await noticeLines(m.ana.id))[0].text).toBe(
      `The swap circle for your “Kayak ${m.tag}” is off: a member declined it`,
    );

    await setFavourite(db, { userId: m.ana.id, listingId: m.surf, favourite: false });
    await setFavourite(db, { userId: m.ana.id, listingId: m.surf, favourite: true });
    await dispatch();
    expect(await offerCirclesNightly(deps)).toBe(0);
    expect((await circlesOf(m.kayak)).map((c) => c.status)).toEqual(["declined"]);
  });

  test("everyone accepting tells everyone to pay; with fees off they go straight to the handshake", async () => {
    const m = await threeMembers();
    await wantInARing(m);
    await dispatch();
    const [circle] = await circlesOf(m.kayak);
    await acceptCircle(deps, { circleId: circle.id, userId: m.ana.id });
    await acceptCircle(deps, { circleId: circle.id, userId: m.ben.id });
    expect(await kindsOf(m.cleo.id)).toEqual(["circle.offered"]);
    await acceptCircle(deps, { circleId: circle.id, userId: m.cleo.id });
    for (const member of [m.ana, m.ben, m.cleo])
      expect(await kindsOf(member.id)).toEqual(["circle.offered", "circle.accepted"]);
    expect((await noticeLines(m.ben.id))[0].text).toBe(
      `Everyone accepted the swap circle for your “Paddleboard ${m.tag}”. Pay the fee within 48 hours to swap details`,
    );

    const fresh = await threeMembers();
    await wantInARing(fresh);
    await dispatch();
    const [free] = await circlesOf(fresh.kayak);
    await setFlag(db, "enable_swap_payments", false);
    for (const member of [fresh.ana, fresh.ben, fresh.cleo])
      await acceptCircle(deps, { circleId: free.id, userId: member.id });
    expect(await kindsOf(fresh.ana.id)).toEqual(["circle.offered", "circle.handshake"]);
    expect((await noticeLines(fresh.ana.id))[0].text).toBe(
      `The swap circle for your “Kayak ${fresh.tag}” is on: see Ben Walker's and Cleo Park's contact details to arrange it`,
    );
  });

  test("an offer nobody finished answering lapses, and everyone is told", async () => {
    const m = await threeMembers();
    await wantInARing(m);
    await dispatch();
    const [circle] = await circlesOf(m.kayak);
    await acceptCircle(deps, { circleId: circle.id, userId: m.ana.id });
    clock.advance(49 * HOUR);
    expect(await lapseCircles(deps)).toContain(circle.id);
    await dispatch();
    for (const member of [m.ana, m.ben, m.cleo])
      expect(await kindsOf(member.id)).toEqual(["circle.offered", "circle.closed"]);
    expect((await noticeLines(m.cleo.id))[0].text).toBe(
      `The swap circle for your “Surfboard ${m.tag}” lapsed: not everyone accepted within 48 hours`,
    );
  });

  test("a swap accepted on one of its listings calls the circle off for its members", async () => {
    const m = await threeMembers();
    await wantInARing(m);
    await dispatch();
    const dan = await createMember(db, { name: "Dan Ode" });
    const bike = await createListing(db, dan.id, { title: "Bike" });
    const { swapId } = await createSwap(db, {
      status: "pending",
      proposerId: dan.id,
      receiverId: m.ana.id,
      offeredListingId: bike,
      targetListingId: m.kayak,
    });
    await acceptSwap(deps, { swapId, actorId: m.ana.id });
    await dispatch();
    expect((await circlesOf(m.kayak)).map((c) => c.status)).toEqual(["cancelled"]);
    expect((await noticeLines(m.ben.id))[0].text).toBe(
      `The swap circle for your “Paddleboard ${m.tag}” is off: one of its listings was swapped elsewhere`,
    );
  });
});

describe("the nightly pass", () => {
  test("offers the circles the events path never saw, once, with their notices", async () => {
    const m = await threeMembers();
    await db.insert(favourites).values([
      { userId: m.ben.id, listingId: m.kayak },
      { userId: m.cleo.id, listingId: m.paddle },
      { userId: m.ana.id, listingId: m.surf },
    ]);
    expect(await offerCirclesNightly(deps)).toBeGreaterThanOrEqual(1);
    await dispatch();
    const [circle] = await circlesOf(m.kayak);
    expect(circle.status).toBe("offered");
    expect(await kindsOf(m.cleo.id)).toEqual(["circle.offered"]);
    await offerCirclesNightly(deps);
    expect(await circlesOf(m.kayak)).toHaveLength(1);
    const open = await db
      .select({ id: swapCircles.id })
      .from(swapCircles)
      .innerJoin(swapCircleLegs, eq(swapCircleLegs.circleId, swapCircles.id))
      .where(inArray(swapCircleLegs.listingId, [m.kayak, m.paddle, m.surf]));
    expect(new Set(open.map((r) => r.id)).size).toBe(1);
  });

  test("offers a batch at once, passing over the circle turned down before, the blocked pair and the listing already in a circle", async () => {
    const ring = async () => {
      const m = await threeMembers();
      await db.insert(favourites).values([
        { userId: m.ben.id, listingId: m.kayak },
        { userId: m.cleo.id, listingId: m.paddle },
        { userId: m.ana.id, listingId: m.surf },
      ]);
      return m;
    };
    const turnedDown = await ring();
    await offerCirclesNightly(deps);
    const [declined] = await circlesOf(turnedDown.kayak);
    await declineCircle(deps, { circleId: declined.id, userId: turnedDown.ben.id });

    // Ana of `busy` is already in an open circle of two with Dan (her kayak for his canoe), so the ring through her
    // kayak is passed over; `blocked` has Cleo blocking Ana; `clean` has nothing against it.
    const busy = await ring();
    const dan = await createMember(db, { name: "Dan Reyes" });
    const canoe = await createListing(db, dan.id, { title: `Canoe ${busy.tag}` });
    await db.insert(favourites).values({ userId: dan.id, listingId: busy.kayak });
    await setFavourite(db, { userId: busy.ana.id, listingId: canoe, favourite: true });
    await dispatch();
    expect((await circlesOf(canoe)).map((c) => c.status)).toEqual(["offered"]);
    const blocked = await ring();
    await blockMember(deps, { blockerId: blocked.cleo.id, blockedId: blocked.ana.id });
    const clean = await ring();

    await offerCirclesNightly(deps);
    expect((await circlesOf(turnedDown.kayak)).map((c) => c.status)).toEqual(["declined"]);
    expect(await circlesOf(busy.paddle)).toEqual([]);
    expect(await circlesOf(blocked.kayak)).toEqual([]);
    const [offered] = await circlesOf(clean.kayak);
    expect(offered.status).toBe("offered");
    const legs = await db.select().from(swapCircleLegs).where(eq(swapCircleLegs.circleId, offered.id));
    expect(legs.map((l) => l.listingId).sort()).toEqual([clean.kayak, clean.paddle, clean.surf].sort());
    const events = await db.select().from(domainEvents).where(eq(domainEvents.subjectId, offered.id));
    expect(events.map((e) => e.kind)).toEqual(["circle.offered"]);
  });
});
