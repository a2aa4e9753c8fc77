import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { HANDSHAKE_FEE_CENTS, paymentLogs } from "#db/schema/payments.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { logger } from "../shared/logger";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { phoneColumns } from "../accounts/profile-phone";
import { creditBalance } from "./credit-balance";
import { circleDeal, dealColumns, type FeeDeal, paymentsOf, swapDeal } from "./fee-deal";
import { lockDealForPayer } from "./fee-deals";
import { lockMemberCredit, recordCredit } from "./lock-member-credit";
import type { PaymentProvider } from "./payment-provider";
import { settleHolds } from "./settle-holds";

export { ALREADY_PAID, NOT_WAITING_FOR_PAYMENT, PAYMENT_WINDOW_CLOSED } from "./fee-deals";
export const SUPERSEDED = "Superseded by a new checkout";
export const CHECKOUT_UNAVAILABLE = "We couldn't open the checkout. Please try again.";

export type StartPaymentResult = { kind: "paid" } | { kind: "redirect"; url: string };

type PaymentDeps = { db: Db; clock: Clock; provider: PaymentProvider; appUrl: string };
/** A phone the member added at the Pay step (already checked against the phone rule): saved with the payment, in
 *  its transaction, so that a refused payment leaves the profile as it was (N17). */
type PayerPhone = { phone?: string };

/** A party pays their handshake fee for an accepted swap. */
export function startHandshakePayment(
  deps: PaymentDeps,
  { swapId, userId, phone }: { swapId: string; userId: string } & PayerPhone,
): Promise<StartPaymentResult> {
  return startFeePayment(deps, { deal: swapDeal(swapId), userId, phone });
}

/** A member pays their handshake fee for a swap circle every member accepted (decision 105). */
export function startCircleFeePayment(
  deps: PaymentDeps,
  { circleId, userId, phone }: { circleId: string; userId: string } & PayerPhone,
): Promise<StartPaymentResult> {
  return startFeePayment(deps, { deal: circleDeal(circleId), userId, phone });
}

/**
 * A member pays their fee for a deal (a swap or a circle). Account credit pays first: if it covers the whole fee it
 * is held here and now; otherwise the credit is reserved and the rest goes to a checkout that holds it on the card.
 * Nothing is charged until every side holds (decision 102).
 */
async function startFeePayment(
  deps: PaymentDeps,
  { deal, userId, phone }: { deal: FeeDeal; userId: string } & PayerPhone,
): Promise<StartPaymentResult> {
  const now = deps.clock.now();
  const supersededSessions: string[] = [];

  const started = await deps.db.transaction(async (tx) => {
    const payable = await lockDealForPayer(tx, { deal, userId, now });
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
      .where(and(paymentsOf(deal), eq(paymentLogs.userId, userId), eq(paymentLogs.status, "pending")))
      .returning();
    supersededSessions.push(...superseded.map((p) => p.checkoutSessionId).filter((id): id is string => !!id));
    for (const earlier of superseded) {
      await recordCredit(tx, { userId, amountCents: earlier.creditCents, reason: "reversal", deal, now });
    }

    const credit = Math.min(Math.max(await creditBalance(tx, userId), 0), HANDSHAKE_FEE_CENTS);
    await recordCredit(tx, { userId, amountCents: -credit, reason: "handshake_fee", deal, now });

    if (credit === HANDSHAKE_FEE_CENTS) {
      await tx.insert(paymentLogs).values({
        ...dealColumns(deal),
        userId,
        amountCents: 0,
        creditCents: credit,
        // Set aside, not spent: it is captured when every other side holds too, and comes back if they never do.
        status: "held",
        provider: "credit",
        createdAt: now,
        updatedAt: now,
      });
      await payable.settleFee(tx, now);
      return { kind: "paid" as const };
    }

    const [payment] = await tx
      .insert(paymentLogs)
      .values({
        ...dealColumns(deal),
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
    return {
      kind: "checkout" as const,
      paymentId: payment.id,
      amountCents: payment.amountCents,
      customerEmail: payer.email,
      description: await payable.describe(tx),
    };
  });
  // An earlier checkout left open must not take a second payment: it is closed at the provider too (after the
  // commit, so a slow provider holds no locks; if that fails, a payment through it is refunded automatically).
  await expireCheckouts(deps.provider, supersededSessions);
  if (started.kind === "paid") {
    // If this made the handshake, both holds are captured now (the other side's card too).
    await settleHolds(deps).catch((error) => logger.error("hold settling failed", { error: String(error) }));
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
    await abandonPayment(deps, { paymentId: started.paymentId, userId, deal, message: CHECKOUT_UNAVAILABLE });
    throw new AppError("INTERNAL", CHECKOUT_UNAVAILABLE);
  }
}

/** A checkout that never opened: the payment fails and its reserved credit goes back. */
async function abandonPayment(
  deps: { db: Db; clock: Clock },
  { paymentId, userId, deal, message }: { paymentId: string; userId: string; deal: FeeDeal; message: string },
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockMemberCredit(tx, userId);
    const [failed] = await tx
      .update(paymentLogs)
      .set({ status: "failed", errorMessage: message, updatedAt: now })
      .where(and(eq(paymentLogs.id, paymentId), eq(paymentLogs.status, "pending")))
      .returning();
    if (failed) await recordCredit(tx, { userId, amountCents: failed.creditCents, reason: "reversal", deal, now });
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
