import { type CircleFacts, type CircleNotice, circleNoticeFor } from "../circles/circle-facts";
import type { CircleClosedReason, EventKind } from "../events/event-kinds";
import { formatDayAndTime } from "../shared/time";
import type { FactsOf, SwapFacts } from "./notice-facts";

/**
 * THE table of the notification centre (decision 082): every kind of notice, once, with
 * - `on`: the domain event kind(s) that produce it;
 * - `to`: from that event's facts, who is told (one member at most once per event), by whom (`fromId`: no notice
 *   from a member either side has blocked) and the facts the line shows, kept as of that moment (`payload`);
 * - `line` and `href`: what the line says and where it takes the member, from the payload alone (a renamed
 *   listing or member does not rewrite what was said).
 * A new kind (saved-search matches, swap circles) is one more row here; its event, if new, is one more entry in
 * core/events/event-kinds.ts.
 */

/** A notice to write: who gets it, from whom (if a member caused it), and what its line shows. */
export type Notice<P> = { userId: string; fromId?: string; payload: P };

/** How a kind reaches a member by e-mail when they have not chosen (db/schema/notifications.ts' modes). */
export type EmailDefault = "immediately" | "digest" | "off";

/**
 * What every kind says about itself on the preferences page and by e-mail:
 * - `label`: the kind on My Account's Notifications page ("Offers you receive");
 * - `email`: the default e-mail mode (in the bell is on by default for every kind);
 * - `digestAfterMinutes`: a digest notice is due this long after it was made (messages: unread for an hour);
 *   otherwise at the next daily digest (core/notifications/notice-preferences.ts);
 * - `eventMail`: the event's handler (core/events) already writes this kind's own e-mail; otherwise an
 *   "immediately" member gets the plain notice e-mail (core/notifications/mail-notices.ts).
 */
type KindSettings = { label: string; email: EmailDefault; digestAfterMinutes?: number; eventMail?: true };

type KindRow<E extends EventKind, P> = KindSettings & {
  on: readonly E[];
  to: (facts: FactsOf<E>) => Notice<P>[];
  line: (payload: P) => string;
  href: (payload: P) => string;
};

/** A row with its types checked where it is written, then kept in the table without them. */
export type NotificationKindRow = KindSettings & {
  on: readonly EventKind[];
  to: (facts: unknown) => Notice<unknown>[];
  line: (payload: never) => string;
  href: (payload: never) => string;
};
const kind = <E extends EventKind, P>(row: KindRow<E, P>) => row as unknown as NotificationKindRow;

/** A swap as one of its parties sees it: the other member, their own listing and the other's. */
type SwapNotice = { swapId: string; role: "proposer" | "receiver"; otherName: string; mine: string; theirs: string };

function toParty(f: SwapFacts, role: SwapNotice["role"], options: { fromOther?: boolean } = {}) {
  const proposing = role === "proposer";
  const payload: SwapNotice = {
    swapId: f.swapId,
    role,
    otherName: proposing ? f.receiverName : f.proposerName,
    mine: proposing ? f.offeredTitle : f.targetTitle,
    theirs: proposing ? f.targetTitle : f.offeredTitle,
  };
  const userId = proposing ? f.proposerId : f.receiverId;
  const otherId = proposing ? f.receiverId : f.proposerId;
  return { userId, payload, ...(options.fromOther ? { fromId: otherId } : {}) };
}

/**
 * The party who did NOT act on a swap event (the payload's actorId): after a counter-offer the proposer may be
 * the one who accepts, declines or withdraws (decision 103). Events without an actor go to `fallback`.
 */
function otherThanActor(f: SwapFacts, fallback: SwapNotice["role"]): SwapNotice["role"] {
  if (f.event.actorId === f.proposerId) return "receiver";
  if (f.event.actorId === f.receiverId) return "proposer";
  return fallback;
}

