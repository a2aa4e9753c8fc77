// What swap tests ask of the database and of a use case besides the factories: how many proposals there are,
// and the refusal a use case threw.
import { count, type SQL } from "drizzle-orm";
import { isAppError } from "#core/shared/app-error.ts";
import type { Db } from "#db/client.ts";
import { swapProposals } from "#db/schema/swaps.ts";

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
