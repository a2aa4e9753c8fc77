import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { listings } from "#db/schema/listings.ts";
import {
  SIGNAL_KINDS,
  SIGNAL_STATUSES,
  type SignalKind,
  type SignalStatus,
  scamSignals,
} from "#db/schema/trust-signals.ts";
import { newestFirst, pageOf } from "../shared/keyset-cursor";
import { likeText } from "../shared/sql-like";

export const SIGNAL_PAGE_SIZE = 25;
export const SIGNAL_STATUS_FILTERS = ["all", ...SIGNAL_STATUSES] as const;
export type SignalStatusFilter = (typeof SIGNAL_STATUS_FILTERS)[number];
export const SIGNAL_KIND_FILTERS = ["all", ...SIGNAL_KINDS] as const;
export type SignalKindFilter = (typeof SIGNAL_KIND_FILTERS)[number];

/** What staff read for each kind. */
export const SIGNAL_KIND_LABELS: Record<SignalKind, string> = {
  same_photo: "Same photo",
  contact_before_handshake: "Contact details before the handshake",
  far_proposals: "Far-apart proposals from a new account",
  shared_address: "Many accounts from one address",
  scam_wording: "Payment-scam wording",
  weighted_reports: "Reports weighed by standing",
};

export const signalStatusFilter = (value: string | null | undefined): SignalStatusFilter =>
  SIGNAL_STATUS_FILTERS.includes(value as SignalStatusFilter) ? (value as SignalStatusFilter) : "open";
export const signalKindFilter = (value: string | null | undefined): SignalKindFilter =>
  SIGNAL_KIND_FILTERS.includes(value as SignalKindFilter) ? (value as SignalKindFilter) : "all";

const member = alias(users, "signal_member");
const reviewer = alias(users, "signal_reviewer");
const otherListing = alias(listings, "signal_other_listing");

/** A signal with what its card and links need: the member, the listing, the other listing (same photo), the reviewer. */
const columns = {
  id: scamSignals.id,
  kind: scamSignals.kind,
  score: scamSignals.score,
  explanation: scamSignals.explanation,
  status: scamSignals.status,
  held: scamSignals.held,
  createdAt: scamSignals.createdAt,
  updatedAt: scamSignals.updatedAt,
  reviewedAt: scamSignals.reviewedAt,
  reviewNotes: scamSignals.reviewNotes,
  userId: scamSignals.userId,
  memberName: member.name,
  memberEmail: member.email,
  listingId: scamSignals.listingId,
  listingTitle: listings.title,
  otherListingId: otherListing.id,
  otherListingTitle: otherListing.title,
  otherUserId: otherListing.userId,
  conversationId: sql<string | null>`${scamSignals.details}->>'conversationId'`,
  reviewerName: reviewer.name,
};

function selectSignals(db: Db) {
  return db
    .select(columns)
    .from(scamSignals)
    .leftJoin(member, eq(member.id, scamSignals.userId))
    .leftJoin(listings, eq(listings.id, scamSignals.listingId))
    .leftJoin(otherListing, sql`${otherListing.id}::text = ${scamSignals.details}->>'otherListingId'`)
    .leftJoin(reviewer, eq(reviewer.id, scamSignals.reviewedBy));
}

const withLabel = <T extends { kind: SignalKind }>(row: T) => ({ ...row, kindLabel: SIGNAL_KIND_LABELS[row.kind] });

export type SignalForStaff = Awaited<ReturnType<typeof findSignalsForStaff>>["signals"][number];

/**
 * The Moderation Queue's signals, newest first, a page at a time (keyset on created_at, id), by status (open by
 * default), kind and words (`q`: the member's name or e-mail, the listing's title, the explanation); `total`
 * counts every signal in the filter.
 */
export async function findSignalsForStaff(
  db: Db,
  {
    status,
    kind = "all",
    q,
    cursor,
  }: { status: SignalStatusFilter; kind?: SignalKindFilter; q?: string | null; cursor?: string | null },
  limit = SIGNAL_PAGE_SIZE,
) {
  // A member's name or e-mail, a listing's title, or words of the explanation ("same photo as ...").
  const search = q?.trim().slice(0, 100);
  const inFilter: SQL | undefined = and(
    status === "all" ? undefined : eq(scamSignals.status, status as SignalStatus),
    kind === "all" ? undefined : eq(scamSignals.kind, kind as SignalKind),
    search
      ? or(
          ilike(member.name, likeText(search)),
          ilike(member.email, likeText(search)),
          ilike(listings.title, likeText(search)),
          ilike(scamSignals.explanation, likeText(search)),
        )
      : undefined,
  );
  const keyset = newestFirst(scamSignals, cursor);
  const rows = await selectSignals(db)
    .where(and(inFilter, keyset.after))
    .orderBy(...keyset.order)
    .limit(limit + 1);
  const [{ total }] = await db
    .select({ total: count() })
    .from(scamSignals)
    .leftJoin(member, eq(member.id, scamSignals.userId))
    .leftJoin(listings, eq(listings.id, scamSignals.listingId))
    .where(inFilter);
  const { page, nextCursor } = pageOf(rows, limit);
  return { signals: page.map(withLabel), nextCursor, total: Number(total) };
}

/** How many signals are open: the Moderation Queue's tab shows it. */
export async function countOpenSignals(db: Db): Promise<number> {
  const [{ open }] = await db.select({ open: count() }).from(scamSignals).where(eq(scamSignals.status, "open"));
  return Number(open);
}

/** A member's signals for the Users page, newest first (the 20 most recent). */
export async function findMemberSignals(db: Db, { userId }: { userId: string }) {
  const rows = await selectSignals(db)
    .where(eq(scamSignals.userId, userId))
    .orderBy(desc(scamSignals.createdAt), desc(scamSignals.id))
    .limit(20);
  return rows.map(withLabel);
}
