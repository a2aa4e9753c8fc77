// What a test file of listing moderation starts with: its own database (closed after the file), a moderator as
// the back office's use cases receive them, and moderateListings as that moderator, with the reads its tests
// check (the listing row, the audit rows about it, the mail sent to an address).
import { eq } from "drizzle-orm";
import { afterAll } from "vitest";
import { moderateListings } from "#core/moderation/moderate-listings.ts";
import { adminAuditLog } from "#db/schema/audit.ts";
import { listings } from "#db/schema/listings.ts";
import { mailOutbox } from "#db/schema/ops.ts";
import { createMember, staffActor } from "./factories";
import { createTestDatabase } from "./test-db";

export async function moderationSetup() {
  const handle = await createTestDatabase();
  const db = handle.db;
  afterAll(() => handle.close());
  const now = new Date();
  const appUrl = "http://localhost:3000";
  const moderator = staffActor(await createMember(db, { name: "Morgan Moderator" }), ["moderator"]);
  return {
    handle,
    db,
    now,
    moderator,
    listingOf: async (id: string) => (await db.select().from(listings).where(eq(listings.id, id)))[0],
    auditOf: (id: string) => db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id)),
    mailTo: (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)),
    moderate: (ids: string[], moderation: "approve" | "reject" | "takedown" | "delete", reason?: string) =>
      moderateListings({ db }, { actor: moderator, ids, moderation, reason, now, appUrl }),
  };
}
