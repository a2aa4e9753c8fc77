import { afterAll, describe, expect, test } from "vitest";
import { findMemberForStaff } from "#core/accounts/find-member-for-staff.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { createSwap } from "../support/factories";
import { createTestDatabase } from "../support/test-db";

// Decision 070 (review defect 6): a member's page leads to their swaps and payments, named by what was swapped (not by
// truncated ids), so staff can open each one from there.
const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => handle.close());

describe("a member's history in the back office", () => {
  test("names each swap by its two listings and each payment by its swap, with the ids to open them", async () => {
    const { swapId, proposerId, receiverId } = await createSwap(db, { status: "accepted" });
    const [payment] = await db
      .insert(paymentLogs)
      .values({ swapProposalId: swapId, userId: proposerId, amountCents: 999, status: "completed", provider: "local" })
      .returning();

    const proposer = await findMemberForStaff(db, { userId: proposerId });
    expect(proposer?.swaps).toEqual([
      expect.objectContaining({
        id: swapId,
        role: "proposer",
        offeredTitle: "Makita drill kit",
        targetTitle: "Ryobi mower",
      }),
    ]);
    expect(proposer?.payments).toEqual([
      expect.objectContaining({
        id: payment.id,
        swapId,
        amountCents: 999,
        offeredTitle: "Makita drill kit",
        targetTitle: "Ryobi mower",
      }),
    ]);
    const receiver = await findMemberForStaff(db, { userId: receiverId });
    expect(receiver?.swaps[0]).toMatchObject({ id: swapId, role: "receiver", offeredTitle: "Makita drill kit" });
    expect(receiver?.payments).toEqual([]);
  });
});
