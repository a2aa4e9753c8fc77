import { and, eq, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { ADMIN_CREDIT_CENTS, creditLedger } from "#db/schema/payments.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { lockMember } from "../accounts/member-guards";
import { requireReason } from "../shared/reason";
import { isUuid } from "../shared/ids";
import { creditBalance } from "./credit-balance";
import { AppError } from "../shared/app-error";
import type { StaffActor } from "../staff/pass-staff-gate";

export const NOT_A_PARTY = "Choose one of this swap's two members";

/**
 * An admin gives a member the spec's 500 cents of account credit, with a reason: one ledger row (never a balance
 * column) and its audit row, in one transaction under the member's credit lock. The member sees it on My Account
 * and it pays their next handshake fee first. `swapId` ties the credit to the swap it makes good, when there is one.
 */
export async function applyCredit(
  db: Db,
  {
    actor,
    userId,
    reason: rawReason,
    swapId,
    now,
  }: { actor: StaffActor; userId: string; reason: unknown; swapId?: string | null; now: Date },
) {
  const reason = requireReason(rawReason);
  if (swapId != null && !isUuid(swapId)) throw new AppError("NOT_FOUND", NOT_A_PARTY);
  return db.transaction(async (tx) => {
    if (swapId) {
      const [party] = await tx
        .select({ id: swapProposals.id })
        .from(swapProposals)
        .where(
          and(
            eq(swapProposals.id, swapId),
            or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId)),
          ),
        );
      if (!party) throw new AppError("NOT_FOUND", NOT_A_PARTY);
    }
    // The profile's row lock is the one every spend of this member's credit takes; deleted members and yourself are refused.
    await lockMember(tx, { actor, userId, now });
    await tx.insert(creditLedger).values({
      userId,
      amountCents: ADMIN_CREDIT_CENTS,
      reason: "admin_credit",
      swapProposalId: swapId ?? null,
      createdBy: actor.userId,
      createdAt: now,
    });
    const balanceCents = await creditBalance(tx, userId);
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "apply_credit",
      targetType: "user",
      targetId: userId,
      metadata: { reason, amountCents: ADMIN_CREDIT_CENTS, swapId: swapId ?? null, balanceCents },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { amountCents: ADMIN_CREDIT_CENTS, balanceCents };
  });
}
