import { describe, expect, test } from "vitest";
import { whoHasPaid } from "./who-has-paid";

const liam = { name: "Liam O'Connor" };

describe("who has paid, in words", () => {
  test("each side of an accepted swap reads who has paid and whose turn it is", () => {
    expect(whoHasPaid({ status: "accepted", iPaid: false, theyPaid: true, otherParty: liam })).toBe(
      "Liam has paid; your turn",
    );
    expect(whoHasPaid({ status: "accepted", iPaid: true, theyPaid: false, otherParty: liam })).toBe(
      "You have paid; waiting for Liam",
    );
    expect(whoHasPaid({ status: "accepted", iPaid: false, theyPaid: false, otherParty: liam })).toBe(
      "Neither of you has paid yet",
    );
  });

  test("a completed swap says both have paid, or that no fee was due when payments were off", () => {
    expect(whoHasPaid({ status: "completed", iPaid: true, theyPaid: true, otherParty: liam })).toBe(
      "You have both paid",
    );
    expect(whoHasPaid({ status: "completed", iPaid: true, theyPaid: true, feesWaived: true, otherParty: liam })).toBe(
      "No handshake fee was due for this swap",
    );
  });

  test("a proposal not yet accepted, or closed, says nothing about payment", () => {
    for (const status of ["pending", "rejected", "withdrawn", "expired"]) {
      expect(whoHasPaid({ status, iPaid: false, theyPaid: false, otherParty: liam })).toBeNull();
    }
  });

  test("a member whose name is gone is 'the other member'", () => {
    expect(whoHasPaid({ status: "accepted", iPaid: false, theyPaid: true, otherParty: { name: null } })).toBe(
      "The other member has paid; your turn",
    );
    expect(whoHasPaid({ status: "accepted", iPaid: true, theyPaid: false, otherParty: { name: " " } })).toBe(
      "You have paid; waiting for the other member",
    );
  });
});