const REPORT_OUTCOME_LINES = {
  approved: "the listing has been removed",
  takedown: "the listing has been taken down",
  rejected: "the listing stays up",
} as const;

type MessageNotice = { conversationId: string; otherName: string; listingTitle: string | null };
type ListingNotice = { listingId: string; title: string; reason?: string };
/** A message report's outcome (decision 086): approved means staff removed the message. */
const MESSAGE_REPORT_OUTCOME_LINES = {
  approved: "the message has been removed",
  takedown: "the message has been removed",
  rejected: "the message doesn't break our rules, so it stays",
} as const;

/** A review report's outcome (decision 094): approved means staff removed the review. */
const REVIEW_REPORT_OUTCOME_LINES = {
  approved: "the review has been removed",
  takedown: "the review has been removed",
  rejected: "the review doesn't break our rules, so it stays",
} as const;

type ReportNotice = {
  title: string | null;
  outcome: keyof typeof REPORT_OUTCOME_LINES;
  listingId: string | null;
  /** Set on a message report: the thread the message is in. */
  conversationId?: string | null;
  /** Set on a review report: the member the review was about (title is their name). */
  revieweeId?: string | null;
};

/** A swap's reported problem (decision 097): the deal screen is the swap's thread, or My Swaps when it has none. */
type ProblemNotice = SwapNotice & { conversationId: string | null; resolution?: string; reportedByMe?: boolean };
const dealScreen = (p: ProblemNotice) => (p.conversationId ? `/messages/${p.conversationId}` : mySwaps(p));

/** An appeal's decision (decision 097). */
type AppealNotice = {
  subject: "suspension" | "listing";
  outcome: "upheld" | "reversed";
  reason: string;
  listingId: string | null;
  title: string | null;
};

type SavedSearchNotice = { name: string; count: number; title: string | null; titles: string[]; href: string };

/** My Swaps, at the tab the swap is on for this member. */
const mySwaps = (p: { role: SwapNotice["role"] }) => (p.role === "proposer" ? "/my-swaps?tab=sent" : "/my-swaps");
const quoted = (title: string) => `“${title}”`;

/** An arranging swap's steps lead to the swap on My Swaps (its card links the thread and the steps). */
const arrange = mySwaps;

/** The other party of the member `userId` (who did the step), or null when they are neither. */
function otherRole(f: SwapFacts, userId: unknown): SwapNotice["role"] | null {
  return userId === f.proposerId ? "receiver" : userId === f.receiverId ? "proposer" : null;
}

type MeetingNotice = SwapNotice & { meetAt: string; place: string };

/** A proposed or agreed time and place: the other side of whoever did it is told, with the time and place. */
function meetingTo(f: SwapFacts): Notice<MeetingNotice>[] {
  const role = otherRole(f, f.event.userId);
  if (!role) return [];
  const notice = toParty(f, role, { fromOther: true });
  return [{ ...notice, payload: { ...notice.payload, meetAt: String(f.event.meetAt), place: String(f.event.place) } }];
}

/** The party who has not paid (of an accepted swap where one has): the other one paid. */
function unpaidParty(f: SwapFacts): SwapNotice["role"] | null {
  if (f.status !== "accepted" || f.proposerPaid === f.receiverPaid) return null;
  return f.proposerPaid ? "receiver" : "proposer";
}

/** Every member of the circle but `exceptId` (who did it), each with what they give and get. */
function circleMembers(f: CircleFacts, exceptId?: unknown): Notice<CircleNotice>[] {
  const notices: Notice<CircleNotice>[] = [];
  for (const leg of f.legs) {
    if (leg.giverId === exceptId) continue;
    const payload = circleNoticeFor(f, leg.giverId);
    if (payload) notices.push({ userId: leg.giverId, payload });
  }
  return notices;
}

/** A circle member's name as the circle's notices give it. */
const memberName = (f: CircleFacts, userId: unknown) =>
  f.legs.find((leg) => leg.giverId === userId)?.giverName ?? "A member";

