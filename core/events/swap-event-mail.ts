import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { enqueueEventMail, type OutgoingMail } from "../mail/mailer";
import * as mails from "../mail/templates";
import { enqueueNoticeMail } from "../notifications/mail-notices";
import type { NotificationKind } from "../notifications/notification-kinds";
import { offered, onSwap, proposer, receiver, swapTitleColumns, target } from "../shared/swap-columns";
import type { DomainEvent, SwapEventKind } from "./event-kinds";

const proposerProfile = alias(profiles, "proposer_profile");
const receiverProfile = alias(profiles, "receiver_profile");

/** What the mails say about a member: the name, and, once both have paid, how to reach them. */
function contactColumns(
  user: typeof proposer | typeof receiver,
  profile: typeof proposerProfile | typeof receiverProfile,
) {
  return { id: user.id, name: user.name, email: user.email, phone: profile.phone, location: profile.location };
}

/**
 * The e-mails a swap event calls for, queued in the dispatcher's transaction with the event's id (so an event
 * dispatched twice mails nobody twice). Names, addresses and titles are read now, as they stand. Each mail that
 * tells a member of a notice kind is sent only if they want that kind by e-mail at once (mail-notices.ts), with
 * its one-click unsubscribe; the handshake's mail to the member whose payment made it is their receipt
 * (with the partner's details) and always goes.
 */
