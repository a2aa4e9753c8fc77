import { expect, test } from "vitest";
import { groupCardNumber } from "./group-card-number";

test("a typed card number is grouped in fours, the caret staying after the same digit", () => {
  expect(groupCardNumber("4242424242424242", 16)).toEqual({ value: "4242 4242 4242 4242", caret: 19 });
  expect(groupCardNumber("42424", 5)).toEqual({ value: "4242 4", caret: 6 });
  expect(groupCardNumber("4242 4", 4)).toEqual({ value: "4242 4", caret: 4 });
  // A deletion in the middle keeps the caret where the member was.
  expect(groupCardNumber("4242 242 4242", 6)).toEqual({ value: "4242 2424 242", caret: 6 });
  expect(groupCardNumber("4000-0000 0000 0002", 19)).toEqual({ value: "4000 0000 0000 0002", caret: 19 });
});
