import type { Db } from "#db/client.ts";
import { recordErrorEvent } from "./record-error-event";

/** A mail the transport refused (it stays in the outbox and is tried again), without its address or content. */
export async function recordMailFailure(
  db: Db,
  { mailId, template, attempt, error }: { mailId: string; template: string | null; attempt: number; error: string },
) {
  await recordErrorEvent(db, {
    action: "error.mail",
    message: `Mail delivery failed${template ? ` (${template})` : ""}, attempt ${attempt}`,
    error,
    targetId: mailId,
    details: { template, attempt },
  });
}
