import { describe, expect, test } from "vitest";
import { formatMobile, MOBILE_ONLY, NOT_A_MOBILE, normaliseAustralianMobile, samePhone } from "./phone-number";

describe("normaliseAustralianMobile", () => {
  test.each([
    ["0412 345 678", "+61412345678"],
    ["0412345678", "+61412345678"],
    ["+61 412 345 678", "+61412345678"],
    ["+61412345678", "+61412345678"],
    ["61 412 345 678", "+61412345678"],
    ["0061 412 345 678", "+61412345678"],
    ["(04) 1234-5678", "+61412345678"],
    ["+61 (0) 412 345 678", "+61412345678"],
  ])("%s is stored as %s", (typed, stored) => {
    expect(normaliseAustralianMobile(typed)).toBe(stored);
  });

  test.each(["02 9876 5432", "(03) 9123 4567", "+61 7 3123 4567", "08 8123 4567"])(
    "the landline %s is refused with the mobile-only message",
    (typed) => {
      expect(() => normaliseAustralianMobile(typed)).toThrow(MOBILE_ONLY);
    },
  );

  test.each(["", "call me", "0412 345 67", "0412 345 6789", "+1 415 555 0100", "1300 123 456", 42, null])(
    "%s is not a mobile number",
    (typed) => {
      expect(() => normaliseAustralianMobile(typed)).toThrow(NOT_A_MOBILE);
    },
  );
});

test("the stored form reads with spaces, and two writings of one number are the same phone", () => {
  expect(formatMobile("+61412345678")).toBe("+61 412 345 678");
  expect(formatMobile("02 9876 5432")).toBe("02 9876 5432");
  expect(samePhone("0412 345 678", "+61412345678")).toBe(true);
  expect(samePhone("0412 345 678", "0412 345 679")).toBe(false);
  expect(samePhone("02 9876 5432", "(02) 9876-5432")).toBe(true);
  expect(samePhone(null, "")).toBe(true);
  expect(samePhone(null, "0412 345 678")).toBe(false);
});
