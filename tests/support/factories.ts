// The test factories: members, staff, listings, swaps and payments as rows straight in the database, in the shape
// the product's use cases leave them, so a test of one rule does not depend on sign-up, uploads or the other use
// cases. Each takes `db` first and returns what a test names next (ids). For members who must sign in, see
// api-factories.ts (sign-up through the API).
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "#core/auth/find-session-user.ts";
import type { StaffActor } from "#core/staff/pass-staff-gate.ts";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { conversationMessages, conversations } from "#db/schema/conversations.ts";
import { type ListingStatus, listings } from "#db/schema/listings.ts";
import { HANDSHAKE_FEE_CENTS, paymentLogs } from "#db/schema/payments.ts";
import { type ProfileStatus, profiles, type Role, userRoles } from "#db/schema/profiles.ts";
import { SWAP_EXPIRY_HOURS, type SwapStatus, swapProposals } from "#db/schema/swaps.ts";
import { HOUR } from "./test-clock";
import { markThreadWaiting } from "#core/conversations/advance-read-pointer.ts";

export type TestMember = { id: string; name: string; email: string; phone: string | null; location: string | null };

/**
 * A member: a users row (address confirmed, `<id>@example.com.au`, so a test finds the mail sent to a member by
 * their id) and its profile. `phone` and `location` default to a Bondi member's; pass null for a member who gave
 * none. `deleted` soft-deletes the profile, as a member's own deletion does.
 */
export async function createMember(
  db: Db,
  options: {
    name?: string;
    phone?: string | null;
    location?: string | null;
    status?: ProfileStatus;
    deleted?: boolean;
    twoFactorEnabled?: boolean;
    /** When the account was made (now by default): limits are tighter for a new account. */
    joinedAt?: Date;
  } = {},
): Promise<TestMember> {
  const id = crypto.randomUUID();
  const member = {
    id,
    name: options.name ?? "Kylie Nguyen",
    email: `${id}@example.com.au`,
    phone: options.phone === undefined ? "0412 345 678" : options.phone,
    location: options.location === undefined ? "Bondi NSW 2026" : options.location,
  };
  await db.insert(users).values({
    id,
    name: member.name,
    email: member.email,
    emailVerified: true,
    twoFactorEnabled: options.twoFactorEnabled ?? false,
    ...(options.joinedAt ? { createdAt: options.joinedAt } : {}),
  });
  const deletedAt = options.deleted ? new Date() : null;
  await db.insert(profiles).values({
    userId: id,
    phone: member.phone,
    location: member.location,
    status: options.status ?? "active",
    deletedAt,
    permanentDeletionAt: deletedAt ? new Date(deletedAt.getTime() + 30 * 24 * HOUR) : null,
  });
  return member;
}

/**
 * A person as the back-office gate sees them: roles in user_roles and a TOTP factor on or off (on by default).
 * Returned as the session user a route would be given.
 */
export async function createStaff(
  db: Db,
  roles: Role[],
  { totp = true, name = "Sam Staff" }: { totp?: boolean; name?: string } = {},
): Promise<SessionUser> {
  const member = await createMember(db, { name, phone: null, location: null, twoFactorEnabled: totp });
  for (const role of roles) await db.insert(userRoles).values({ userId: member.id, role });
  return {
    id: member.id,
    name,
    email: member.email,
    emailVerified: true,
    role: roles[0] ?? null,
    session: { id: `session-${member.id}`, createdAt: new Date() },
  };
}

/** A staff member as the back-office use cases receive them from the gate: who, with which roles, from where. */
export function staffActor(
  person: { id: string; name: string; email: string },
  roles: Role[],
  ip = "203.0.113.9",
): StaffActor {
  return { userId: person.id, name: person.name, email: person.email, roles, ip, userAgent: "vitest" };
}

