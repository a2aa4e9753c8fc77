import { describe, expect, test } from "vitest";
import * as listingsPage from "#app/routes/admin/listings.tsx";
import * as paymentsPage from "#app/routes/admin/payments.tsx";
import * as swapsPage from "#app/routes/admin/swaps.tsx";
import * as usersPage from "#app/routes/admin/users.tsx";
import { countMembers, findMembers } from "#core/accounts/find-members.ts";
import { softDeleteMember } from "#core/accounts/soft-delete-member.ts";
import { paymentLogs } from "#db/schema/payments.ts";
import { backOfficeSetup } from "../support/back-office-setup";
import { createListing, createMember, createStaff, createSwap, staffActor } from "../support/factories";
import { load } from "../support/staff-route";

// The back office's lists say how many rows match their filters in all (not only on the page shown), and the
// Users list finds members marked for deletion during their 30 days.

const { db, caller } = await backOfficeSetup();
const admin = await createStaff(db, ["admin"], { name: "Avery Admin" });
const moderator = await createStaff(db, ["moderator"], { name: "Morgan Moderator" });

const pageData = async (module: Parameters<typeof load>[1], path: string, user = admin) => {
  const page = await load(caller, module, { user, path });
  if (!page.data) throw new Error(`refused ${path}`);
  return page.data as { total: number } & Record<string, unknown[]>;
};

describe("totals on the lists", () => {
  test("Users counts every member who matches, across pages, and agrees with the rows", async () => {
    const tag = `Tally${Date.now()}`;
    for (let i = 0; i < 5; i++)
      await createMember(db, { name: `${tag} Member ${i}`, status: i < 2 ? "suspended" : "active" });
    await createMember(db, { name: `${tag} Gone`, deleted: true });
    const firstPage = await findMembers(db, { q: tag }, 2);
    expect(firstPage.members).toHaveLength(2);
    expect(await countMembers(db, { q: tag })).toBe(5);
    expect(await countMembers(db, { q: tag, status: "suspended" })).toBe(2);
    const data = await pageData(usersPage, `/admin/users?q=${tag}&status=active`, moderator);
    expect(data.total).toBe(3);
    expect(data.members).toHaveLength(3);
  });

  test("Listings, Swaps and Payments count the rows that match their filters", async () => {
    const owner = await createMember(db, { name: "Olive Owner" });
    const tag = `Counted${Date.now()}`;
    for (let i = 0; i < 3; i++) await createListing(db, owner.id, { title: `${tag} drill ${i}` });
    await createListing(db, owner.id, { title: `${tag} cancelled`, status: "cancelled" });
    expect((await pageData(listingsPage, `/admin/listings?q=${tag}`)).total).toBe(4);
    expect((await pageData(listingsPage, `/admin/listings?q=${tag}&status=cancelled`)).total).toBe(1);

    const swapsBefore = (await pageData(swapsPage, "/admin/swaps")).total;
    const acceptedBefore = (await pageData(swapsPage, "/admin/swaps?status=accepted")).total;
    const { swapId, proposerId } = await createSwap(db, { status: "accepted" });
    await createSwap(db, { status: "accepted" });
    expect((await pageData(swapsPage, "/admin/swaps")).total).toBe(swapsBefore + 2);
    expect((await pageData(swapsPage, "/admin/swaps?status=accepted")).total).toBe(acceptedBefore + 2);
    expect((await pageData(swapsPage, "/admin/swaps?status=withdrawn")).total).toBe(0);

    const failedBefore = (await pageData(paymentsPage, "/admin/payments?status=failed")).total;
    await db.insert(paymentLogs).values([
      { swapProposalId: swapId, userId: proposerId, amountCents: 999, status: "failed", provider: "local" },
      { swapProposalId: swapId, userId: proposerId, amountCents: 999, status: "completed", provider: "local" },
    ]);
    expect((await pageData(paymentsPage, "/admin/payments?status=failed")).total).toBe(failedBefore + 1);
  });
});

describe("members marked for deletion", () => {
  test("are hidden from the Users list, and found under the 'deleted' status with their purge date and reason", async () => {
    const tag = `Leaving${Date.now()}`;
    const member = await createMember(db, { name: `${tag} Member` });
    const actor = staffActor(admin, ["admin"], "203.0.113.7");
    const now = new Date();
    await softDeleteMember(db, { actor, userId: member.id, reason: "member request", now });

    const listed = await pageData(usersPage, `/admin/users?q=${tag}`);
    expect(listed.total).toBe(0);
    const deleted = await pageData(usersPage, `/admin/users?q=${tag}&status=deleted`);
    expect(deleted.total).toBe(1);
    expect(deleted.members).toMatchObject([{ id: member.id, deletionReason: "member request" }]);
    const [row] = (await findMembers(db, { q: tag, status: "deleted" })).members;
    expect(row.permanentDeletionAt?.getTime()).toBe(now.getTime() + 30 * 24 * 60 * 60 * 1000);
    // "deleted" is a filter of its own: the other statuses never list them.
    for (const status of ["active", "suspended", "flagged", ""])
      expect(await countMembers(db, { q: tag, status })).toBe(0);
  });
});
