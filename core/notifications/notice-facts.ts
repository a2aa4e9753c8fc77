import { eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { conversations } from "#db/schema/conversations.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { swapProposals } from "#db/schema/swaps.ts";
import { users } from "#db/schema/auth.ts";
import { type CircleFacts, loadCircleFacts } from "../circles/circle-facts";
import type {
  CircleEventKind,
  DomainEvent,
  MessageEventKind,
  MessageEventPayloads,
  SavedSearchEventPayloads,
  StaffEventKind,
  StaffEventPayloads,
  SwapEventKind,
} from "../events/event-kinds";
import { offered, onSwap, proposer, receiver, swapTitleColumns, target } from "../shared/swap-columns";

/** A swap as its notices need it, read when the event is dispatched; `event` is what the event itself carried. */
export type SwapFacts = {
  swapId: string;
  status: string;
  proposerId: string;
  receiverId: string;
  proposerName: string;
  receiverName: string;
  offeredTitle: string;
  targetTitle: string;
  proposerPaid: boolean;
  receiverPaid: boolean;
  paymentDueAt: Date | null;
  /** The swap's thread (the deal screen), if it has one. */
  conversationId: string | null;
  eventKind: string;
  event: Record<string, unknown>;
};

/** A message as its notice needs it: who wrote to whom, about which listing. */
export type MessageFacts = MessageEventPayloads["message.sent"] & { senderName: string; listingTitle: string | null };

/** A staff event's own payload (the facts of the moment) with what it is about. */
export type StaffFacts<K extends StaffEventKind> = StaffEventPayloads[K] & { subjectId: string };
export type ReportFacts = StaffFacts<"report.reviewed"> & { listingId: string | null };

/** The facts each kind of event gives its notices. */
export type FactsOf<E> = E extends CircleEventKind
  ? CircleFacts
  : E extends "saved_search.matched"
    ? SavedSearchEventPayloads[E] & { subjectId: string; fromId?: string; titles?: string[] }
    : E extends SwapEventKind
      ? SwapFacts
      : E extends MessageEventKind
        ? MessageFacts
        : E extends "report.reviewed"
          ? ReportFacts
          : E extends StaffEventKind
            ? StaffFacts<E>
            : never;

async function swapFacts(tx: Db, event: DomainEvent): Promise<SwapFacts | null> {
  const [s] = await tx
    .select({
      swapId: swapProposals.id,
      status: swapProposals.status,
      proposerId: swapProposals.proposerId,
      receiverId: swapProposals.receiverId,
      proposerName: proposer.name,
      receiverName: receiver.name,
      proposerPaid: swapProposals.proposerPaid,
      receiverPaid: swapProposals.receiverPaid,
      paymentDueAt: swapProposals.paymentDueAt,
      // The deal screen (decision 097): the swap's thread, if any (one per swap at most, by its index).
      conversationId: sql<
        string | null
      >`(select c.id from conversations c where c.swap_id = ${swapProposals.id} limit 1)`,
      ...swapTitleColumns,
    })
    .from(swapProposals)
    .innerJoin(proposer, onSwap.proposer)
    .innerJoin(receiver, onSwap.receiver)
    .innerJoin(offered, onSwap.offered)
    .innerJoin(target, onSwap.target)
    .where(eq(swapProposals.id, event.subjectId));
  return s ? { ...s, eventKind: event.kind, event: event.payload } : null;
}

async function messageFacts(tx: Db, event: DomainEvent): Promise<MessageFacts | null> {
  const payload = event.payload as MessageEventPayloads["message.sent"];
  const [row] = await tx
    // The thread keeps its listing's title (a deleted listing's too).
    .select({ senderName: users.name, listingTitle: conversations.listingTitle })
    .from(conversations)
    .innerJoin(users, eq(users.id, payload.senderId))
    .where(eq(conversations.id, payload.conversationId));
  return row ? { ...payload, ...row } : null;
}

async function reportFacts(tx: Db, event: DomainEvent): Promise<ReportFacts> {
  const [report] = await tx
    .select({ listingId: moderationReports.listingId })
    .from(moderationReports)
    .where(eq(moderationReports.id, event.subjectId));
  return {
    ...(event.payload as StaffEventPayloads["report.reviewed"]),
    subjectId: event.subjectId,
    listingId: report?.listingId ?? null,
  };
}

/**
 * What an event's notices are written from, or null when its subject is gone (nothing to tell). Swap events read
 * the swap as it stands; staff events carry their facts; a message names its thread.
 */
export async function loadFacts(tx: Db, event: DomainEvent): Promise<unknown> {
  if (event.kind.startsWith("swap.") && event.kind !== "swap.cancelled_by_staff") return swapFacts(tx, event);
  if (event.kind === "message.sent") return messageFacts(tx, event);
  if (event.kind.startsWith("circle.")) return loadCircleFacts(tx, event);
  if (event.kind === "report.reviewed") return reportFacts(tx, event);
  return { ...event.payload, subjectId: event.subjectId };
}
