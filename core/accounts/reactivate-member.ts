import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";
import { lockMember, type MemberChange, NOT_SUSPENDED } from "./member-guards";

/** Lifts a suspension: active again, the time and reason cleared. */
export async function reactivateMember(db: Db, change: MemberChange) {
  return db.transaction(async (tx) => {
    const before = await lockMember(tx, change);
    if (before.status !== "suspended") throw new AppError("CONFLICT", NOT_SUSPENDED);
    await tx
      .update(profiles)
      .set({ status: "active", suspendedAt: null, suspensionReason: null, updatedAt: change.now })
      .where(eq(profiles.userId, change.userId));
    await recordAdminAction(tx, {
      actorId: change.actor.userId,
      action: "reactivate_user",
      targetType: "user",
      targetId: change.userId,
      metadata: {
        before: { status: before.status, suspendedAt: before.suspendedAt, suspensionReason: before.suspensionReason },
        after: { status: "active" },
      },
      ip: change.actor.ip,
      userAgent: change.actor.userAgent,
    });
  });
}
