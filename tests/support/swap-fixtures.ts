// What swap tests ask of the database and of a use case besides the factories: two members with a listing each,
// how many proposals there are, and the refusal a use case threw.
import { count, type SQL } from "drizzle-orm";
import { isAppError } from "#core/shared/app-error.ts";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createListing, createMember } from "./factories";

/** Olive, who owns a chainsaw, and Arlo, who could offer his mower for it: the events tests' two members. */
export async function ownerAndAsker(db: Db) {
  const owner = await createMember(db, { name: "Olive Owner" });
  const asker = await createMember(db, { name: "Arlo Asker" });
  const target = await createListing(db, owner.id, { title: "Stihl chainsaw" });
  const offered = await createListing(db, asker.id, { title: "Ryobi mower" });
  return { owner, asker, target, offered };
}

/** How many proposals match `where` (all of them without it). */
export async function proposalCount(db: Db, where?: SQL) {
  const [row] = await db.select({ n: count() }).from(swapProposals).where(where);
  return Number(row.n);
}

/** The refusal a use case threw, as { code, message }; anything else (or no error) fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected the call to be refused, but it succeeded");
}
