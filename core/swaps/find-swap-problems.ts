import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { conversations } from "#db/schema/conversations.ts";
import { swapProblems, swapProposals } from "#db/schema/swaps.ts";
import { isUuid } from "../shared/ids";
import { offered, onSwap, proposer, receiver, swapTitleColumns, target } from "../shared/swap-columns";
import { problemPictureUrl } from "./problem-pictures";
import { isPaidSwap } from "./report-swap-problem";
import { PROBLEM_KIND_LABELS } from "./swap-problem-rules";

/**
 * The problems reported on a swap, oldest first, as its two members follow them on the deal screen (decision
 * 097): whose, what, and the status or resolution. Empty for a swap the viewer is not part of.
 */
export async function findSwapProblemsForMember(db: Db, { swapId, viewerId }: { swapId: string; viewerId: string }) {
  const rows = await db
    .select({
      id: swapProblems.id,
      reportedBy: swapProblems.reportedBy,
      kind: swapProblems.kind,
      status: swapProblems.status,
      resolution: swapProblems.resolution,
      createdAt: swapProblems.createdAt,
      resolvedAt: swapProblems.resolvedAt,
    })
    .from(swapProblems)
    .innerJoin(swapProposals, eq(swapProposals.id, swapProblems.swapProposalId))
    .where(
      and(
        eq(swapProblems.swapProposalId, swapId),
        or(eq(swapProposals.proposerId, viewerId), eq(swapProposals.receiverId, viewerId)),
      ),
    )
    .orderBy(asc(swapProblems.createdAt));
  return rows.map(({ reportedBy, ...row }) => ({ ...row, mine: reportedBy === viewerId }));
}

/** The problems reported on one deal (a swap, or a swap circle: decision 112) as staff read them, oldest first. */
export async function findProblemsOfDeal(db: Db, deal: { swapId: string } | { circleId: string }) {
  const rows = await db
    .select({
      id: swapProblems.id,
      reportedBy: swapProblems.reportedBy,
      reporterName: users.name,
      kind: swapProblems.kind,
      details: swapProblems.details,
      pictureKeys: swapProblems.pictureKeys,
      status: swapProblems.status,
      resolution: swapProblems.resolution,
      resolvedBy: swapProblems.resolvedBy,
      createdAt: swapProblems.createdAt,
      resolvedAt: swapProblems.resolvedAt,
    })
    .from(swapProblems)
    .innerJoin(users, eq(users.id, swapProblems.reportedBy))
    .where("swapId" in deal ? eq(swapProblems.swapProposalId, deal.swapId) : eq(swapProblems.circleId, deal.circleId))
    .orderBy(asc(swapProblems.createdAt));
  return rows.map(({ pictureKeys, ...row }) => ({ ...row, pictures: pictureKeys.map(problemPictureUrl) }));
}

/**
 * A swap's problems as the back office shows them: who reported, what, the text, the pictures (served to staff
 * only, besides the swap's members), who resolved it and how, and the swap's conversation thread (the staff view
 * of a reported message is the only other staff read of a thread: decision 097 opens it from here).
 */
export async function findSwapProblemsForStaff(db: Db, swapId: string) {
  const problems = await findProblemsOfDeal(db, { swapId });
  const [thread] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.swapId, swapId))
    .limit(1);
  return { problems, conversationId: thread?.id ?? null };
}

/**
 * A swap as "Report a problem" shows it to one of its members (decision 097): the other member, both listings'
 * titles, whether it is paid (a problem can be reported), its thread, and the problems reported on it. Null for a
 * swap the member is not part of (the page's 404).
 */
export async function findSwapForProblemReport(db: Db, { swapId, userId }: { swapId: string; userId: string }) {
  if (!isUuid(swapId)) return null;
  const [swap] = await db
    .select({
      id: swapProposals.id,
      status: swapProposals.status,
      handshakeAt: swapProposals.handshakeAt,
      proposerId: swapProposals.proposerId,
      proposerName: proposer.name,
      receiverName: receiver.name,
      ...swapTitleColumns,
    })
    .from(swapProposals)
    .innerJoin(proposer, onSwap.proposer)
    .innerJoin(receiver, onSwap.receiver)
    .innerJoin(offered, onSwap.offered)
    .innerJoin(target, onSwap.target)
    .where(
      and(eq(swapProposals.id, swapId), or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId))),
    );
  if (!swap) return null;
  const proposing = swap.proposerId === userId;
  const [thread] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.swapId, swap.id))
    .limit(1);
  const problems = await findSwapProblemsForMember(db, { swapId: swap.id, viewerId: userId });
  return {
    id: swap.id,
    paid: isPaidSwap(swap),
    otherName: proposing ? swap.receiverName : swap.proposerName,
    mine: proposing ? swap.offeredTitle : swap.targetTitle,
    theirs: proposing ? swap.targetTitle : swap.offeredTitle,
    conversationId: thread?.id ?? null,
    problems,
    openByMe: problems.some((p) => p.mine && p.status === "open"),
  };
}

/** The deal screen's part (decision 097): the swap's problems with their kind's words, and whether to offer a report. */
export async function findDealProblems(db: Db, { swapId, userId }: { swapId: string; userId: string }) {
  const swap = await findSwapForProblemReport(db, { swapId, userId });
  if (!swap) return null;
  return {
    problems: swap.problems.map((p) => ({ ...p, kindLabel: PROBLEM_KIND_LABELS[p.kind] })),
    canReport: swap.paid && !swap.openByMe,
  };
}
