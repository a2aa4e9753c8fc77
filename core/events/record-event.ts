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
  await recordEvents(tx, [event]);
}

/** Records several events in one statement (a batch job's: the nightly circle pass offers thousands). */
export async function recordEvents(
  tx: Db,
  events: { kind: EventKind; subjectId: string; payload?: Record<string, unknown> }[],
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insert(domainEvents)
    .values(events.map((event) => ({ kind: event.kind, subjectId: event.subjectId, payload: event.payload ?? {} })));
}

/** Records a staff event with the payload its kind carries (checked by type). */
export function recordStaffEvent<K extends StaffEventKind>(
  tx: Db,
  event: { kind: K; subjectId: string; payload: StaffEventPayloads[K] },
): Promise<void> {
  return recordEvent(tx, event);
}
