/**
 * Every kind of domain event, by domain. A use case records one in the transaction of its change
 * (record-event.ts); the dispatcher turns it into its effects (dispatch-events.ts, handlers.ts).
 */
export const SWAP_EVENT_KINDS = [
  "swap.proposed",
  "swap.accepted",
  "swap.declined",
  // The party a pending offer was made to answered it with another set of listings (decision 103): the other is told.
  "swap.countered",
  // One party has paid and the other has not yet.
  "swap.paid",
  // The handshake: both fees settled (or waived); the swap is arranging and contact details are shared.
  "swap.handshake",
  // Arranging (decision 096): a time and place proposed (or another suggested), agreed, due in two hours.
  "swap.meeting_proposed",
  "swap.meeting_agreed",
  "swap.meeting_soon",
  // One side pressed "We've swapped" (the payload names them); the other is asked to confirm too.
  "swap.swapped",
  // Both confirmed, or the quiet week after the handshake passed: reviews open.
  "swap.completed",
  "swap.expiring",
  "swap.payment_due_soon",
  "swap.lapsed",
  // The proposer took back a pending proposal (no mail: the receiver sees it in the bell).
  "swap.withdrawn",
  // A pending proposal's 48 hours ran out unanswered (no mail).
  "swap.expired",
  // A party reviewed the other after a completed swap (no mail); the payload names the reviewer.
  "swap.reviewed",
  // A party reported a problem on a paid swap (decision 097): the other party is told.
  "swap.problem_reported",
  // Staff resolved a reported problem: both parties are told, with the resolution.
  "swap.problem_resolved",
  // The reveal job showed a swap's hidden reviews 14 days after completion (decision 094): both parties are told.
  "swap.reviews_revealed",
] as const;

export type SwapEventKind = (typeof SWAP_EVENT_KINDS)[number];

/** Staff acts on members' things; the subject is the listing, report or swap. */
export const STAFF_EVENT_KINDS = [
  // A listing was rejected, taken down, deleted, reinstated or restored by staff: its owner is told.
  "listing.moderated",
  // A member's report was settled: the reporter is told the outcome.
  "report.reviewed",
  // Staff cancelled an accepted swap: both parties are told, with the reason.
  "swap.cancelled_by_staff",
  // Staff decided a member's appeal (decision 097): the member is told, by notice and e-mail. Subject: the appeal.
  "appeal.decided",
] as const;

export type StaffEventKind = (typeof STAFF_EVENT_KINDS)[number];

/** Members' conversations; the subject is the message. */
export const MESSAGE_EVENT_KINDS = [
  // A member wrote in a thread: the other member is to hear of it (in-app, live, or a digest mail).
  "message.sent",
] as const;

export type MessageEventKind = (typeof MESSAGE_EVENT_KINDS)[number];

/** Saved searches (issue 27); the subject is the listing, or the saved search. */
export const SAVED_SEARCH_EVENT_KINDS = [
  // A listing was listed or edited while public: it is matched against saved searches after the commit.
  "listing.published",
  // A saved search's matches are due to reach its owner (at once, or as the daily or weekly notice).
  "saved_search.matched",
] as const;

export type SavedSearchEventKind = (typeof SAVED_SEARCH_EVENT_KINDS)[number];

/** What members want changed (decision 108): the swap-circle finder looks for circles through them after the commit. */
export const WANT_EVENT_KINDS = [
  // A member favourited a listing or saved (or resumed) a search; the subject is the member.
  "wants.changed",
] as const;

export type WantEventKind = (typeof WANT_EVENT_KINDS)[number];

/** Swap circles (decisions 104, 105, 108); the subject is the circle. */
export const CIRCLE_EVENT_KINDS = [
  // The finder offered a circle: each member is told what they give and get.
  "circle.offered",
  // The last member accepted: every listing is reserved and each member's fee is due within 48 hours.
  "circle.accepted",
  // Every fee held (or waived): the handshake, contact details shared between each giver and receiver.
  "circle.handshake",
  // Declined by a member, lapsed unanswered or unpaid, or cancelled because a listing was taken or gone.
  "circle.closed",
  // Every member confirmed "We've swapped", or a week passed after the handshake (decision 110).
  "circle.completed",
  // A member reviewed the member they got from (decision 111); the stars travel only once every review is shown.
  "circle.reviewed",
  // Every review of the circle is shown: the last member reviewed, or the reveal job's 14 days passed.
  "circle.reviews_revealed",
  // A member reported a problem on a paid circle (decision 112): every other member is told.
  "circle.problem_reported",
  // Staff resolved it: every member is told the resolution.
  "circle.problem_resolved",
] as const;

