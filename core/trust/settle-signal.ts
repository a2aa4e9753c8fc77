import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { profiles } from "#db/schema/profiles.ts";
import { scamSignals } from "#db/schema/trust-signals.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";
import type { StaffActor } from "../staff/pass-staff-gate";
import type { StaffAction } from "../staff/permissions";

export type SignalSettlement = "dismiss" | "action";

export const SIGNAL_NOT_FOUND = "Signal not found";
export const SIGNAL_NOTES_TOO_LONG = "Notes must be 2000 characters or fewer";
export const alreadySettled = (status: string) => `This signal has already been ${status}`;

/** Each settlement: the status it leaves and the audit log's action name (the permission table's entry). */
export const SETTLEMENTS: Record<SignalSettlement, { status: "dismissed" | "actioned"; action: StaffAction }> = {
  dismiss: { status: "dismissed", action: "dismiss_signal" },
  action: { status: "actioned", action: "mark_signal_actioned" },
};

/**
 * Staff settle an open signal: dismissed (nothing wrong) or actioned (they dealt with it elsewhere: a takedown, a
 * suspension). Either way its hold is released: the listing it hid is public again and the member it flagged is
 * active again, unless another open held signal still holds them, or (a listing) reports wait on it, or staff
 * changed it meanwhile (a rejected listing, a suspended member are left as they are). One transaction with its
 * audit row; of two staff at once, one settles it and the other is told it already was.
 */
export async function settleSignal(
  db: Db,
  {
    actor,
    signalId,
    settlement,
    notes: rawNotes,
    now,
  }: { actor: StaffActor; signalId: string; settlement: SignalSettlement; notes?: unknown; now: Date },
) {
  if (!isUuid(signalId)) throw new AppError("NOT_FOUND", SIGNAL_NOT_FOUND);
  const notes = typeof rawNotes === "string" && rawNotes.trim() ? rawNotes.trim() : null;
  if (notes && notes.length > 2000) throw new AppError("VALIDATION", SIGNAL_NOTES_TOO_LONG, { field: "notes" });
  const { status, action } = SETTLEMENTS[settlement];

  return db.transaction(async (tx) => {
    // Locked: of two staff at once, the second waits and then finds it settled.
    const [signal] = await tx.select().from(scamSignals).where(eq(scamSignals.id, signalId)).for("update");
    if (!signal) throw new AppError("NOT_FOUND", SIGNAL_NOT_FOUND);
    if (signal.status !== "open") throw new AppError("CONFLICT", alreadySettled(signal.status));
    await tx
      .update(scamSignals)
      .set({ status, reviewedBy: actor.userId, reviewedAt: now, reviewNotes: notes, held: false, updatedAt: now })
      .where(eq(scamSignals.id, signalId));
    const released = signal.held ? await releaseHold(tx, signal, now) : null;
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action,
      targetType: "user",
      targetId: signal.userId,
      metadata: {
        signalId: signal.id,
        kind: signal.kind,
        score: signal.score,
        listingId: signal.listingId,
        explanation: signal.explanation,
        notes,
        held: signal.held,
        released,
      },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    return { id: signal.id, userId: signal.userId, released };
  });
}

type Signal = typeof scamSignals.$inferSelect;

/** Lets go of what this signal's hold did, if nothing else still holds it; says what was released (or null). */
async function releaseHold(tx: Db, signal: Signal, now: Date): Promise<"listing" | "member" | null> {
  const othersHolding = (where: ReturnType<typeof eq>) =>
    tx
      .select({ id: scamSignals.id })
      .from(scamSignals)
      .where(
        and(
          where,
          sql`${scamSignals.details}->>'holds' = ${signal.details.holds as string}`,
          eq(scamSignals.status, "open"),
          eq(scamSignals.held, true),
          ne(scamSignals.id, signal.id),
        ),
      )
      .limit(1);
  if (signal.listingId && signal.details.holds === "listing") {
    if ((await othersHolding(eq(scamSignals.listingId, signal.listingId))).length > 0) return null;
    const [waiting] = await tx
      .select({ id: moderationReports.id })
      .from(moderationReports)
      .where(and(eq(moderationReports.listingId, signal.listingId), eq(moderationReports.status, "pending")))
      .limit(1);
    if (waiting) return null;
    const changed = await tx
      .update(listings)
      .set({ moderationStatus: "approved", updatedAt: now })
      .where(and(eq(listings.id, signal.listingId), eq(listings.moderationStatus, "pending")))
      .returning();
    return changed.length > 0 ? "listing" : null;
  }
  if ((await othersHolding(eq(scamSignals.userId, signal.userId))).length > 0) return null;
  const changed = await tx
    .update(profiles)
    .set({ status: "active", updatedAt: now })
    .where(and(eq(profiles.userId, signal.userId), eq(profiles.status, "flagged")))
    .returning();
  return changed.length > 0 ? "member" : null;
}
