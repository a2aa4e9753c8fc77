import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import type { ListingImage } from "#db/schema/listings.ts";
import { swapCircles } from "#db/schema/swap-circles.ts";
import { deliverAfterCommit } from "../events/deliver-after-commit";
import { recordEvent } from "../events/record-event";
import { saveWithNewPictures } from "../images/save-with-new-pictures";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUniqueViolation } from "../shared/sql-errors";
import type { FileStorage } from "../storage/storage";
import { problemPictureKey } from "../swaps/problem-pictures";
import { insertOpenProblem } from "../swaps/problem-rows";
import { readProblemInput } from "../swaps/report-swap-problem";
import { findLegsAsMember, lockCircle } from "./circle-guards";
import { CIRCLE_NOT_PAID, CIRCLE_PROBLEM_ALREADY_OPEN, isPaidCircle } from "./circle-problem-rules";

export type ReportedCircleProblem = { id: string; circleId: string };

/**
 * "Report a problem" on a paid swap circle (decision 112), as on a paid swap (decision 097): what went wrong, what
 * happened, up to 4 pictures. In one transaction, under the circle's row lock: the problem is saved and
 * `circle.problem_reported` recorded (every other member is told). While a problem is open the circle's quiet week
 * waits (complete-circle.ts). One open problem per member per circle (the unique index settles a race). Pictures go
 * under problems/<circle id>/ and are kept only if the transaction commits; they are served only to the circle's
 * members and staff (problem-pictures.ts).
 */
export async function reportCircleProblem(
  deps: { db: Db; clock: Clock; storage?: FileStorage; env?: { APP_URL: string } },
  input: {
    circleId: string;
    userId: string;
    kind: unknown;
    details: unknown;
    files?: Buffer[];
    names?: string[];
  },
): Promise<ReportedCircleProblem> {
  const files = input.files ?? [];
  const { kind, details } = readProblemInput({ kind: input.kind, details: input.details, pictures: files.length });
  // A stranger, or a circle not yet paid, costs no picture processing (the transaction checks again).
  await findLegsAsMember(deps.db, { circleId: input.circleId, userId: input.userId });
  const [seen] = await deps.db
    .select({ status: swapCircles.status })
    .from(swapCircles)
    .where(eq(swapCircles.id, input.circleId));
  if (!seen || !isPaidCircle(seen)) throw new AppError("CONFLICT", CIRCLE_NOT_PAID);
  const now = deps.clock.now();

  const write = async (tx: Db, pictures: ListingImage[]): Promise<ReportedCircleProblem> => {
    await findLegsAsMember(tx, { circleId: input.circleId, userId: input.userId });
    const circle = await lockCircle(tx, input.circleId);
    if (!isPaidCircle(circle)) throw new AppError("CONFLICT", CIRCLE_NOT_PAID);
    const problem = await insertOpenProblem(tx, {
      deal: { circleId: circle.id },
      reportedBy: input.userId,
      kind,
      details,
      pictureKeys: pictures.map(problemPictureKey),
      now,
      alreadyOpen: CIRCLE_PROBLEM_ALREADY_OPEN,
    });
    await recordEvent(tx, {
      kind: "circle.problem_reported",
      subjectId: circle.id,
      payload: { problemId: problem.id, reporterId: input.userId, problemKind: kind },
    });
    return { id: problem.id, circleId: circle.id };
  };

  let reported: ReportedCircleProblem;
  try {
    if (files.length === 0) reported = await deps.db.transaction((tx) => write(tx, []));
    else {
      if (!deps.storage) throw new Error("reportCircleProblem: pictures need the file storage");
      reported = await saveWithNewPictures(
        { db: deps.db, clock: deps.clock, storage: deps.storage },
        { ownerId: input.circleId, files, names: input.names, folder: "problems", field: "pictures" },
        write,
      );
    }
  } catch (error) {
    // Two reports at once: the unique index lets one in.
    if (isUniqueViolation(error, "swap_problems_one_open_in_circle_idx"))
      throw new AppError("CONFLICT", CIRCLE_PROBLEM_ALREADY_OPEN);
    throw error;
  }
  await deliverAfterCommit(deps);
  return reported;
}
