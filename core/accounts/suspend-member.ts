import type { Db } from "#db/client.ts";
import { AppError } from "../shared/app-error";
import { ALREADY_SUSPENDED, lockMember, type MemberChange, takeMemberOff } from "./member-guards";
import { requireReason } from "../shared/reason";

/**
 * Suspends a member: status suspended with the time and reason, every session ended, and (by the public-listing
 * rule) their listings hidden from everyone else. They are told why when they try to sign in.
 */
export async function suspendMember(db: Db, change: MemberChange & { reason: unknown }) {
  const reason = requireReason(change.reason);
  return db.transaction(async (tx) => {
    const before = await lockMember(tx, change);
    if (before.status === "suspended") throw new AppError("CONFLICT", ALREADY_SUSPENDED);
    await takeMemberOff(tx, change, {
      set: { suspendedAt: change.now, suspensionReason: reason },
      action: "suspend_user",
      reason,
      metadata: { before: { status: before.status }, after: { status: "suspended" } },
    });
  });
}
