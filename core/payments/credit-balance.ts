import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { creditLedger } from "#db/schema/payments.ts";

/** A member's account credit in cents: the sum of their ledger (0 when they have none). */
export async function creditBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string | number>`coalesce(sum(${creditLedger.amountCents}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.balance ?? 0);
}
