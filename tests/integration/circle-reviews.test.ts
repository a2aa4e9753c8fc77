// Reviews after a swap circle (issue 29, decision 111): once the circle is completed each member reviews the member
// they got their item from, once. Double-blind: nothing is shown until every member has reviewed (the last review
// shows them all, however the last two race), or until the reveal job's 14 days have passed. Only members may review,
// only after completion, and a bad review changes nothing.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { CIRCLE_NOT_FOUND } from "#core/circles/circle-guards.ts";
import { findMyCircles } from "#core/circles/find-my-circles.ts";
import { CIRCLE_ALREADY_REVIEWED, CIRCLE_REVIEW_NOT_YET, leaveCircleReview } from "#core/circles/review-circle.ts";
import { dispatchEvents } from "#core/events/dispatch-events.ts";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { findCircleReviews, findMemberReviews } from "#core/reviews/find-member-reviews.ts";
import { revealDueReviews } from "#core/reviews/reveal-due-reviews.ts";
import { REVEAL_AFTER_DAYS } from "#core/reviews/review-rules.ts";
import { RATING_OUT_OF_RANGE } from "#core/swaps/swap-schema.ts";
import { reviews } from "#db/schema/swaps.ts";
import { circleOfThree } from "../support/circle-fixtures";
import { databaseForThisFile } from "../support/database-for-file";
import { createMember } from "../support/factories";
import { setFlag } from "../support/flags";
import { controlledClock, HOUR } from "../support/test-clock";

const DAY = 24 * HOUR;

const { db } = await databaseForThisFile();
const APP_URL = "https://swapshed.example";
const clock = controlledClock(new Date());
const deps = { db, clock };
beforeEach(async () => {
  clock.set(new Date());
  // Fees off: accepting takes a circle straight to its handshake (circle fees have their own tests).
  await setFlag(db, "enable_swap_payments", false);
});
afterEach(() => setFlag(db, "enable_swap_payments", true));

/** Ana gives her kayak to Ben, Ben his paddleboard to Cleo, Cleo her surfboard to Ana: so Ana reviews Cleo. */
const circle = ({ complete = true } = {}) => circleOfThree(deps, complete ? "completed" : "arranging");

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "went through",
    (e: Error) => e.message,
  );
const reviewsOf = (circleId: string) => db.select().from(reviews).where(eq(reviews.circleId, circleId));
const noticeLines = async (userId: string) => {
  await dispatchEvents({ db, appUrl: APP_URL });
  return (await findNotifications(db, { userId })).page.map((n) => n.text);
};

