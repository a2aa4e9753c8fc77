import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";
import type { StaffActor } from "../staff/pass-staff-gate";
import type { Auth } from "../auth/auth";
import { MEMBER_NOT_FOUND } from "./member-guards";

/**
 * An admin sends a member the same one-hour, one-use reset link 'Forgot password?' sends. Better Auth makes the
 * token and our hook queues the mail; the audit row follows at once (the token lives in Better Auth's own
 * writes, which cannot join our transaction: a failure between the two leaves a harmless unused link, never an
 * unaudited change to the account).
 */
export async function sendPasswordReset(
  deps: { db: Db; auth: Auth },
  { actor, userId }: { actor: StaffActor; userId: string },
) {
  const [member] = await deps.db
    .select({ email: users.email })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, userId), isNull(profiles.deletedAt)));
  if (!member) throw new AppError("NOT_FOUND", MEMBER_NOT_FOUND);
  await deps.auth.api.requestPasswordReset({ body: { email: member.email } });
  await recordAdminAction(deps.db, {
    actorId: actor.userId,
    action: "reset_user_password",
    targetType: "user",
    targetId: userId,
    metadata: { sentTo: member.email },
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}