/** Marks a member's address as confirmed, as opening the link in the sign-up mail does (decision 067). */
export async function confirmAddress(db: Db, userId: string) {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

type ListingValues = typeof listings.$inferInsert;

/**
 * A listing row with every required column (a drill in Bondi, one picture, active); `overrides` replace any of
 * them. For suites that insert many rows at once; createListing inserts one.
 */
export function listingValues(ownerId: string, overrides: Partial<ListingValues> = {}): ListingValues {
  const id = overrides.id ?? crypto.randomUUID();
  const status = overrides.status ?? "active";
  return {
    id,
    userId: ownerId,
    title: "Makita cordless drill kit",
    description: "18 V drill with two batteries, charger and case. Works well.",
    category: "tradie_tools",
    condition: "good",
    valueMin: 120,
    valueMax: 180,
    location: "Bondi NSW 2026",
    suburb: "Bondi",
    state: "NSW",
    postcode: "2026",
    latitude: -33.893,
    longitude: 151.263,
    images: [{ key: `listings/${ownerId}/${id}`, widths: [320] }],
    status,
    deletedAt: status === "deleted" ? new Date() : null,
    ...overrides,
  };
}

/** A listing owned by `ownerId`; active unless told otherwise. Returns its id. */
export async function createListing(
  db: Db,
  ownerId: string,
  options: { title?: string; status?: ListingStatus } & Partial<ListingValues> = {},
): Promise<string> {
  const values = listingValues(ownerId, options);
  await db.insert(listings).values(values);
  return values.id as string;
}

type SwapValues = typeof swapProposals.$inferInsert;

/** What the listings of a swap in each state are: reserved while it awaits payment, swapped once done. */
const LISTING_STATUS_FOR: Partial<Record<SwapStatus, ListingStatus>> = {
  accepted: "reserved",
  arranging: "swapped",
  completed: "swapped",
};

/**
 * The columns a swap in `status` has, as the use case that put it there leaves them, at `now`: a proposal expires
 * SWAP_EXPIRY_HOURS after it is made, an accepted swap's fees are due in 48 hours, an arranging swap has both paid
 * (the handshake), a completed one has both confirmed "We've swapped" too.
 */
export function swapValues(
  status: SwapStatus,
  parties: Pick<SwapValues, "offeredListingId" | "targetListingId" | "proposerId" | "receiverId">,
  now = new Date(),
): SwapValues {
  const in48h = new Date(now.getTime() + 48 * HOUR);
  const accepted = status === "accepted" || status === "arranging" || status === "completed";
  const paid = status === "arranging" || status === "completed";
  return {
    ...parties,
    status,
    expiresAt: new Date(now.getTime() + SWAP_EXPIRY_HOURS * HOUR),
    acceptedAt: accepted ? now : null,
    paymentDueAt: status === "accepted" ? in48h : null,
    handshakeAt: paid ? now : null,
    completedAt: status === "completed" ? now : null,
    completedHow: status === "completed" ? "confirmed" : null,
    proposerSwappedAt: status === "completed" ? now : null,
    receiverSwappedAt: status === "completed" ? now : null,
    proposerPaid: paid,
    receiverPaid: paid,
    respondedAt: status === "pending" ? null : now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * A swap in `status` between two members, over a listing of each. Whatever is not given is made: the parties
 * (Priya and Tom, who gave no phone or location) and their listings, in the state that status leaves them.
 * Other columns of `overrides` replace the defaults; `at` is when the use cases acted (now by default).
 */
export async function createSwap(
  db: Db,
  {
    status,
    proposerId,
    receiverId,
    offeredListingId,
    targetListingId,
    at,
    ...overrides
  }: { status: SwapStatus; at?: Date } & Partial<SwapValues>,
) {
  const listingStatus = LISTING_STATUS_FOR[status] ?? "active";
  proposerId ??= (await createMember(db, { name: "Priya Sharma", phone: null, location: null })).id;
  receiverId ??= (await createMember(db, { name: "Tom O'Brien", phone: null, location: null })).id;
  offeredListingId ??= await createListing(db, proposerId, { title: "Makita drill kit", status: listingStatus });
  targetListingId ??= await createListing(db, receiverId, { title: "Ryobi mower", status: listingStatus });
  const parties = { proposerId, receiverId, offeredListingId, targetListingId };
  const [swap] = await db
    .insert(swapProposals)
    .values({ ...swapValues(status, parties, at), ...overrides })
    .returning();
  return { swapId: swap.id, ...parties };
}

type PaymentValues = typeof paymentLogs.$inferInsert;

/** A party's handshake-fee payment for a swap: a completed card payment of the full fee unless told otherwise. */
export async function createPayment(
  db: Db,
  payment: Pick<PaymentValues, "swapProposalId" | "userId"> & Partial<PaymentValues>,
): Promise<string> {
  const [row] = await db
    .insert(paymentLogs)
    .values({ amountCents: HANDSHAKE_FEE_CENTS, status: "completed", provider: "local", ...payment })
    .returning();
  return row.id;
}

/**
 * A thread about a listing between its owner and an asker, as askAboutListing leaves it (no lines yet). Whatever is
 * not given is made: the owner (Olive), her listing, and the asker (Arlo).
 */
export async function createConversation(
  db: Db,
  options: { listingId?: string; ownerId?: string; askerId?: string; swapId?: string | null; at?: Date } = {},
) {
  const ownerId = options.ownerId ?? (await createMember(db, { name: "Olive Owner" })).id;
  const askerId = options.askerId ?? (await createMember(db, { name: "Arlo Asker" })).id;
  const listingId = options.listingId ?? (await createListing(db, ownerId, { title: "Stihl chainsaw" }));
  const [listing] = await db.select({ title: listings.title }).from(listings).where(eq(listings.id, listingId));
  const [row] = await db
    .insert(conversations)
    .values({
      listingId,
      listingTitle: listing.title,
      askerId,
      ownerId,
      swapId: options.swapId ?? null,
      createdAt: options.at ?? new Date(),
    })
    .returning();
  return { conversationId: row.id, listingId, askerId, ownerId };
}

/** A member's message in a thread (as sendMessage stores it, without its checks); the thread's latest line moves to it. */
export async function createMessage(
  db: Db,
  {
    conversationId,
    senderId,
    body = "Is it still available?",
    at = new Date(),
  }: { conversationId: string; senderId: string; body?: string; at?: Date },
) {
  await db
    .update(conversations)
    .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, conversationId));
  const [row] = await db
    .insert(conversationMessages)
    .values({ conversationId, senderId, kind: "text", body, createdAt: at })
    .returning();
  // As sendMessage: the thread's last seq, and the thread waiting for the other member (the header's count).
  const [thread] = await db
    .update(conversations)
    .set({ lastSeq: sql`greatest(${conversations.lastSeq}, ${row.seq})` })
    .where(eq(conversations.id, conversationId))
    .returning();
  const others = [thread.askerId, thread.ownerId].filter((userId) => userId !== senderId);
  await markThreadWaiting(db, { conversationId, userIds: others, now: at });
  return { messageId: row.id, seq: row.seq };
}
