import { checkForm, type FormSpec } from "../shared/field-rules";
import { sydneyFormat } from "../shared/time";

// What the local test checkout asks of a card, checked on the server before anything is recorded: a typo is
// the member's to fix on the page, never a declined payment. The page says "Any future expiry date and any
// CVC (3 or 4 digits) will do"; these rules hold it to that. No imports beyond plain rules: browser-safe.

export const CARD_NUMBER_REQUIRED = "Enter a card number";
export const CARD_NUMBER_INVALID = "Enter a card number of 12 to 19 digits";
export const EXPIRY_REQUIRED = "Enter the card's expiry date";
export const EXPIRY_INVALID = "Enter the expiry date as MM / YY";
export const EXPIRY_PAST = "The expiry date must be in the future";
export const CVC_REQUIRED = "Enter the CVC";
export const CVC_INVALID = "The CVC is 3 or 4 digits";

// MM/YY or MM/YYYY; the slash may be left out when the month has two digits ("1234").
const EXPIRY_PATTERN = /^(?:(0?[1-9]|1[0-2])\/|(0[1-9]|1[0-2]))(\d{2}|\d{4})$/;
const monthOf = sydneyFormat({ year: "numeric", month: "numeric" });

/** "12 / 34", "12/34", "1/34", "1234" or "12/2034" as a year and month; null when it is none of those. */
export function parseExpiry(value: string): { year: number; month: number } | null {
  const match = EXPIRY_PATTERN.exec(value.replace(/[\s-]/g, "/").replace(/\/+/g, "/"));
  if (!match) return null;
  const year = Number(match[3]);
  return { year: match[3].length === 2 ? 2000 + year : year, month: Number(match[1] ?? match[2]) };
}

/**
 * A card is good until the end of its expiry month, so "in the future" means this month or later (in Sydney,
 * the product's time zone).
 */
function notExpired(value: string, now: Date) {
  const expiry = parseExpiry(value);
  if (!expiry) return false;
  const parts = Object.fromEntries(monthOf.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  return expiry.year * 12 + expiry.month >= parts.year * 12 + parts.month;
}

const digits = (value: string) => value.replace(/[\s-]/g, "");

/** The card form's fields in page order; the expiry rule needs today's date. */
export function checkoutCardSpec(now: Date): FormSpec {
  return {
    cardNumber: {
      normalize: (s) => s.trim(),
      rules: [
        [(s) => s.length > 0, CARD_NUMBER_REQUIRED],
        [(s) => /^[\d\s-]+$/.test(s) && /^\d{12,19}$/.test(digits(s)), CARD_NUMBER_INVALID],
      ],
    },
    expiry: {
      normalize: (s) => s.trim(),
      rules: [
        [(s) => s.length > 0, EXPIRY_REQUIRED],
        [(s) => parseExpiry(s) !== null, EXPIRY_INVALID],
        [(s) => notExpired(s, now), EXPIRY_PAST],
      ],
    },
    cvc: {
      normalize: (s) => s.trim(),
      rules: [
        [(s) => s.length > 0, CVC_REQUIRED],
        [(s) => /^\d{3,4}$/.test(s), CVC_INVALID],
      ],
    },
  };
}

export type CheckoutCardField = "cardNumber" | "expiry" | "cvc";
export type CheckoutCardErrors = Partial<Record<CheckoutCardField, string>>;

/** Each field's first broken rule, or null when the card may be tried. */
export function checkCheckoutCard(values: Record<CheckoutCardField, unknown>, now: Date): CheckoutCardErrors | null {
  return checkForm(checkoutCardSpec(now), values)?.fields ?? null;
}
