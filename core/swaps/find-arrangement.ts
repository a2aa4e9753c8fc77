import { and, desc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { swapMeetings, swapProblems, swapProposals } from "#db/schema/swaps.ts";
import { VEHICLE_ID_CATEGORIES } from "../listings/listing-schema";
import { isUuid } from "../shared/ids";
import { offered, onSwap, proposer, receiver, target } from "../shared/swap-columns";
import { QUIET_WEEK_DAYS } from "./complete-quiet-swaps";
import type { ValueRange } from "./fair-value";

export type ArrangedMeeting = {
  id: string;
  meetAt: Date;
  place: string;
  status: "proposed" | "agreed";
  /** This member proposed it (so the other one answers it). */
  mine: boolean;
};

/** A swap's end as one of its parties sees it on the deal screen: the time and place, and who has confirmed. */
export type Arrangement = {
  swapId: string;
  status: "accepted" | "arranging" | "completed";
  otherName: string;
  handshakeAt: Date | null;
  /** An arranging swap completes on its own then, unless a problem is reported. */
  completesBy: Date | null;
  completedAt: Date | null;
  completedHow: "confirmed" | "timed_out" | null;
  iSwappedAt: Date | null;
  theySwappedAt: Date | null;
  /** The live meeting (proposed or agreed), if any. */
  meeting: ArrangedMeeting | null;
  /** An open problem on the swap (reported by either member): the quiet week does not complete it then. */
  problemOpen: boolean;
  /** The swap's vehicles, cars, motorbikes or boats (the PPSR reminder): each listing's title and VIN/HIN if given. */
  vehicles: { title: string; vehicleId: string | null; mine: boolean }[];
  /** What this member gives and gets, by the owners' value ranges (the fair-value meter, issue 29). */
  values: { mine: ValueRange; theirs: ValueRange };
};

/**
 * The deal screen's end of a swap, for one of its two parties, or null (anyone else, or a swap not accepted yet
 * or closed: nothing to arrange).
 */
export async function findArrangement(
  db: Db,
  { swapId, userId }: { swapId: string; userId: string },
): Promise<Arrangement | null> {
  if (!isUuid(swapId)) return null;
  const [row] = await db
    .select({
      id: swapProposals.id,
      status: swapProposals.status,
      proposerId: swapProposals.proposerId,
      proposerName: proposer.name,
      receiverName: receiver.name,
      handshakeAt: swapProposals.handshakeAt,
      completedAt: swapProposals.completedAt,
      completedHow: swapProposals.completedHow,
      proposerSwappedAt: swapProposals.proposerSwappedAt,
      receiverSwappedAt: swapProposals.receiverSwappedAt,
      offered: {
        title: offered.title,
        category: offered.category,
        vehicleId: offered.vehicleId,
        min: offered.valueMin,
        max: offered.valueMax,
      },
      target: {
        title: target.title,
        category: target.category,
        vehicleId: target.vehicleId,
        min: target.valueMin,
        max: target.valueMax,
      },
    })
    .from(swapProposals)
    .innerJoin(proposer, onSwap.proposer)
    .innerJoin(receiver, onSwap.receiver)
    .innerJoin(offered, onSwap.offered)
    .innerJoin(target, onSwap.target)
    .where(
      and(
        eq(swapProposals.id, swapId),
        or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId)),
        inArray(swapProposals.status, ["accepted", "arranging", "completed"]),
      ),
    );
  if (!row) return null;
  const proposing = row.proposerId === userId;
  const [meeting] = await db
    .select()
    .from(swapMeetings)
    .where(and(eq(swapMeetings.swapProposalId, row.id), inArray(swapMeetings.status, ["proposed", "agreed"])))
    .orderBy(desc(swapMeetings.createdAt))
    .limit(1);
  const [problem] = await db
    .select({ id: swapProblems.id })
    .from(swapProblems)
    .where(and(eq(swapProblems.swapProposalId, row.id), eq(swapProblems.status, "open")))
    .limit(1);
  const vehicle = (listing: typeof row.offered, mine: boolean) =>
    // The categories whose listings may carry a VIN or HIN get the PPSR reminder (decision 096).
    VEHICLE_ID_CATEGORIES.includes(listing.category)
      ? [{ title: listing.title, vehicleId: listing.vehicleId, mine }]
      : [];
  return {
    swapId: row.id,
    status: row.status as Arrangement["status"],
    otherName: proposing ? row.receiverName : row.proposerName,
    handshakeAt: row.handshakeAt,
    completesBy:
      row.status === "arranging" && row.handshakeAt
        ? new Date(row.handshakeAt.getTime() + QUIET_WEEK_DAYS * 86_400_000)
        : null,
    completedAt: row.completedAt,
    completedHow: row.completedHow,
    iSwappedAt: proposing ? row.proposerSwappedAt : row.receiverSwappedAt,
    theySwappedAt: proposing ? row.receiverSwappedAt : row.proposerSwappedAt,
    meeting: meeting
      ? {
          id: meeting.id,
          meetAt: meeting.meetAt,
          place: meeting.place,
          status: meeting.status as ArrangedMeeting["status"],
          mine: meeting.proposedBy === userId,
        }
      : null,
    problemOpen: Boolean(problem),
    vehicles: [...vehicle(row.offered, proposing), ...vehicle(row.target, !proposing)],
    values: {
      mine: proposing ? { min: row.offered.min, max: row.offered.max } : { min: row.target.min, max: row.target.max },
      theirs: proposing ? { min: row.target.min, max: row.target.max } : { min: row.offered.min, max: row.offered.max },
    },
  };
}
