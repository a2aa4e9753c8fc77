import type { Db } from "#db/client.ts";
import { offerFirstCircle } from "../circles/offer-found-circles";
import { enqueueNoticeMail, plainNoticeMail } from "../notifications/mail-notices";
import { kindRow } from "../notifications/notification-kinds";
import { recordNotices } from "../notifications/record-notices";
import { matchListing } from "../saved-searches/match-listing";
import { noticeDueMatches } from "../saved-searches/notice-due-matches";
import { findCirclesForMember, findCirclesThroughListing } from "../swaps/find-swap-circles";
import { mailAppealDecided } from "./appeal-event-mail";
import {
  CIRCLE_EVENT_KINDS,
  type CircleEventKind,
  type DomainEvent,
  type EventKind,
  SWAP_EVENT_KINDS,
  type SwapEventKind,
} from "./event-kinds";
import { mailListingModerated, mailReportReviewed, mailSwapCancelledByStaff } from "./staff-event-mail";
import { mailSwapEvent } from "./swap-event-mail";

/** What the dispatcher needs to turn an event into its effects. */
export type EffectDeps = { appUrl: string };

type Handler = (tx: Db, event: DomainEvent, deps: EffectDeps) => Promise<void>;

const swapMail: Handler = (tx, event, deps) =>
  mailSwapEvent(tx, event as DomainEvent & { kind: SwapEventKind }, deps.appUrl);

/**
 * The event's own mail (as before, each gated by the member's e-mail preference for its kind), then its in-app
 * notices (core/notifications' kinds table); a notice of a kind without an own mail is e-mailed plainly to a
 * member who wants that kind "immediately" (decision 085).
 */
const withNotices =
  (mail: Handler): Handler =>
  async (tx, event, deps) => {
    await mail(tx, event, deps);
    const notices = await recordNotices(tx, event);
    for (const notice of notices) {
      if (kindRow(notice.kind).eventMail) continue;
      const plain = plainNoticeMail({ ...notice, to: notice.email, appUrl: deps.appUrl });
      if (plain)
        await enqueueNoticeMail(tx, plain, {
          eventId: event.id,
          userId: notice.userId,
          kind: notice.kind,
          appUrl: deps.appUrl,
        });
    }
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
  // An appeal's decision (decision 097): its own mail, always sent, and the notice.
  "appeal.decided": withNotices((tx, event, deps) => mailAppealDecided(tx, event as never, deps.appUrl)),
  // A message has no mail of its own: its recipient's notice is mailed as they chose (by default in a digest if
  // still unread an hour later, decision 085).
  "message.sent": withNotices(async () => {}),
  // A new or edited public listing meets the saved searches it matches; those told "instantly" hear of it now
  // (at most once an hour each: the rest wait for the job, core/saved-searches/notice-due-matches.ts).
  // Then, with the wants it met now recorded, the best swap circle through it is offered (decision 108).
  "listing.published": async (tx, event) => {
    const now = new Date(event.occurredAt);
    const matched = await matchListing(tx, event.subjectId);
    await noticeDueMatches(tx, { now, searchIds: matched });
    await offerFirstCircle(tx, await findCirclesThroughListing(tx, event.subjectId), { now });
  },
  // A member's wants changed (a favourite, a saved search): the best swap circle they are now in is offered.
  "wants.changed": async (tx, event) => {
    await offerFirstCircle(tx, await findCirclesForMember(tx, event.subjectId), { now: new Date(event.occurredAt) });
  },
  // Swap circles: their notices (and, for members who want them so, the plain notice e-mail).
  ...(Object.fromEntries(CIRCLE_EVENT_KINDS.map((kind) => [kind, withNotices(async () => {})])) as Record<
    CircleEventKind,
    Handler
  >),
  // Its notice (and, for a member who wants it so, the plain notice e-mail).
  "saved_search.matched": withNotices(async () => {}),
};

export async function recordEffects(tx: Db, event: DomainEvent, deps: EffectDeps): Promise<void> {
  const handler = HANDLERS[event.kind] as Handler | undefined;
  if (!handler) throw new Error(`no handler for event kind ${event.kind}`);
  await handler(tx, event, deps);
}
