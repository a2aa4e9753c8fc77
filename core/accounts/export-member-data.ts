import type { Db } from "#db/client.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import type { StaffActor } from "../staff/pass-staff-gate";
import { collectMemberData } from "./collect-member-data";

/** An admin's GDPR export of one member: the document, read and audited in one transaction. */
export async function exportMemberDataAsStaff(
  db: Db,
  { actor, userId, now }: { actor: StaffActor; userId: string; now: Date },
) {
  return db.transaction(async (tx) => {
    const document = await collectMemberData(tx, { userId, now });
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "export_user_data",
      targetType: "user",
      targetId: userId,
      metadata: {
        listings: document.listings.length,
        swaps: document.swaps.length,
        payments: document.payments.length,
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return document;
  });
}
