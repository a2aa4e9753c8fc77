import type { Db } from "#db/client.ts";
import { domainEvents } from "#db/schema/events.ts";
import type { EventKind, StaffEventKind, StaffEventPayloads } from "./event-kinds";

/**
 * Records that something happened. Pass the transaction of the change: the event commits with it or not at all,
 * so a rolled-back change has no effects. Its effects (mail, notices) are the dispatcher's job, after the commit.
 */
export async function recordEvent(
  tx: Db,
  event: { kind: EventKind; subjectId: string; payload?: Record<string, unknown> },
): Promise<void> {
  await tx.insert(domainEvents).values({ kind: event.kind, subjectId: event.subjectId, payload: event.payload ?? {} });
}

/** Records a staff event with the payload its kind carries (checked by type). */
export function recordStaffEvent<K extends StaffEventKind>(
  tx: Db,
  event: { kind: K; subjectId: string; payload: StaffEventPayloads[K] },
): Promise<void> {
  return recordEvent(tx, event);
}
