import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { HANDSHAKE_FEE_CENTS, paymentLogs } from "#db/schema/payments.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { settlePartyFee } from "../swaps/complete-swap-if-paid";
import { phoneColumns } from "../accounts/profile-phone";
import { lockSwapAsParty, refuseUnlessBothActive } from "../swaps/swap-guards";
import { creditBalance } from "./credit-balance";
import { lockMemberCredit, recordCredit } from "./lock-member-credit";
import type { PaymentProvider } from "./payment-provider";

export const NOT_WAITING_FOR_PAYMENT = "This swap is not waiting for payment";
export const ALREADY_PAID = "You have already paid for this swap";
export const SUPERSEDED = "Superseded by a new checkout";
export const CHECKOUT_UNAVAILABLE = "We couldn't open the checkout. Please try again.";
export const PAYMENT_WINDOW_CLOSED = "The 48 hours to pay for this swap have passed, so it has lapsed.";

export type StartPaymentResult = { kind: "paid" } | { kind: "redirect"; url: string };

/**
 * A party pays their handshake fee for an accepted swap. Account credit pays first: if it covers the whole
 * fee the swap is settled here and now; otherwise the credit is reserved and the rest goes to a checkout.
 */
export async function startHandshakePayment(
  deps: { db: Db; clock: Clock; provider: PaymentProvider; appUrl: string },
  {
    swapId,
    userId,
    phone,
  }: {
    swapId: string;
    userId: string;
    /** A phone the member added at the Pay step (already checked against the phone rule): saved with the payment,
     *  in its transaction, so that a refused payment leaves the profile as it was (N17). */
    phone?: string;
  },
): Promise<StartPaymentResult> {
  const now = deps.clock.now();
  const supersededSessions: string[] = [];

  const started = await deps.db.transaction(async (tx) => {
    // The swap lock queues this against webhooks settling the same swap; a stranger locks nothing.
    const swap = await lockSwapAsParty(tx, { swapId, actorId: userId });
    if (swap.status !== "accepted") throw new AppError("CONFLICT", NOT_WAITING_FOR_PAYMENT);
    // The deadline holds whatever the lapse job has done yet, as proposal expiry does.
    if (swap.paymentDueAt && swap.paymentDueAt <= now) throw new AppError("CONFLICT", PAYMENT_WINDOW_CLOSED);
    if (swap.proposerId === userId ? swap.proposerPaid : swap.receiverPaid)
      throw new AppError("CONFLICT", ALREADY_PAID);
    await refuseUnlessBothActive(tx, swap);
    // A phone typed here is not confirmed (decision 095): a different number than the profile's clears the mark.
    if (phone)
      await tx
        .update(profiles)
        .set(await phoneColumns(tx, { userId, phone }))
        .where(eq(profiles.userId, userId));

    // Two checkouts started at once (two tabs, two swaps) must not both spend the same credit.
    await lockMemberCredit(tx, userId);

    // An earlier checkout left open (back button, second tab) gives its reserved credit back first.
    const superseded = await tx
      .update(paymentLogs)
      .set({ status: "failed", errorMessage: SUPERSEDED, updatedAt: now })
      .where(
        and(eq(paymentLogs.swapProposalId, swapId), eq(paymentLogs.userId, userId), eq(paymentLogs.status, "pending")),
      )
      .returning();
    supersededSessions.push(...superseded.map((p) => p.checkoutSessionId).filter((id): id is string => !!id));
    for (const earlier of superseded) {
      await recordCredit(tx, {
        userId,
        amountCents: earlier.creditCents,
        reason: "reversal",
        swapProposalId: swapId,
        now,
      });
    }

    const credit = Math.min(Math.max(await creditBalance(tx, userId), 0), HANDSHAKE_FEE_CENTS);
    await recordCredit(tx, { userId, amountCents: -credit, reason: "handshake_fee", swapProposalId: swapId, now });

    if (credit === HANDSHAKE_FEE_CENTS) {
      await tx.insert(paymentLogs).values({
        swapProposalId: swapId,
        userId,
        amountCents: 0,
        creditCents: credit,
        status: "completed",
        provider: "credit",
        createdAt: now,
        updatedAt: now,
      });
      await settlePartyFee(tx, { swapId, userId, now });
      return { kind: "paid" as const };
    }

    const [payment] = await tx
      .insert(paymentLogs)
      .values({
        swapProposalId: swapId,
        userId,
        amountCents: HANDSHAKE_FEE_CENTS - credit,
        creditCents: credit,
        status: "pending",
        provider: deps.provider.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const [payer] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    const titles = await tx
      .select({ id: listings.id, title: listings.title })
      .from(listings)
      .where(inArray(listings.id, [swap.offeredListingId, swap.targetListingId]));
    const title = (id: string) => titles.find((l) => l.id === id)?.title ?? "a listing";
    return {
      kind: "checkout" as const,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      customerEmail: payer.email,
      description: `SwapShed handshake fee: ${title(swap.offeredListingId)} for ${title(swap.targetListingId)}`,
    };
  });
  // An earlier checkout left open must not take a second payment: it is closed at the provider too (after the
  // commit, so a slow provider holds no locks; if that fails, a payment through it is refunded automatically).
  await expireCheckouts(deps.provider, supersededSessions);
  if (started.kind === "paid") {
    await deliverAfterCommit({ db: deps.db, env: { APP_URL: deps.appUrl } });
    return started;
  }

  // The provider is called only after the commit: a slow or failing provider holds no locks.
  try {
    const appUrl = deps.appUrl.replace(/\/+$/, "");
    const session = await deps.provider.createCheckout({
      paymentId: started.paymentId,
      amountCents: started.amountCents,
      currency: "aud",
      description: started.description,
      customerEmail: started.customerEmail,
      successUrl: `${appUrl}/my-swaps?payment=success`,
      cancelUrl: `${appUrl}/my-swaps?payment=cancelled`,
    });
    await deps.db
      .update(paymentLogs)
      .set({ checkoutSessionId: session.sessionId, updatedAt: deps.clock.now() })
      .where(eq(paymentLogs.id, started.paymentId));
    return { kind: "redirect", url: session.url };
  } catch (error) {
    logger.error("checkout could not be opened", { paymentId: started.paymentId, error: String(error) });
    await abandonPayment(deps, { paymentId: started.paymentId, userId, swapId, message: CHECKOUT_UNAVAILABLE });
    throw new AppError("INTERNAL", CHECKOUT_UNAVAILABLE);
  }
}

/** A checkout that never opened: the payment fails and its reserved credit goes back. */
async function abandonPayment(
  deps: { db: Db; clock: Clock },
  { paymentId, userId, swapId, message }: { paymentId: string; userId: string; swapId: string; message: string },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockMemberCredit(tx, userId);
    const [failed] = await tx
      .update(paymentLogs)
      .set({ status: "failed", errorMessage: message, updatedAt: now })
      .where(and(eq(paymentLogs.id, paymentId), eq(paymentLogs.status, "pending")))
      .returning();
    if (failed)
      await recordCredit(tx, {
        userId,
        amountCents: failed.creditCents,
        reason: "reversal",
        swapProposalId: swapId,
        now,
      });
  });
}

async function expireCheckouts(provider: PaymentProvider, sessionIds: string[]) {
  for (const sessionId of sessionIds) {
    try {
      await provider.expireCheckout(sessionId);
    } catch (error) {
      logger.warn("superseded checkout could not be expired", { sessionId, error: String(error) });
    }
  }
}