export type CircleEventKind = (typeof CIRCLE_EVENT_KINDS)[number];

/** Why a circle closed, as its members are told (the payload of circle.closed). */
export type CircleClosedReason = "declined" | "lapsed" | "not_paid" | "listing_taken" | "listing_gone";

export type CircleEventPayloads = {
  "circle.closed": { reason: CircleClosedReason; actorId?: string };
  "circle.completed": { how: "confirmed" | "timed_out" };
  "circle.reviewed": { reviewerId: string; revieweeId: string; revealed: boolean; rating?: number };
  // `told`: members the review that revealed them already told (its reviewer and reviewee); none from the job.
  "circle.reviews_revealed": { told?: string[] };
  "circle.problem_reported": { problemId: string; reporterId: string; problemKind: string };
  "circle.problem_resolved": { problemId: string; reporterId: string; resolution: string };
};

export type EventKind =
  | SwapEventKind
  | StaffEventKind
  | MessageEventKind
  | SavedSearchEventKind
  | WantEventKind
  | CircleEventKind;

/** What a saved search's notice says, fixed when it was due (core/saved-searches/notice-due-matches.ts). */
export type SavedSearchEventPayloads = {
  "saved_search.matched": {
    userId: string;
    name: string;
    count: number;
    /** The one listing when one matched (its title for the line); otherwise the search's results. */
    listingId: string | null;
    title: string | null;
    href: string;
  };
};

/** What each message event carries: who is to hear of it, without reading the thread again. */
export type MessageEventPayloads = {
  "message.sent": { conversationId: string; senderId: string; recipientId: string };
};

/** What the swap events that carry more than the swap's id carry. */
export type SwapEventPayloads = {
  // Whose payment settled (absent when the swap reached the handshake with its fees waived).
  "swap.paid": { userId: string };
  "swap.handshake": { userId?: string };
  // Who proposed the time and place, and when and where (the notice keeps them as of that moment).
  "swap.meeting_proposed": { userId: string; meetAt: string; place: string };
  "swap.meeting_agreed": { userId: string; meetAt: string; place: string };
  "swap.meeting_soon": { meetAt: string; place: string };
  "swap.swapped": { userId: string };
  "swap.completed": { how: "confirmed" | "timed_out"; userId?: string };
  "swap.problem_reported": { problemId: string; reporterId: string; problemKind: string };
  "swap.problem_resolved": { problemId: string; reporterId: string; resolution: string };
  // Double-blind (decision 094): the stars travel only when this review revealed both (the other side had reviewed).
  "swap.reviewed": { reviewerId: string; revealed?: boolean; rating?: number };
};

/** What each staff event carries: the facts of the moment (a deleted listing's title survives in the event). */
export type StaffEventPayloads = {
  "listing.moderated": {
    ownerId: string;
    title: string;
    // "approved": a listing held for review (not removed) approved from the Listings page; a notice only, no mail.
    outcome: "rejected" | "takedown" | "deleted" | "reinstated" | "restored" | "approved";
    reason: string;
  };
  // A message report (decision 086) names its subject and thread; `title` is then the thread's listing's.
  "report.reviewed": {
    reporterId: string;
    title: string | null;
    outcome: "approved" | "takedown" | "rejected";
    subject?: "listing" | "message" | "review";
    conversationId?: string | null;
    /** A review report (decision 094): whose review it was, whose member page it shows on. */
    revieweeId?: string | null;
  };
  "swap.cancelled_by_staff": { reason: string };
  "appeal.decided": {
    userId: string;
    subject: "suspension" | "listing";
    outcome: "upheld" | "reversed";
    reason: string;
    listingId: string | null;
    title: string | null;
  };
};

/** An event as the dispatcher hands it to a handler. */
export type DomainEvent = {
  id: string;
  kind: EventKind;
  subjectId: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
};