describe("reviews after a swap circle", () => {
  test("each member reviews the one they got from; nothing shows until the last review shows them all", async () => {
    const c = await circle();
    const anaSees = async () =>
      (await findMyCircles(db, { userId: c.ana.id, now: clock.now() })).find((v) => v.id === c.circleId);
    expect((await anaSees())?.reviewedByMe).toBe(false);
    const ana = await leaveCircleReview(deps, {
      circleId: c.circleId,
      reviewerId: c.ana.id,
      rating: 5,
      comment: "Surfboard exactly as shown",
      tags: ["as_described", "friendly"],
    });
    expect(ana.revealed).toBe(false);
    expect((await anaSees())?.reviewedByMe).toBe(true);
    expect((await reviewsOf(c.circleId)).map((r) => [r.reviewerId, r.revieweeId, r.revealedAt])).toEqual([
      [c.ana.id, c.cleo.id, null],
    ]);
    // Cleo (reviewed by Ana, the member she gave to) learns only that a review is waiting: never its stars.
    expect(await findCircleReviews(db, { userId: c.cleo.id, circleId: c.circleId })).toEqual({
      mine: null,
      theirs: { waiting: true },
    });
    expect((await noticeLines(c.cleo.id))[0]).toBe(
      `Ana Costa has reviewed you for the swap circle of your “Surfboard ${c.tag}”. Reviews are shown once everyone in the circle has reviewed`,
    );
    expect((await findMemberReviews(db, { memberId: c.cleo.id })).reviews).toEqual([]);
    // Ben has nothing to do with Ana's review: he sees none of it.
    expect(await findCircleReviews(db, { userId: c.ben.id, circleId: c.circleId })).toEqual({
      mine: null,
      theirs: null,
    });

    clock.advance(HOUR);
    expect((await leaveCircleReview(deps, { circleId: c.circleId, reviewerId: c.ben.id, rating: 4 })).revealed).toBe(
      false,
    );
    const last = await leaveCircleReview(deps, { circleId: c.circleId, reviewerId: c.cleo.id, rating: 3 });
    expect(last.revealed).toBe(true);
    expect((await reviewsOf(c.circleId)).every((r) => r.revealedAt?.getTime() === clock.now().getTime())).toBe(true);

    const seenByCleo = await findCircleReviews(db, { userId: c.cleo.id, circleId: c.circleId });
    expect(seenByCleo.mine).toMatchObject({ rating: 3, revealed: true });
    expect(seenByCleo.theirs).toEqual({
      waiting: false,
      rating: 5,
      tags: ["as_described", "friendly"],
      comment: "Surfboard exactly as shown",
    });
    expect((await findMemberReviews(db, { memberId: c.cleo.id })).reviews.map((r) => r.reviewer.name)).toEqual([
      "Ana C.",
    ]);
    // Ben's reviewer wrote last: he is told the stars; Ana, told by nobody else, learns the reviews are shown.
    expect((await noticeLines(c.ben.id))[0]).toBe(
      `Cleo Park left you a 3-star review for the swap circle of your “Paddleboard ${c.tag}”`,
    );
    expect((await noticeLines(c.ana.id))[0]).toBe(
      `The reviews of the swap circle for your “Kayak ${c.tag}” are now shown on your profiles`,
    );

    expect(await refusal(leaveCircleReview(deps, { circleId: c.circleId, reviewerId: c.ana.id, rating: 1 }))).toBe(
      CIRCLE_ALREADY_REVIEWED,
    );
    expect(await reviewsOf(c.circleId)).toHaveLength(3);
  });

  test("before completion, by a stranger, or with a bad rating: refused, and nothing is written", async () => {
    const arranging = await circle({ complete: false });
    expect(
      await refusal(leaveCircleReview(deps, { circleId: arranging.circleId, reviewerId: arranging.ana.id, rating: 5 })),
    ).toBe(CIRCLE_REVIEW_NOT_YET);
    const done = await circle();
    const stranger = await createMember(db, { name: "Dev Stranger" });
    expect(
      await refusal(leaveCircleReview(deps, { circleId: done.circleId, reviewerId: stranger.id, rating: 5 })),
    ).toBe(CIRCLE_NOT_FOUND);
    expect(await refusal(leaveCircleReview(deps, { circleId: "not-a-uuid", reviewerId: done.ana.id, rating: 5 }))).toBe(
      CIRCLE_NOT_FOUND,
    );
    for (const rating of [0, 6, 2.5, "x"])
      expect(await refusal(leaveCircleReview(deps, { circleId: done.circleId, reviewerId: done.ana.id, rating }))).toBe(
        RATING_OUT_OF_RANGE,
      );
    expect(await reviewsOf(arranging.circleId)).toEqual([]);
    expect(await reviewsOf(done.circleId)).toEqual([]);
  });

  test("the last two reviewing at the same instant leave no review hidden", async () => {
    for (let round = 0; round < 3; round++) {
      const c = await circle();
      await leaveCircleReview(deps, { circleId: c.circleId, reviewerId: c.ana.id, rating: 5 });
      const results = await Promise.all(
        [c.ben, c.cleo].map((m) => leaveCircleReview(deps, { circleId: c.circleId, reviewerId: m.id, rating: 4 })),
      );
      expect(results.filter((r) => r.revealed)).toHaveLength(1);
      expect((await reviewsOf(c.circleId)).map((r) => r.revealedAt !== null)).toEqual([true, true, true]);
    }
  });

  test("a review nobody answers is shown by the reveal job 14 days after the circle completed", async () => {
    const c = await circle();
    await leaveCircleReview(deps, { circleId: c.circleId, reviewerId: c.ben.id, rating: 2, tags: ["no_show"] });
    clock.advance((REVEAL_AFTER_DAYS - 1) * DAY);
    expect(await revealDueReviews(deps)).not.toContain(c.circleId);
    clock.advance(DAY + HOUR);
    expect(await revealDueReviews(deps)).toContain(c.circleId);
    expect(await revealDueReviews(deps)).not.toContain(c.circleId);
    expect((await findMemberReviews(db, { memberId: c.ana.id })).reviews.map((r) => [r.rating, r.tags])).toEqual([
      [2, ["no_show"]],
    ]);
    for (const member of [c.ana, c.ben, c.cleo])
      expect((await noticeLines(member.id))[0]).toBe(
        `The reviews of the swap circle for your “${member === c.ana ? "Kayak" : member === c.ben ? "Paddleboard" : "Surfboard"} ${c.tag}” are now shown on your profiles`,
      );
  });
});
