import { eq } from "drizzle-orm";
import { afterAll, expect, test } from "vitest";
import { findMySwaps, findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { updateContactDetails } from "#core/accounts/update-contact-details.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { createMember, createSwap } from "../support/factories";
import { closeTestDatabase, createTestDatabase } from "../support/test-db";

// N17 and N12 on My Swaps: the payer learns whether only an e-mail address will be shared, and sees the other
// party's picture, without any contact detail leaving the database before both have paid.
const handle = await createTestDatabase();
const db = handle.db;
afterAll(() => closeTestDatabase(handle));

test("on an accepted swap a party learns whether the other gave a phone, never the number", async () => {
  const withPhone = (await createMember(db, { name: "Olivia Bennett" })).id;
  await db
    .update(profiles)
    .set({ phone: "0412 345 678", avatarUrl: "/uploads/avatars/u1/pic.webp" })
    .where(eq(profiles.userId, withPhone));
  const { swapId, proposerId } = await createSwap(db, { status: "accepted", receiverId: withPhone });

  const mine = await findSwapForParty(db, { swapId, userId: proposerId });
  expect(mine?.otherParty).toEqual({
    id: withPhone,
    name: "Olivia Bennett",
    avatarUrl: "/uploads/avatars/u1/pic.webp",
    hasPhone: true,
    phoneConfirmed: false,
  });
  expect(mine?.contact).toBeNull();
  expect(JSON.stringify(mine)).not.toContain("0412");

  // The receiver sees that the proposer has no phone: only an e-mail address will be shared.
  const theirs = await findSwapForParty(db, { swapId, userId: withPhone });
  expect(theirs?.otherParty.hasPhone).toBe(false);
  expect(theirs?.otherParty.avatarUrl).toBeNull();

  // Adding one (as the Pay step does) changes what the other side is told.
  await updateContactDetails(db, { userId: proposerId, phone: "02 9876 5432", location: "" });
  expect((await findSwapForParty(db, { swapId, userId: withPhone }))?.otherParty.hasPhone).toBe(true);
});

test("before acceptance nothing is said about the other party's phone", async () => {
  const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
  await db
    .update(swapProposals)
    .set({ status: "pending", acceptedAt: null, paymentDueAt: null })
    .where(eq(swapProposals.id, swapId));
  const { sent } = await findMySwaps(db, { userId: proposerId });
  expect(sent.find((s) => s.id === swapId)?.otherParty.hasPhone).toBeNull();
});

test("a phone given at the Pay step is checked by the spec's rule and leaves the suburb alone", async () => {
  const member = (await createMember(db)).id;
  await db.update(profiles).set({ location: "Manly NSW 2095" }).where(eq(profiles.userId, member));
  await expect(updateContactDetails(db, { userId: member, phone: "call me", location: "" })).rejects.toMatchObject({
    status: 400,
    details: { field: "phone" },
  });
  await updateContactDetails(db, { userId: member, phone: "0412 000 111", location: "" });
  const [row] = await db
    .select({ phone: profiles.phone, location: profiles.location })
    .from(profiles)
    .where(eq(profiles.userId, member));
  expect(row).toEqual({ phone: "0412 000 111", location: "Manly NSW 2095" });
});
