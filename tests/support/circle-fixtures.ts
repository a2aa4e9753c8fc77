import { acceptCircle } from "#core/circles/accept-circle.ts";
import { confirmCircleSwapped } from "#core/circles/complete-circle.ts";
import { offerCircle } from "#core/circles/offer-circle.ts";
import type { Clock } from "#core/shared/clock.ts";
import { type Circle, circleKey } from "#core/swaps/find-swap-circles.ts";
import type { Db } from "#db/client.ts";
import { createListing, createMember } from "./factories";

/** How far a test's circle has gone: offered to all, accepted by all (fees off: the handshake), or completed. */
export type CircleStage = "offered" | "arranging" | "completed";

/**
 * A circle of three for a test, made through the use cases: Ana gives her kayak to Ben, Ben his paddleboard to
 * Cleo, Cleo her surfboard to Ana (so Ana gets from Cleo). Titles carry `tag`, unique to the circle. With fees on,
 * "arranging" stops at accepted: the caller's test pays.
 */
export async function circleOfThree(deps: { db: Db; clock: Clock }, stage: CircleStage = "arranging") {
  const { db, clock } = deps;
  const tag = crypto.randomUUID().slice(0, 6);
  const members = [
    await createMember(db, { name: "Ana Costa" }),
    await createMember(db, { name: "Ben Walker" }),
    await createMember(db, { name: "Cleo Park" }),
  ];
  const owned = [
    await createListing(db, members[0].id, { title: `Kayak ${tag}` }),
    await createListing(db, members[1].id, { title: `Paddleboard ${tag}` }),
    await createListing(db, members[2].id, { title: `Surfboard ${tag}` }),
  ];
  const legs = members.map((m, i) => ({ giverId: m.id, listingId: owned[i], receiverId: members[(i + 1) % 3].id }));
  const found: Circle = { legs, key: circleKey(legs), fairness: 1 };
  const circleId = await db.transaction((tx) => offerCircle(tx, found, { now: clock.now() }));
  if (!circleId) throw new Error("expected the circle to be offered");
  if (stage !== "offered") for (const m of members) await acceptCircle(deps, { circleId, userId: m.id });
  if (stage === "completed") for (const m of members) await confirmCircleSwapped(deps, { circleId, userId: m.id });
  const [ana, ben, cleo] = members;
  return { circleId, ana, ben, cleo, tag };
}
