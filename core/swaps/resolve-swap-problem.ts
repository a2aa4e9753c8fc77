import { and, eq, ne } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapProblems, swapProposals } from "#db/schema/swaps.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { requireText } from "../shared/reason";
import { resolveProblemRow } from "./problem-rows";
import { lockSwapForStaff, type SwapChange } from "./staff-swap-guards";
import { PROBLEM_RESOLUTION_MAX, RESOLUTION_REQUIRED } from "./swap-problem-rules";

/**
 * Staff resolve a member's reported problem (decision 097) with a resolution the member reads on the deal screen
 * and in a notice (both members are told). In one transaction with its audit row: the problem is resolved (by whom,
 * when) and, when no other problem on the swap is still open, the swap's dispute is resolved as the Swaps page's
 * "Resolve dispute" does (no longer disputed, the resolution kept). Refunds and credit are the page's own actions.
 */
export async function resolveSwapProblem(
  deps: { db: Db; env?: { APP_URL: string } },
  change: SwapChange & { problemId: unknown; resolution: unknown },
) {
  const resolution = requireText(change.resolution, RESOLUTION_REQUIRED, PROBLEM_RESOLUTION_MAX);
  await deps.db.transaction(async (tx) => {
    const swap = await lockSwapForStaff(tx, change.swapId);
    const problem = await resolveProblemRow(tx, {
      deal: { swapId: swap.id },
      problemId: change.problemId,
      resolvedBy: change.actor.userId,
      resolution,
      now: change.now,
    });
    const [stillOpen] = await tx
      .select({ id: swapProblems.id })
      .from(swapProblems)
      .where(
        and(eq(swapProblems.swapProposalId, swap.id), eq(swapProblems.status, "open"), ne(swapProblems.id, problem.id)),
      )
      .limit(1);
    const settlesDispute = swap.isDisputed && !stillOpen;
    if (settlesDispute)
      await tx
        .update(swapProposals)
        .set({ isDisputed: false, disputeResolvedAt: change.now, disputeResolution: resolution, updatedAt: change.now })
        .where(eq(swapProposals.id, swap.id));
    await recordAdminAction(tx, {
      actorId: change.actor.userId,
      action: "resolve_problem",
      targetType: "swap",
      targetId: swap.id,
      metadata: {
        problem_id: problem.id,
        kind: problem.kind,
        reported_by: problem.reportedBy,
        resolution,
        dispute_resolved: settlesDispute,
      },
      ip: change.actor.ip,
      userAgent: change.actor.userAgent,
    });
    await recordEvent(tx, {
      kind: "swap.problem_resolved",
      subjectId: swap.id,
      payload: { problemId: problem.id, reporterId: problem.reportedBy, resolution },
    });
  });
  await deliverAfterCommit(deps);
}
