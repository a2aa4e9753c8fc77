import type { Db } from "#db/client.ts";
import { findProblemsOfDeal } from "../swaps/find-swap-problems";
import { PROBLEM_KIND_LABELS } from "../swaps/swap-problem-rules";
import { findLegsAsMember } from "./circle-guards";
import { isPaidCircle } from "./circle-problem-rules";

/**
 * The problems reported on a swap circle as one of its members follows them (decision 112): what, by whom, and the
 * status or resolution (never another member's text or pictures, as on a swap), and whether they may report one
 * (the circle is paid and their own report is not still open). Anyone but a member is told it does not exist.
 */
export async function findCircleProblemsForMember(
  db: Db,
  { circleId, userId, status }: { circleId: string; userId: string; status: string },
) {
  await findLegsAsMember(db, { circleId, userId });
  const rows = await findProblemsOfDeal(db, { circleId });
  const problems = rows.map((p) => ({
    id: p.id,
    kindLabel: PROBLEM_KIND_LABELS[p.kind],
    status: p.status,
    resolution: p.resolution,
    mine: p.reportedBy === userId,
    reporterName: p.reporterName ?? "A member",
  }));
  const openByMe = problems.some((p) => p.mine && p.status === "open");
  return { problems, canReport: isPaidCircle({ status }) && !openByMe, openByMe };
}
