import type { Db } from "#db/client.ts";
import { recordNotices } from "../notifications/record-notices";
import { type DomainEvent, type EventKind, SWAP_EVENT_KINDS, type SwapEventKind } from "./event-kinds";
import { mailListingModerated, mailReportReviewed, mailSwapCancelledByStaff } from "./staff-event-mail";
import { mailSwapEvent } from "./swap-event-mail";

/** What the dispatcher needs to turn an event into its effects. */
export type EffectDeps = { appUrl: string };

type Handler = (tx: Db, event: DomainEvent, deps: EffectDeps) => Promise<void>;

const swapMail: Handler = (tx, event, deps) =>
  mailSwapEvent(tx, event as DomainEvent & { kind: SwapEventKind }, deps.appUrl);

/** The kind's mail (as before), then its in-app notices (core/notifications' kinds table). */
const withNotices =
  (mail: Handler): Handler =>
  async (tx, event, deps) => {
    await mail(tx, event, deps);
    await recordNotices(tx, event);
  };

/**
 * Each kind's effects, recorded in the dispatcher's transaction. A new effect of an existing event (an in-app
 * notice, a live update) is one more call in its handler; a new kind of event is one more entry (the type
 * requires one for every kind).
 */
const HANDLERS: Record<EventKind, Handler> = {
  ...(Object.fromEntries(SWAP_EVENT_KINDS.map((kind) => [kind, withNotices(swapMail)])) as Record<
    SwapEventKind,
    Handler
  >),
  "listing.moderated": withNotices((tx, event, deps) => mailListingModerated(tx, event as never, deps.appUrl)),
  "report.reviewed": withNotices((tx, event, deps) => mailReportReviewed(tx, event as never, deps.appUrl)),
  "swap.cancelled_by_staff": withNotices((tx, event, deps) =>
    mailSwapCancelledByStaff(tx, event as never, deps.appUrl),
  ),
  // A message is never mailed the moment it is sent: its recipient gets a notice (the live update and the
  // unread-for-an-hour digest come later, decision 081).
  "message.sent": withNotices(async () => {}),
};

export async function recordEffects(tx: Db, event: DomainEvent, deps: EffectDeps): Promise<void> {
  const handler = HANDLERS[event.kind] as Handler | undefined;
  if (!handler) throw new Error(`no handler for event kind ${event.kind}`);
  await handler(tx, event, deps);
}
