import { and, eq, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { ListingImage } from "#db/schema/listings.ts";
import { SWAP_PROBLEM_KINDS, swapProposals } from "#db/schema/swaps.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { saveWithNewPictures } from "../images/save-with-new-pictures";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { isUniqueViolation } from "../shared/sql-errors";
import type { FileStorage } from "../storage/storage";
import { problemPictureKey } from "./problem-pictures";
import { insertOpenProblem } from "./problem-rows";
import {
  MAX_PROBLEM_PICTURES,
  PROBLEM_ALREADY_OPEN,
  PROBLEM_DETAILS_MAX,
  PROBLEM_DETAILS_REQUIRED,
  PROBLEM_DETAILS_TOO_LONG,
  PROBLEM_KIND_LABELS,
  PROBLEM_KIND_REQUIRED,
  SWAP_NOT_FOUND,
  SWAP_NOT_PAID,
  type SwapProblemKind,
  TOO_MANY_PROBLEM_PICTURES,
} from "./swap-problem-rules";

export type ReportedProblem = { id: string; swapId: string };

/**
 * A swap is paid once its handshake happened: it is arranging (handshake_at set), or completed. Swaps completed
 * before "arranging" existed have handshake_at from the migration; every completed swap went through the
 * handshake (decision 097), so completed counts whether or not the column was filled.
 */
export function isPaidSwap(swap: { status: string; handshakeAt: Date | null }) {
  return (swap.status === "arranging" && swap.handshakeAt !== null) || swap.status === "completed";
}

/** The form's fields, checked before any picture is processed. */
export function readProblemInput(input: { kind: unknown; details: unknown; pictures: number }) {
  const kind = SWAP_PROBLEM_KINDS.find((k) => k === input.kind);
  if (!kind) throw new AppError("VALIDATION", PROBLEM_KIND_REQUIRED, { field: "kind" });
  const details = typeof input.details === "string" ? input.details.trim() : "";
  if (!details) throw new AppError("VALIDATION", PROBLEM_DETAILS_REQUIRED, { field: "details" });
  if (details.length > PROBLEM_DETAILS_MAX)
    throw new AppError("VALIDATION", PROBLEM_DETAILS_TOO_LONG, { field: "details" });
  if (input.pictures > MAX_PROBLEM_PICTURES)
    throw new AppError("VALIDATION", TOO_MANY_PROBLEM_PICTURES, { field: "pictures" });
  return { kind: kind as SwapProblemKind, details };
}

/** The swap, if `userId` is one of its two members; anyone else is told it does not exist. */
async function findOwnSwap(db: Db, swapId: string, userId: string, lock = false) {
  if (!isUuid(swapId)) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  const query = db
    .select()
    .from(swapProposals)
    .where(
      and(eq(swapProposals.id, swapId), or(eq(swapProposals.proposerId, userId), eq(swapProposals.receiverId, userId))),
    );
  const [swap] = lock ? await query.for("update") : await query;
  if (!swap) throw new AppError("NOT_FOUND", SWAP_NOT_FOUND);
  return swap;
}

/**
 * "Report a problem" on a paid swap (issue 28, decision 097): what went wrong, what happened, up to 4 pictures.
 * In one transaction the problem is saved, the swap is marked disputed (the back office's Swaps page shows it
 * under review), and `swap.problem_reported` is recorded: the other member is told (a notice). One open problem
 * per member per swap (the unique index settles a race). The pictures go through the listing pictures' pipeline
 * under problems/<swap id>/ and are kept only if the transaction commits (save-with-new-pictures.ts); they are
 * served only to the swap's two members and staff (problem-pictures.ts).
 */
export async function reportSwapProblem(
  deps: { db: Db; clock: Clock; storage?: FileStorage; env?: { APP_URL: string } },
  input: {
    swapId: string;
    userId: string;
    kind: unknown;
    details: unknown;
    files?: Buffer[];
    names?: string[];
  },
): Promise<ReportedProblem> {
  const files = input.files ?? [];
  const { kind, details } = readProblemInput({ kind: input.kind, details: input.details, pictures: files.length });
  // A stranger, or a swap not yet paid, costs no picture processing (the transaction checks again).
  const seen = await findOwnSwap(deps.db, input.swapId, input.userId);
  if (!isPaidSwap(seen)) throw new AppError("CONFLICT", SWAP_NOT_PAID);
  const now = deps.clock.now();

  const write = async (tx: Db, pictures: ListingImage[]): Promise<ReportedProblem> => {
    const swap = await findOwnSwap(tx, input.swapId, input.userId, true);
    if (!isPaidSwap(swap)) throw new AppError("CONFLICT", SWAP_NOT_PAID);
    const problem = await insertOpenProblem(tx, {
      deal: { swapId: swap.id },
      reportedBy: input.userId,
      kind,
      details,
      pictureKeys: pictures.map(problemPictureKey),
      now,
      alreadyOpen: PROBLEM_ALREADY_OPEN,
    });
    const role = swap.proposerId === input.userId ? "proposer" : "receiver";
    const note = `Problem reported by the ${role}: ${PROBLEM_KIND_LABELS[kind]}`;
    await tx
      .update(swapProposals)
      .set(
        swap.isDisputed
          ? { updatedAt: now }
          : { isDisputed: true, disputeNotes: note, disputeResolvedAt: null, disputeResolution: null, updatedAt: now },
      )
      .where(eq(swapProposals.id, swap.id));
    await recordEvent(tx, {
      kind: "swap.problem_reported",
      subjectId: swap.id,
      payload: { problemId: problem.id, reporterId: input.userId, problemKind: kind },
    });
    return { id: problem.id, swapId: swap.id };
  };

  let reported: ReportedProblem;
  try {
    if (files.length === 0) reported = await deps.db.transaction((tx) => write(tx, []));
    else {
      if (!deps.storage) throw new Error("reportSwapProblem: pictures need the file storage");
      reported = await saveWithNewPictures(
        { db: deps.db, clock: deps.clock, storage: deps.storage },
        { ownerId: seen.id, files, names: input.names, folder: "problems", field: "pictures" },
        write,
      );
    }
  } catch (error) {
    // Two reports at once: the unique index lets one in.
    if (isUniqueViolation(error, "swap_problems_one_open_idx")) throw new AppError("CONFLICT", PROBLEM_ALREADY_OPEN);
    throw error;
  }
  await deliverAfterCommit(deps);
  return reported;
}
