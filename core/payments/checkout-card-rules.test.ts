import { describe, expect, test } from "vitest";
import {
  CARD_NUMBER_INVALID,
  CARD_NUMBER_REQUIRED,
  CVC_INVALID,
  CVC_REQUIRED,
  checkCheckoutCard,
  EXPIRY_INVALID,
  EXPIRY_PAST,
  EXPIRY_REQUIRED,
  parseExpiry,
} from "./checkout-card-rules";

// 15 May 2026, 10 am in Sydney.
const now = new Date("2026-05-15T00:00:00Z");
const good = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

describe("the test checkout's card rules", () => {
  test("a card number, a future expiry and a CVC pass", () => {
    expect(checkCheckoutCard(good, now)).toBeNull();
    expect(checkCheckoutCard({ cardNumber: "4000-0000-0000-0002", expiry: "0534", cvc: "1234" }, now)).toBeNull();
  });

  test("expiry is read as MM / YY in the usual ways", () => {
    expect(parseExpiry("12 / 34")).toEqual({ year: 2034, month: 12 });
    expect(parseExpiry("1/34")).toEqual({ year: 2034, month: 1 });
    expect(parseExpiry("0134")).toEqual({ year: 2034, month: 1 });
    expect(parseExpiry("01/2034")).toEqual({ year: 2034, month: 1 });
    for (const bad of ["13/34", "00/34", "1234567", "ab/cd", "12/3", "134"]) expect(parseExpiry(bad), bad).toBeNull();
  });

  test("a card is good until the end of its expiry month, in Sydney", () => {
    expect(checkCheckoutCard({ ...good, expiry: "05/26" }, now)).toBeNull();
    expect(checkCheckoutCard({ ...good, expiry: "04/26" }, now)).toEqual({ expiry: EXPIRY_PAST });
    expect(checkCheckoutCard({ ...good, expiry: "12/25" }, now)).toEqual({ expiry: EXPIRY_PAST });
    // 31 May 2026, 11 pm UTC is already 1 June in Sydney: May cards have expired there.
    expect(checkCheckoutCard({ ...good, expiry: "05/26" }, new Date("2026-05-31T23:00:00Z"))).toEqual({
      expiry: EXPIRY_PAST,
    });
  });

  test("each field says what is missing or wrong, all at once", () => {
    expect(checkCheckoutCard({ cardNumber: "", expiry: "", cvc: "" }, now)).toEqual({
      cardNumber: CARD_NUMBER_REQUIRED,
      expiry: EXPIRY_REQUIRED,
      cvc: CVC_REQUIRED,
    });
    expect(checkCheckoutCard({ cardNumber: null, expiry: undefined, cvc: 123 }, now)).toEqual({
      cardNumber: CARD_NUMBER_REQUIRED,
      expiry: EXPIRY_REQUIRED,
      cvc: CVC_REQUIRED,
    });
    expect(checkCheckoutCard({ cardNumber: "4242 abcd", expiry: "99/99", cvc: "12" }, now)).toEqual({
      cardNumber: CARD_NUMBER_INVALID,
      expiry: EXPIRY_INVALID,
      cvc: CVC_INVALID,
    });
    expect(checkCheckoutCard({ ...good, cardNumber: "4242" }, now)).toEqual({ cardNumber: CARD_NUMBER_INVALID });
    expect(checkCheckoutCard({ ...good, cvc: "12a" }, now)).toEqual({ cvc: CVC_INVALID });
  });
});
