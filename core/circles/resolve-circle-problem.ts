import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import { requireText } from "../shared/reason";
import type { StaffActor } from "../staff/pass-staff-gate";
import { resolveProblemRow } from "../swaps/problem-rows";
import { PROBLEM_RESOLUTION_MAX, RESOLUTION_REQUIRED } from "../swaps/swap-problem-rules";
import { CIRCLE_NOT_FOUND } from "./circle-guards";

/**
 * Staff resolve a problem reported on a swap circle (decision 112), as on a swap (decision 097): with a resolution
 * every member reads on the circle's page and in a notice. In one transaction with its audit row, under the
 * circle's row lock (the lock order every circle change shares): the problem is resolved (by whom, when). Once no
 * problem is open the circle's quiet week may complete it again. Refunds stay the Payments page's own action.
 */
export async function resolveCircleProblem(
  deps: { db: Db; env?: { APP_URL: string } },
  change: { actor: StaffActor; circleId: string; problemId: unknown; resolution: unknown; now: Date },
) {
  const resolution = requireText(change.resolution, RESOLUTION_REQUIRED, PROBLEM_RESOLUTION_MAX);
  await deps.db.transaction(async (tx) => {
    if (!isUuid(change.circleId)) throw new AppError("NOT_FOUND", CIRCLE_NOT_FOUND);
    const [circle] = await tx.select().from(swapCircles).where(eq(swapCircles.id, change.circleId)).for("update");
    if (!circle) throw new AppError("NOT_FOUND", CIRCLE_NOT_FOUND);
    const problem = await resolveProblemRow(tx, {
      deal: { circleId: circle.id },
      problemId: change.problemId,
      resolvedBy: change.actor.userId,
      resolution,
      now: change.now,
    });
    await recordAdminAction(tx, {
      actorId: change.actor.userId,
      action: "resolve_problem",
      targetType: "circle",
      targetId: circle.id,
      metadata: { problem_id: problem.id, kind: problem.kind, reported_by: problem.reportedBy, resolution },
      ip: change.actor.ip,
      userAgent: change.actor.userAgent,
    });
    await recordEvent(tx, {
      kind: "circle.problem_resolved",
      subjectId: circle.id,
      payload: { problemId: problem.id, reporterId: problem.reportedBy, resolution },
    });
  });
  await deliverAfterCommit(deps);
}
