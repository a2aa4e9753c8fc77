import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { type SwapProblemKind, swapProblems } from "#db/schema/swaps.ts";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import { PROBLEM_ALREADY_RESOLVED, PROBLEM_NOT_FOUND } from "./swap-problem-rules";

// A reported problem's row, the same for a swap's (decision 097) and a swap circle's (decision 112): each use case
// locks its own deal first, then writes the problem through these.

/** The deal a problem belongs to. */
export type ProblemDeal = { swapId: string } | { circleId: string };

const ofDeal = (deal: ProblemDeal) =>
  "swapId" in deal ? eq(swapProblems.swapProposalId, deal.swapId) : eq(swapProblems.circleId, deal.circleId);

/** Saves a member's problem on the (locked) deal, refused with `alreadyOpen` while their last one is still open. */
export async function insertOpenProblem(
  tx: Db,
  input: {
    deal: ProblemDeal;
    reportedBy: string;
    kind: SwapProblemKind;
    details: string;
    pictureKeys: string[];
    now: Date;
    alreadyOpen: string;
  },
) {
  const [open] = await tx
    .select({ id: swapProblems.id })
    .from(swapProblems)
    .where(and(ofDeal(input.deal), eq(swapProblems.reportedBy, input.reportedBy), eq(swapProblems.status, "open")));
  if (open) throw new AppError("CONFLICT", input.alreadyOpen);
  const [problem] = await tx
    .insert(swapProblems)
    .values({
      ...("swapId" in input.deal ? { swapProposalId: input.deal.swapId } : { circleId: input.deal.circleId }),
      reportedBy: input.reportedBy,
      kind: input.kind,
      details: input.details,
      pictureKeys: input.pictureKeys,
      createdAt: input.now,
    })
    .returning();
  return problem;
}

/** Resolves an open problem of the (locked) deal: another deal's, or an unknown id, is not found; once only. */
export async function resolveProblemRow(
  tx: Db,
  input: { deal: ProblemDeal; problemId: unknown; resolvedBy: string; resolution: string; now: Date },
) {
  const problemId = typeof input.problemId === "string" ? input.problemId : "";
  if (!isUuid(problemId)) throw new AppError("NOT_FOUND", PROBLEM_NOT_FOUND);
  const [problem] = await tx
    .select()
    .from(swapProblems)
    .where(and(eq(swapProblems.id, problemId), ofDeal(input.deal)))
    .for("update");
  if (!problem) throw new AppError("NOT_FOUND", PROBLEM_NOT_FOUND);
  if (problem.status === "resolved") throw new AppError("CONFLICT", PROBLEM_ALREADY_RESOLVED);
  await tx
    .update(swapProblems)
    .set({ status: "resolved", resolution: input.resolution, resolvedBy: input.resolvedBy, resolvedAt: input.now })
    .where(eq(swapProblems.id, problem.id));
  return problem;
}
