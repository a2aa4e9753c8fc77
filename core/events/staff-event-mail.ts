import { eq, inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { enqueueEventMail, type OutgoingMail } from "../mail/mailer";
import {
  listingModerated,
  listingReinstated,
  listingRestored,
  reportReviewed,
  swapCancelledByStaff,
} from "../mail/templates";
import { enqueueNoticeMail } from "../notifications/mail-notices";
import type { DomainEvent, StaffEventKind, StaffEventPayloads } from "./event-kinds";

type StaffEvent<K extends StaffEventKind> = DomainEvent & { kind: K; payload: StaffEventPayloads[K] };

async function member(tx: Db, id: string) {
  const [who] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, id));
  return who;
}

/** To the owner: staff removed their listing (and why), or put it back. A closed account is told nothing. */
export async function mailListingModerated(tx: Db, event: StaffEvent<"listing.moderated">, appUrl: string) {
  const { ownerId, title, outcome, reason } = event.payload;
  // A held listing approved from the Listings page was never mailed about; its owner sees a notice only.
  if (outcome === "approved") return;
  const owner = await member(tx, ownerId);
  if (!owner) return;
  const to = { to: owner.email, name: owner.name, title, appUrl };
  const mail: OutgoingMail =
    outcome === "reinstated"
      ? listingReinstated(to)
      : outcome === "restored"
        ? listingRestored(to)
        : listingModerated({ ...to, outcome, reason });
  const kind =
    outcome === "rejected"
      ? "listing.rejected"
      : outcome === "reinstated" || outcome === "restored"
        ? "listing.approved"
        : "listing.taken_down";
  await enqueueNoticeMail(tx, mail, { eventId: event.id, userId: ownerId, kind, appUrl });
}

/** To the member who reported a listing, a message or a review: what the moderators decided. */
export async function mailReportReviewed(tx: Db, event: StaffEvent<"report.reviewed">, appUrl: string) {
  const { reporterId, title, outcome, subject, conversationId, revieweeId } = event.payload;
  const reporter = await member(tx, reporterId);
  if (!reporter) return;
  const message = subject === "message" ? { conversationId: conversationId ?? null } : undefined;
  const review = subject === "review" ? { revieweeId: revieweeId ?? null } : undefined;
  await enqueueNoticeMail(
    tx,
    reportReviewed({ to: reporter.email, name: reporter.name, title, outcome, appUrl, message, review }),
    { eventId: event.id, userId: reporterId, kind: "report.settled", appUrl },
  );
}

/**
 * To both parties of a swap staff cancelled: the reason, and that a fee they held is not charged. Not a notice kind:
 * it is about their money, so no preference turns it off (decision 085).
 */
export async function mailSwapCancelledByStaff(tx: Db, event: StaffEvent<"swap.cancelled_by_staff">, appUrl: string) {
  const [swap] = await tx.select().from(swapProposals).where(eq(swapProposals.id, event.subjectId));
  if (!swap) return;
  const titles = await tx
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(inArray(listings.id, [swap.offeredListingId, swap.targetListingId]));
  const titleOf = (id: string) => titles.find((t) => t.id === id)?.title ?? "listing";
  const proposer = await member(tx, swap.proposerId);
  const receiver = await member(tx, swap.receiverId);
  if (!proposer || !receiver) return;
  const common = {
    offeredTitle: titleOf(swap.offeredListingId),
    targetTitle: titleOf(swap.targetListingId),
    reason: event.payload.reason,
    appUrl,
  };
  for (const [me, other, paid] of [
    [proposer, receiver, swap.proposerPaid],
    [receiver, proposer, swap.receiverPaid],
  ] as const)
    await enqueueEventMail(
      tx,
      swapCancelledByStaff({ to: me.email, name: me.name, otherName: other.name, paid, ...common }),
      { eventId: event.id },
    );
}
