import { describe, expect, test } from "vitest";
import { findAuditLog } from "#core/audit/find-audit-log.ts";
import { moderateListings } from "#core/moderation/moderate-listings.ts";
import { grantStaffRole } from "#core/staff/grant-staff-role.ts";
import { createListing, createMember, staffActor } from "../support/factories";
import { databaseForThisFile } from "../support/database-for-file";

// Decision 070 (review defect 7): the audit log names who did it (the demo seed is not "Unknown") and what it was
// done to.
const { db } = await databaseForThisFile();

describe("the audit log, read by a person", () => {
  test("a role the demo seed granted reads 'Demo seed' and names the member; the command line says so too", async () => {
    const seeded = await createMember(db, { name: "Avery Admin" });
    const granted = await createMember(db, { name: "Oli Ops" });
    await grantStaffRole(db, { userId: seeded.id, role: "admin", by: { actorId: null, via: "seed" } });
    await grantStaffRole(db, { userId: granted.id, role: "moderator", by: { actorId: null, via: "cli" } });
    const { entries } = await findAuditLog(db, { action: "update_user_role" });
    expect(entries.find((e) => e.targetId === seeded.id)).toMatchObject({
      actorLabel: "Demo seed",
      targetUserName: "Avery Admin",
    });
    expect(entries.find((e) => e.targetId === granted.id)).toMatchObject({
      actorLabel: "Command line (npm run staff)",
      targetUserName: "Oli Ops",
    });
  });

  test("a listing action names the staff member and the listing's title", async () => {
    const staff = await createMember(db, { name: "Morgan Moderator" });
    const actor = staffActor(staff, ["moderator"]);
    const owner = await createMember(db);
    const id = await createListing(db, owner.id, { title: "Dahlia tubers" });
    await moderateListings(
      { db },
      {
        actor,
        ids: [id],
        moderation: "reject",
        reason: "spam",
        now: new Date(),
        appUrl: "http://localhost:3000",
      },
    );
    const { entries } = await findAuditLog(db, { targetId: id });
    expect(entries).toEqual([
      expect.objectContaining({
        action: "reject_listing",
        actorLabel: "Morgan Moderator",
        targetListingTitle: "Dahlia tubers",
      }),
    ]);
  });
});