export async function mailSwapEvent(tx: Db, event: DomainEvent & { kind: SwapEventKind }, appUrl: string) {
  const swapId = event.subjectId;
  const [s] = await tx
    .select({
      status: swapProposals.status,
      proposerPaid: swapProposals.proposerPaid,
      receiverPaid: swapProposals.receiverPaid,
      message: swapProposals.message,
      rejectionReason: swapProposals.rejectionReason,
      expiresAt: swapProposals.expiresAt,
      paymentDueAt: swapProposals.paymentDueAt,
      proposer: contactColumns(proposer, proposerProfile),
      receiver: contactColumns(receiver, receiverProfile),
      ...swapTitleColumns,
    })
    .from(swapProposals)
    .innerJoin(proposer, onSwap.proposer)
    .innerJoin(receiver, onSwap.receiver)
    .leftJoin(proposerProfile, eq(proposerProfile.userId, swapProposals.proposerId))
    .leftJoin(receiverProfile, eq(receiverProfile.userId, swapProposals.receiverId))
    .innerJoin(offered, onSwap.offered)
    .innerJoin(target, onSwap.target)
    .where(eq(swapProposals.id, swapId));
  if (!s) return;
  const what = event.kind.slice("swap.".length);
  const titles = { offeredTitle: s.offeredTitle, targetTitle: s.targetTitle };
  // Each mail with the member it is for and the notice kind it tells of (none: always sent).
  const out: [OutgoingMail, { id: string }, NotificationKind | null][] = [];
  const p = { id: s.proposer.id };
  const r = { id: s.receiver.id };
  // The handshake tells the member who paid first that the other paid too ("partner.paid"); the one whose
  // payment made it gets the same mail as a receipt. (The arranging steps and the completion have no mail of
  // their own: their notices are mailed plainly to members who want them at once.)
  const completerId = typeof event.payload.userId === "string" ? event.payload.userId : null;
  const completedKind = (member: { id: string }): NotificationKind | null =>
    completerId && member.id !== completerId ? "partner.paid" : null;
  if (what === "proposed") {
    out.push([
      mails.proposalReceived({
        to: s.receiver.email,
        receiverName: s.receiver.name,
        proposerName: s.proposer.name,
        message: s.message,
        appUrl,
        ...titles,
      }),
      r,
      "proposal.received",
    ]);
  } else if (what === "accepted") {
    // To whoever made the offer that was accepted: the proposer, or the receiver whose counter-offer it was.
    const answeredByProposer = event.payload.actorId === s.proposer.id;
    const [maker, answerer] = answeredByProposer ? [s.receiver, s.proposer] : [s.proposer, s.receiver];
    out.push([
      mails.proposalAccepted({
        to: maker.email,
        proposerName: maker.name,
        receiverName: answerer.name,
        targetTitle: answeredByProposer ? s.offeredTitle : s.targetTitle,
        appUrl,
      }),
      answeredByProposer ? r : p,
      "proposal.accepted",
    ]);
  } else if (what === "declined") {
    const answeredByProposer = event.payload.actorId === s.proposer.id;
    const [maker, answerer] = answeredByProposer ? [s.receiver, s.proposer] : [s.proposer, s.receiver];
    out.push([
      mails.proposalDeclined({
        to: maker.email,
        proposerName: maker.name,
        receiverName: answerer.name,
        reason: s.rejectionReason,
        appUrl,
        offeredTitle: answeredByProposer ? titles.targetTitle : titles.offeredTitle,
        targetTitle: answeredByProposer ? titles.offeredTitle : titles.targetTitle,
      }),
      answeredByProposer ? r : p,
      "proposal.declined",
    ]);
  } else if (what === "paid" && s.status === "accepted") {
    // One side has paid: the other is told it is their turn (unless the swap has reached the handshake or lapsed since; the
    // event of that says so).
    if (s.proposerPaid && !s.receiverPaid)
      out.push([
        mails.paymentNeeded({ to: s.receiver.email, name: s.receiver.name, otherName: s.proposer.name, appUrl }),
        r,
        "partner.paid",
      ]);
    if (s.receiverPaid && !s.proposerPaid)
      out.push([
        mails.paymentNeeded({ to: s.proposer.email, name: s.proposer.name, otherName: s.receiver.name, appUrl }),
        p,
        "partner.paid",
      ]);
  } else if (what === "handshake") {
    out.push([
      mails.swapHandshake({ to: s.proposer.email, name: s.proposer.name, other: s.receiver, appUrl, ...titles }),
      p,
      completedKind(p),
    ]);
    out.push([
      mails.swapHandshake({ to: s.receiver.email, name: s.receiver.name, other: s.proposer, appUrl, ...titles }),
      r,
      completedKind(r),
    ]);
  } else if (what === "expiring" && s.status === "pending") {
    out.push([
      mails.proposalExpiringSoon({
        to: s.receiver.email,
        name: s.receiver.name,
        otherName: s.proposer.name,
        targetTitle: s.targetTitle,
        expiresAt: s.expiresAt,
        appUrl,
      }),
      r,
      "proposal.received",
    ]);
  } else if (what === "payment_due_soon" && s.status === "accepted" && s.paymentDueAt) {
    // Whoever has not paid yet is reminded; the deadline is the same for both.
    const dueAt = s.paymentDueAt;
    if (!s.proposerPaid)
      out.push([
        mails.paymentDeadlineSoon({
          to: s.proposer.email,
          name: s.proposer.name,
          otherName: s.receiver.name,
          dueAt,
          appUrl,
        }),
        p,
        "payment.due_soon",
      ]);
    if (!s.receiverPaid)
      out.push([
        mails.paymentDeadlineSoon({
          to: s.receiver.email,
          name: s.receiver.name,
          otherName: s.proposer.name,
          dueAt,
          appUrl,
        }),
        r,
        "payment.due_soon",
      ]);
  } else if (what === "lapsed") {
    out.push([
      mails.swapLapsed({
        to: s.proposer.email,
        name: s.proposer.name,
        otherName: s.receiver.name,
        paid: s.proposerPaid,
        appUrl,
        ...titles,
      }),
      p,
      "swap.lapsed",
    ]);
    out.push([
      mails.swapLapsed({
        to: s.receiver.email,
        name: s.receiver.name,
        otherName: s.proposer.name,
        paid: s.receiverPaid,
        appUrl,
        ...titles,
      }),
      r,
      "swap.lapsed",
    ]);
  }
  for (const [mail, member, kind] of out) {
    if (kind) await enqueueNoticeMail(tx, mail, { eventId: event.id, userId: member.id, kind, appUrl });
    else await enqueueEventMail(tx, mail, { eventId: event.id });
  }
}