type CircleProblemNotice = CircleNotice & { reporterName: string | null };

/** A circle's page (decision 105): every circle notice leads there. */
const circlePage = (p: CircleNotice) => `/my-swaps/circles/${p.circleId}`;

/** Why a circle is off, as the line says it (decision 108). */
const CIRCLE_CLOSED_LINES: Record<CircleClosedReason, string> = {
  declined: "is off: a member declined it",
  lapsed: "lapsed: not everyone accepted within 48 hours",
  not_paid: "lapsed: not every fee was paid within 48 hours. Nobody was charged and your listing is back on offer",
  listing_taken: "is off: one of its listings was swapped elsewhere",
  listing_gone: "is off: one of its listings is no longer available",
};

type CircleClosedNotice = CircleNotice & { reason: CircleClosedReason };

export const NOTIFICATION_KINDS = {
  "proposal.received": kind({
    label: "Offers you receive",
    email: "immediately",
    eventMail: true,
    on: ["swap.proposed"],
    to: (f) => [toParty(f, "receiver", { fromOther: true })],
    line: (p: SwapNotice) => `${p.otherName} offered their ${quoted(p.theirs)} for your ${quoted(p.mine)}`,
    href: mySwaps,
  }),
  "proposal.accepted": kind({
    label: "Your offers accepted",
    email: "immediately",
    eventMail: true,
    on: ["swap.accepted"],
    to: (f) => [toParty(f, otherThanActor(f, "proposer"), { fromOther: true })],
    line: (p: SwapNotice) => `${p.otherName} accepted your offer for ${quoted(p.theirs)}. Pay the fee to swap details.`,
    href: mySwaps,
  }),
  "proposal.declined": kind({
    label: "Your offers declined",
    email: "immediately",
    eventMail: true,
    on: ["swap.declined"],
    to: (f) => [toParty(f, otherThanActor(f, "proposer"), { fromOther: true })],
    line: (p: SwapNotice) => `Your offer for ${quoted(p.theirs)} was declined`,
    href: mySwaps,
  }),
  // Decision 103: the offer on the table was answered with another set of listings; the other party's turn.
  "proposal.countered": kind({
    label: "Counter-offers",
    email: "immediately",
    on: ["swap.countered"],
    to: (f) => [toParty(f, otherThanActor(f, "proposer"), { fromOther: true })],
    line: (p: SwapNotice) => `${p.otherName} sent a counter-offer for your ${quoted(p.mine)}: your turn to answer`,
    href: mySwaps,
  }),
  "proposal.withdrawn": kind({
    label: "Offers withdrawn",
    email: "digest",
    on: ["swap.withdrawn"],
    to: (f) => [toParty(f, otherThanActor(f, "receiver"), { fromOther: true })],
    line: (p: SwapNotice) => `${p.otherName} withdrew their offer for your ${quoted(p.mine)}`,
    href: mySwaps,
  }),
  "proposal.expired": kind({
    label: "Offers expired",
    email: "digest",
    on: ["swap.expired"],
    to: (f) => [toParty(f, "proposer"), toParty(f, "receiver")],
    line: (p: SwapNotice) =>
      p.role === "proposer"
        ? `Your offer for ${quoted(p.theirs)} expired without an answer`
        : `${p.otherName}'s offer for your ${quoted(p.mine)} expired`,
    href: mySwaps,
  }),
  // The first payment tells the other party it is their turn; the second makes the handshake and tells the first.
  "partner.paid": kind({
    label: "Your swap partner paid",
    email: "immediately",
    eventMail: true,
    on: ["swap.paid", "swap.handshake"],
    to: (f) => {
      const payerId = f.event.userId;
      if (typeof payerId !== "string") return [];
      const complete = f.eventKind === "swap.handshake";
      const role = complete ? (payerId === f.proposerId ? "receiver" : "proposer") : unpaidParty(f);
      if (!role) return [];
      const notice = toParty(f, role, { fromOther: true });
      return [{ ...notice, payload: { ...notice.payload, complete } }];
    },
    line: (p: SwapNotice & { complete: boolean }) =>
      p.complete
        ? `${p.otherName} paid too: your swap for ${quoted(p.theirs)} is confirmed. Arrange a time and place.`
        : `${p.otherName} paid their fee for the swap for ${quoted(p.theirs)}. Pay yours to swap details.`,
    href: mySwaps,
  }),
  "payment.due_soon": kind({
    label: "Payment deadline near",
    email: "immediately",
    eventMail: true,
    on: ["swap.payment_due_soon"],
    to: (f) => {
      if (f.status !== "accepted" || !f.paymentDueAt) return [];
      const dueAt = f.paymentDueAt.toISOString();
      const unpaid = [f.proposerPaid ? null : "proposer", f.receiverPaid ? null : "receiver"] as const;
      return unpaid
        .filter((role) => role !== null)
        .map((role) => {
          const notice = toParty(f, role);
          return { ...notice, payload: { ...notice.payload, dueAt } };
        });
    },
    line: (p: SwapNotice & { dueAt: string }) =>
      `Your fee for the swap for ${quoted(p.theirs)} is due by ${formatDayAndTime(p.dueAt)}`,
    href: mySwaps,
  }),
  "swap.lapsed": kind({
    label: "Swaps lapsed unpaid",
    email: "immediately",
    eventMail: true,
    on: ["swap.lapsed"],
    to: (f) => [toParty(f, "proposer"), toParty(f, "receiver")],
    line: (p: SwapNotice) =>
      `Your swap with ${p.otherName} for ${quoted(p.theirs)} lapsed: both fees weren't paid in time`,
    href: mySwaps,
  }),
  // Arranging (decision 096): each step tells the other side; the reminder and the completion tell both.
  "meeting.proposed": kind({
    label: "Times and places proposed for your swaps",
    email: "immediately",
    on: ["swap.meeting_proposed"],
    to: (f) => meetingTo(f),
    line: (p: MeetingNotice) =>
      `${p.otherName} proposed meeting ${formatDayAndTime(p.meetAt)} at ${p.place} for your swap for ${quoted(p.theirs)}`,
    href: arrange,
  }),
  "meeting.agreed": kind({
    label: "Times and places agreed",
    email: "immediately",
    on: ["swap.meeting_agreed"],
    to: (f) => meetingTo(f),
    line: (p: MeetingNotice) =>
      `${p.otherName} agreed to meet ${formatDayAndTime(p.meetAt)} at ${p.place} for your swap for ${quoted(p.theirs)}`,
    href: arrange,
  }),
  "meeting.reminder": kind({
    label: "Reminders before you meet",
    email: "immediately",
    on: ["swap.meeting_soon"],
    to: (f) => {
      const meeting = { meetAt: String(f.event.meetAt), place: String(f.event.place) };
      return (["proposer", "receiver"] as const).map((role) => {
        const notice = toParty(f, role);
        return { ...notice, payload: { ...notice.payload, ...meeting } };
      });
    },
    line: (p: MeetingNotice) =>
      `Reminder: you meet ${p.otherName} ${formatDayAndTime(p.meetAt)} at ${p.place} to swap for ${quoted(p.theirs)}`,
    href: arrange,
  }),
  "partner.swapped": kind({
    label: "Your swap partner confirmed the swap",
    email: "immediately",
    on: ["swap.swapped"],
    to: (f) => {
      const role = otherRole(f, f.event.userId);
      return role ? [toParty(f, role, { fromOther: true })] : [];
    },
    line: (p: SwapNotice) =>
      `${p.otherName} says you've swapped ${quoted(p.mine)} for ${quoted(p.theirs)}. Confirm it too, or report a problem.`,
    href: arrange,
  }),
  "swap.completed": kind({
    label: "Swaps completed",
    email: "immediately",
    on: ["swap.completed"],
    to: (f) => (["proposer", "receiver"] as const).map((role) => toParty(f, role)),
    line: (p: SwapNotice) =>
      `Your swap with ${p.otherName} for ${quoted(p.theirs)} is complete. You can now leave a review.`,
    href: mySwaps,
  }),
  "message.received": kind({
    label: "New messages",
    email: "digest",
    digestAfterMinutes: 60,
    on: ["message.sent"],
    to: (f) => [
      {
        userId: f.recipientId,
        fromId: f.senderId,
        payload: { conversationId: f.conversationId, otherName: f.senderName, listingTitle: f.listingTitle },
      },
    ],
    line: (p: MessageNotice) =>
      p.listingTitle
        ? `${p.otherName} sent you a message about ${quoted(p.listingTitle)}`
        : `${p.otherName} sent you a message`,
    href: (p: MessageNotice) => `/messages/${p.conversationId}`,
  }),
  "review.received": kind({
    label: "Reviews of you",
    email: "digest",
    on: ["swap.reviewed"],
    to: (f) => {
      const reviewerId = f.event.reviewerId;
      const role = reviewerId === f.proposerId ? "receiver" : reviewerId === f.receiverId ? "proposer" : null;
      if (!role) return [];
      const notice = toParty(f, role, { fromOther: true });
      // Double-blind (decision 094): before the reveal the notice says only that a review is waiting.
      const revealed = f.event.revealed !== false && f.event.rating != null;
      return [
        {
          ...notice,
          payload: { ...notice.payload, ...(revealed ? { rating: Number(f.event.rating) } : {}), revealed },
        },
      ];
    },
    line: (p: SwapNotice & { rating?: number; revealed?: boolean }) =>
      p.revealed === false
        ? `${p.otherName} has reviewed you. Review them to see it.`
        : `${p.otherName} left you a ${p.rating}-star review for your swap for ${quoted(p.theirs)}`,
    href: mySwaps,
  }),
  // The reveal job showed the swap's reviews 14 days after completion (decision 094): each party can read theirs.
  "review.revealed": kind({
    label: "Reviews revealed",
    email: "off",
    on: ["swap.reviews_revealed"],
    to: (f) => [toParty(f, "proposer"), toParty(f, "receiver")],
    line: (p: SwapNotice) => `The reviews of your swap with ${p.otherName} are now shown on your profiles`,
    href: mySwaps,
  }),
  // Issue 28: "Report a problem" on a paid swap (decision 097).
  "swap.problem_reported": kind({
    label: "Problems reported on your swaps",
    email: "immediately",
    on: ["swap.problem_reported"],
    to: (f) => {
      const reporterId = f.event.reporterId;
      const role = reporterId === f.proposerId ? "receiver" : reporterId === f.receiverId ? "proposer" : null;
      if (!role) return [];
      const notice = toParty(f, role);
      return [{ ...notice, payload: { ...notice.payload, conversationId: f.conversationId } }];
    },
    line: (p: ProblemNotice) =>
      `${p.otherName} reported a problem with your swap for ${quoted(p.theirs)}. Our team is looking into it.`,
    href: dealScreen,
  }),
  "swap.problem_resolved": kind({
    label: "Problems resolved",
    email: "immediately",
    on: ["swap.problem_resolved"],
    to: (f) =>
      (["proposer", "receiver"] as const).map((role) => {
        const notice = toParty(f, role);
        const resolution = String(f.event.resolution ?? "");
        const reportedByMe = f.event.reporterId === notice.userId;
        return {
          ...notice,
          payload: { ...notice.payload, conversationId: f.conversationId, resolution, reportedByMe },
        };
      }),
    line: (p: ProblemNotice) =>
      `${p.reportedByMe ? "The problem you reported" : `The problem ${p.otherName} reported`} with your swap for ${quoted(p.theirs)} is resolved: ${p.resolution}`,
    href: dealScreen,
  }),
  "appeal.decided": kind({
    label: "Your appeals decided",
    email: "immediately",
    eventMail: true,
    on: ["appeal.decided"],
    to: (f) => [
      {
        userId: f.userId,
        payload: {
          subject: f.subject,
          outcome: f.outcome,
          reason: f.reason,
          listingId: f.listingId,
          title: f.title,
        },
      },
    ],
    line: (p: AppealNotice) => {
      const what =
        p.subject === "suspension" ? "your suspension" : `the decision on ${quoted(p.title ?? "your listing")}`;
      return p.outcome === "reversed"
        ? `We've reviewed your appeal against ${what} and reversed it: ${p.reason}`
        : `We've reviewed your appeal against ${what} and the decision stands: ${p.reason}`;
    },
    href: (p: AppealNotice) =>
      p.subject === "listing" && p.outcome === "reversed" && p.listingId
        ? `/listings/${p.listingId}`
        : p.subject === "listing"
          ? "/my-listings"
          : "/",
  }),
  "listing.approved": kind({
    label: "Listings approved",
    email: "immediately",
    eventMail: true,
    on: ["listing.moderated"],
    to: (f) =>
      f.outcome === "reinstated" || f.outcome === "restored" || f.outcome === "approved"
        ? [{ userId: f.ownerId, payload: { listingId: f.subjectId, title: f.title } }]
        : [],
    line: (p: ListingNotice) => `Your listing ${quoted(p.title)} was approved and is live`,
    href: (p: ListingNotice) => `/listings/${p.listingId}`,
  }),
  "listing.rejected": kind({
    label: "Listings rejected",
    email: "immediately",
    eventMail: true,
    on: ["listing.moderated"],
    to: (f) =>
      f.outcome === "rejected"
        ? [{ userId: f.ownerId, payload: { listingId: f.subjectId, title: f.title, reason: f.reason } }]
        : [],
    line: (p: ListingNotice) => `Your listing ${quoted(p.title)} was rejected: ${p.reason}`,
    href: () => "/my-listings",
  }),
  "listing.taken_down": kind({
    label: "Listings taken down",
    email: "immediately",
    eventMail: true,
    on: ["listing.moderated"],
    to: (f) =>
      f.outcome === "takedown" || f.outcome === "deleted"
        ? [{ userId: f.ownerId, payload: { listingId: f.subjectId, title: f.title, reason: f.reason } }]
        : [],
    line: (p: ListingNotice) => `Your listing ${quoted(p.title)} was taken down: ${p.reason}`,
    href: () => "/my-listings",
  }),
  "report.settled": kind({
    label: "Your reports reviewed",
    email: "immediately",
    eventMail: true,
    on: ["report.reviewed"],
    to: (f) => [
      {
        userId: f.reporterId,
        payload:
          f.subject === "message"
            ? { title: f.title, outcome: f.outcome, listingId: null, conversationId: f.conversationId ?? null }
            : f.subject === "review"
              ? { title: f.title, outcome: f.outcome, listingId: null, revieweeId: f.revieweeId ?? null }
              : { title: f.title, outcome: f.outcome, listingId: f.outcome === "rejected" ? f.listingId : null },
      },
    ],
    line: (p: ReportNotice) =>
      p.revieweeId !== undefined
        ? `We've reviewed your report about a review${p.title ? ` of ${p.title}` : ""}: ${REVIEW_REPORT_OUTCOME_LINES[p.outcome] ?? "thank you"}`
        : p.conversationId !== undefined
          ? `We've reviewed your report about a message${p.title ? ` about ${quoted(p.title)}` : ""}: ${MESSAGE_REPORT_OUTCOME_LINES[p.outcome] ?? "thank you"}`
          : `We've reviewed your report about ${p.title ? quoted(p.title) : "a listing"}: ${REPORT_OUTCOME_LINES[p.outcome] ?? "thank you"}`,
    href: (p: ReportNotice) =>
      p.revieweeId
        ? `/members/${p.revieweeId}`
        : p.conversationId
          ? `/messages/${p.conversationId}`
          : p.listingId
            ? `/listings/${p.listingId}`
            : "/",
  }),
  // Issue 29's swap circles (decision 108): found for the member, agreed by all, paid by all, or off.
  "circle.offered": kind({
    label: "Swap circles found for you",
    email: "immediately",
    on: ["circle.offered"],
    to: (f) => circleMembers(f),
    line: (p: CircleNotice) =>
      `A swap circle for your ${quoted(p.giveTitle)}: give it to ${p.giveToName} and get ${p.getFromName}'s ${quoted(p.getTitle)}. Everyone has 48 hours to accept`,
    href: circlePage,
  }),
  "circle.accepted": kind({
    label: "Swap circles everyone accepted",
    email: "immediately",
    on: ["circle.accepted"],
    to: (f) => circleMembers(f),
    line: (p: CircleNotice) =>
      `Everyone accepted the swap circle for your ${quoted(p.giveTitle)}. Pay the fee within 48 hours to swap details`,
    href: circlePage,
  }),
  "circle.handshake": kind({
    label: "Swap circles ready to arrange",
    email: "immediately",
    on: ["circle.handshake"],
    to: (f) => circleMembers(f),
    line: (p: CircleNotice) =>
      `The swap circle for your ${quoted(p.giveTitle)} is on: see ${p.giveToName === p.getFromName ? `${p.giveToName}'s` : `${p.giveToName}'s and ${p.getFromName}'s`} contact details to arrange it`,
    href: circlePage,
  }),
  "circle.closed": kind({
    label: "Swap circles called off",
    email: "immediately",
    on: ["circle.closed"],
    to: (f) => {
      const reason = (f.event.reason as CircleClosedReason | undefined) ?? "lapsed";
      return circleMembers(f, f.event.actorId).map((n) => ({ ...n, payload: { ...n.payload, reason } }));
    },
    line: (p: CircleClosedNotice) =>
      `The swap circle for your ${quoted(p.giveTitle)} ${CIRCLE_CLOSED_LINES[p.reason] ?? CIRCLE_CLOSED_LINES.lapsed}`,
    href: circlePage,
  }),
  "circle.completed": kind({
    label: "Swap circles completed",
    email: "immediately",
    on: ["circle.completed"],
    to: (f) => circleMembers(f),
    line: (p: CircleNotice) =>
      `The swap circle of your ${quoted(p.giveTitle)} and ${p.getFromName}'s ${quoted(p.getTitle)} is complete`,
    href: circlePage,
  }),
  // Decision 111: a member of a completed circle reviewed the member they got from; only that member is told.
  "circle.review_received": kind({
    label: "Reviews from your swap circles",
    email: "digest",
    on: ["circle.reviewed"],
    to: (f) => {
      const { reviewerId, revieweeId } = f.event;
      const payload = circleNoticeFor(f, String(revieweeId));
      if (!payload) return [];
      // Double-blind (decision 094): before every review is shown the notice says only that one is waiting.
      const revealed = f.event.revealed === true && f.event.rating != null;
      const rating = revealed ? { rating: Number(f.event.rating) } : {};
      return [{ userId: String(revieweeId), fromId: String(reviewerId), payload: { ...payload, ...rating, revealed } }];
    },
    line: (p: CircleNotice & { rating?: number; revealed?: boolean }) =>
      p.revealed
        ? `${p.giveToName} left you a ${p.rating}-star review for the swap circle of your ${quoted(p.giveTitle)}`
        : `${p.giveToName} has reviewed you for the swap circle of your ${quoted(p.giveTitle)}. Reviews are shown once everyone in the circle has reviewed`,
    href: circlePage,
  }),
  // Decision 112: a member reported a problem on a paid circle; the others are told, and all are told its resolution.
  "circle.problem_reported": kind({
    label: "Swap circle problems reported",
    email: "immediately",
    on: ["circle.problem_reported"],
    to: (f) =>
      circleMembers(f, f.event.reporterId).map((n) => ({
        ...n,
        fromId: String(f.event.reporterId),
        payload: { ...n.payload, reporterName: memberName(f, f.event.reporterId) },
      })),
    line: (p: CircleProblemNotice) =>
      `${p.reporterName} reported a problem with the swap circle for your ${quoted(p.giveTitle)}. Our team is looking into it.`,
    href: circlePage,
  }),
  "circle.problem_resolved": kind({
    label: "Resolutions of swap circle problems",
    email: "immediately",
    on: ["circle.problem_resolved"],
    to: (f) =>
      circleMembers(f).map((n) => ({
        ...n,
        payload: {
          ...n.payload,
          reporterName: n.userId === f.event.reporterId ? null : memberName(f, f.event.reporterId),
          resolution: String(f.event.resolution ?? ""),
        },
      })),
    line: (p: CircleProblemNotice & { resolution: string }) =>
      `${p.reporterName ? `The problem ${p.reporterName} reported` : "The problem you reported"} with the swap circle for your ${quoted(p.giveTitle)} is resolved: ${p.resolution}`,
    href: circlePage,
  }),
  "circle.reviews_revealed": kind({
    label: "Swap circle reviews shown",
    email: "off",
    on: ["circle.reviews_revealed"],
    to: (f) => {
      const told = Array.isArray(f.event.told) ? f.event.told : [];
      return circleMembers(f).filter((notice) => !told.includes(notice.userId));
    },
    line: (p: CircleNotice) =>
      `The reviews of the swap circle for your ${quoted(p.giveTitle)} are now shown on your profiles`,
    href: circlePage,
  }),
  // Issue 27: new listings matching a member's saved searches and wants (core/saved-searches/notice-due-matches.ts).
  "saved_search.matched": kind({
    label: "New listings matching your saved searches",
    email: "immediately",
    on: ["saved_search.matched"],
    to: (f) => [
      {
        userId: f.userId,
        ...(f.fromId ? { fromId: f.fromId } : {}),
        payload: { name: f.name, count: f.count, title: f.title, titles: f.titles ?? [], href: f.href },
      },
    ],
    line: (p: SavedSearchNotice) =>
      p.count === 1 && p.title
        ? `New listing ${quoted(p.title)} matches your saved search ${quoted(p.name)}`
        : `${p.count} new listings match your saved search ${quoted(p.name)}${p.titles.length ? `: ${p.titles.map(quoted).join(", ")}${p.count > p.titles.length ? ` and ${p.count - p.titles.length} more` : ""}` : ""}`,
    href: (p: SavedSearchNotice) => p.href,
  }),
} satisfies Record<string, NotificationKindRow>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** The kinds an event produces (in the table's order). */
export function kindsOn(eventKind: EventKind): [NotificationKind, NotificationKindRow][] {
  return (Object.entries(NOTIFICATION_KINDS) as [NotificationKind, NotificationKindRow][]).filter(([, row]) =>
    row.on.includes(eventKind),
  );
}

/** What a stored notice says and where it leads; a kind no longer in the table says nothing (it is not shown). */
export function describeNotice(kindName: string, payload: unknown): { text: string; href: string } | null {
  if (!Object.hasOwn(NOTIFICATION_KINDS, kindName)) return null;
  const row = NOTIFICATION_KINDS[kindName as NotificationKind] as NotificationKindRow;
  const read = payload as never;
  return { text: row.line(read), href: row.href(read) };
}

/** Every kind, in the table's order. */
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** Whether a string names a kind of the table. */
export function isNotificationKind(name: string): name is NotificationKind {
  return Object.hasOwn(NOTIFICATION_KINDS, name);
}

/** A kind's row (its label, defaults and line). */
export function kindRow(kind: NotificationKind): NotificationKindRow {
  return NOTIFICATION_KINDS[kind] as NotificationKindRow;
}
