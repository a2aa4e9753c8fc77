import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { profiles } from "#db/schema/profiles.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { offered, onSwap, proposer, receiver, swapTitleColumns, target } from "../shared/swap-columns";
import type { DomainEvent, SwapEventKind } from "./event-kinds";
import { enqueueEventMail, type OutgoingMail } from "../mail/mailer";
import * as mails from "../mail/templates";

const proposerProfile = alias(profiles, "proposer_profile");
const receiverProfile = alias(profiles, "receiver_profile");

/** What the mails say about a member: the name, and, once both have paid, how to reach them. */
function contactColumns(
  user: typeof proposer | typeof receiver,
  profile: typeof proposerProfile | typeof receiverProfile,
) {
  return { name: user.name, email: user.email, phone: profile.phone, location: profile.location };
}

/**
 * The e-mails a swap event calls for, queued in the dispatcher's transaction with the event's id (so an event
 * dispatched twice mails nobody twice). Names, addresses and titles are read now, as they stand.
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
  const out: OutgoingMail[] = [];
  if (what === "proposed") {
    out.push(
      mails.proposalReceived({
        to: s.receiver.email,
        receiverName: s.receiver.name,
        proposerName: s.proposer.name,
        message: s.message,
        appUrl,
        ...titles,
      }),
    );
  } else if (what === "accepted") {
    out.push(
      mails.proposalAccepted({
        to: s.proposer.email,
        proposerName: s.proposer.name,
        receiverName: s.receiver.name,
        targetTitle: s.targetTitle,
        appUrl,
      }),
    );
  } else if (what === "declined") {
    out.push(
      mails.proposalDeclined({
        to: s.proposer.email,
        proposerName: s.proposer.name,
        receiverName: s.receiver.name,
        reason: s.rejectionReason,
        appUrl,
        ...titles,
      }),
    );
  } else if (what === "paid" && s.status === "accepted") {
    // One side has paid: the other is told it is their turn (unless the swap has completed or lapsed since; the
    // event of that says so).
    if (s.proposerPaid && !s.receiverPaid)
      out.push(
        mails.paymentNeeded({ to: s.receiver.email, name: s.receiver.name, otherName: s.proposer.name, appUrl }),
      );
    if (s.receiverPaid && !s.proposerPaid)
      out.push(
        mails.paymentNeeded({ to: s.proposer.email, name: s.proposer.name, otherName: s.receiver.name, appUrl }),
      );
  } else if (what === "completed") {
    out.push(
      mails.swapCompleted({ to: s.proposer.email, name: s.proposer.name, other: s.receiver, appUrl, ...titles }),
    );
    out.push(
      mails.swapCompleted({ to: s.receiver.email, name: s.receiver.name, other: s.proposer, appUrl, ...titles }),
    );
  } else if (what === "expiring" && s.status === "pending") {
    out.push(
      mails.proposalExpiringSoon({
        to: s.receiver.email,
        name: s.receiver.name,
        otherName: s.proposer.name,
        targetTitle: s.targetTitle,
        expiresAt: s.expiresAt,
        appUrl,
      }),
    );
  } else if (what === "payment_due_soon" && s.status === "accepted" && s.paymentDueAt) {
    // Whoever has not paid yet is reminded; the deadline is the same for both.
    const dueAt = s.paymentDueAt;
    if (!s.proposerPaid)
      out.push(
        mails.paymentDeadlineSoon({
          to: s.proposer.email,
          name: s.proposer.name,
          otherName: s.receiver.name,
          dueAt,
          appUrl,
        }),
      );
    if (!s.receiverPaid)
      out.push(
        mails.paymentDeadlineSoon({
          to: s.receiver.email,
          name: s.receiver.name,
          otherName: s.proposer.name,
          dueAt,
          appUrl,
        }),
      );
  } else if (what === "lapsed") {
    out.push(
      mails.swapLapsed({
        to: s.proposer.email,
        name: s.proposer.name,
        otherName: s.receiver.name,
        paid: s.proposerPaid,
        appUrl,
        ...titles,
      }),
    );
    out.push(
      mails.swapLapsed({
        to: s.receiver.email,
        name: s.receiver.name,
        otherName: s.proposer.name,
        paid: s.receiverPaid,
        appUrl,
        ...titles,
      }),
    );
  }
  for (const mail of out) await enqueueEventMail(tx, mail, { eventId: event.id });
}
