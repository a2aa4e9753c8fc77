import type { Db } from "#db/client.ts";
import { type CheckoutCardErrors, checkCheckoutCard } from "./checkout-card-rules";
import { completeLocalCheckout, type LocalPaymentProvider } from "./local-provider";

export type SubmitLocalCheckoutResult =
  | { outcome: "invalid"; errors: CheckoutCardErrors }
  | { outcome: "paid" }
  | { outcome: "declined"; message: string };

/**
 * The member pressed Pay on the local test checkout. A form that breaks the card rules (blank or past
 * expiry, missing CVC...) is answered with field messages and nothing is recorded; a well-formed card is
 * tried, and a decline leaves the checkout open for another card.
 */
export async function submitLocalCheckout(
  deps: { db: Db; provider: LocalPaymentProvider },
  {
    sessionId,
    userId,
    now,
    card,
  }: { sessionId: string; userId: string; now: Date; card: { cardNumber: unknown; expiry: unknown; cvc: unknown } },
): Promise<SubmitLocalCheckoutResult> {
  const errors = checkCheckoutCard(card, now);
  if (errors) return { outcome: "invalid", errors };
  return completeLocalCheckout(deps, { sessionId, cardNumber: String(card.cardNumber), now, userId });
}
