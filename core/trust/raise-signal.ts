import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { listings } from "#db/schema/listings.ts";
import { profiles } from "#db/schema/profiles.ts";
import { type SignalKind, scamSignals } from "#db/schema/trust-signals.ts";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { HOLD_SCORE } from "./signal-rules";

export type RaisedSignal = {
  kind: SignalKind;
  userId: string;
  listingId?: string | null;
  score: number;
  explanation: string;
  details?: Record<string, unknown>;
  /** One row per thing noticed: a repeat with the same key updates that row. */
  dedupeKey: string;
  /** Whom the hold acts on: the listing (hidden pending review) or the member (flagged). */
  holds: "listing" | "member";
  now: Date;
};

export type SignalOutcome = { id: string; held: boolean; status: string };

/**
 * Records a signal in the transaction of what raised it. A repeat (same dedupe key) keeps one row: the higher score,
 * the newest explanation and details. A signal staff already settled stays settled unless the repeat scores higher
 * than what they saw, which opens it again. With enable_signal_holds on and the score at HOLD_SCORE or more, an
 * open signal holds its listing (moderation status 'pending': hidden until staff look) or its member (profile status
 * 'flagged': no swap of theirs can be accepted or paid); `held` records that the hold did it, so releasing it later
 * undoes only what the hold did (a listing staff or reports hid, a suspended member, are never touched).
 */
export async function raiseSignal(tx: Db, signal: RaisedSignal): Promise<SignalOutcome> {
  const score = Math.max(0, Math.min(100, Math.round(signal.score)));
  const explanation = signal.explanation.length > 1000 ? `${signal.explanation.slice(0, 997)}...` : signal.explanation;
  const [row] = await tx
    .insert(scamSignals)
    .values({
      kind: signal.kind,
      userId: signal.userId,
      listingId: signal.listingId ?? null,
      score,
      explanation,
      details: { ...signal.details, holds: signal.holds },
      dedupeKey: signal.dedupeKey,
      createdAt: signal.now,
      updatedAt: signal.now,
    })
    .onConflictDoUpdate({
      target: scamSignals.dedupeKey,
      set: {
        // Every SET expression reads the row as it was, so the status compares the old score.
        status: sql`case when ${scamSignals.status} <> 'open' and excluded.score > ${scamSignals.score} then 'open' else ${scamSignals.status} end`,
        score: sql`greatest(${scamSignals.score}, excluded.score)`,
        explanation: sql`excluded.explanation`,
        // A signal opened again is held again if it still scores high enough.
        held: sql`case when ${scamSignals.status} <> 'open' and excluded.score > ${scamSignals.score} then false else ${scamSignals.held} end`,
        details: sql`excluded.details`,
        updatedAt: signal.now,
      },
    })
    .returning();
  let held = row.held;
  if (
    row.status === "open" &&
    !held &&
    row.score >= HOLD_SCORE &&
    (await isFeatureEnabled(tx, "enable_signal_holds"))
  ) {
    held = await hold(tx, { ...signal, listingId: row.listingId });
    if (held) await tx.update(scamSignals).set({ held: true }).where(eq(scamSignals.id, row.id));
  }
  return { id: row.id, held, status: row.status };
}

/**
 * Holds the listing or the member, if nothing else did already; true when a signal's hold holds it (this one, or
 * another open signal's hold already: both then keep it held until staff settle them all).
 */
async function hold(tx: Db, signal: RaisedSignal): Promise<boolean> {
  const byListing = signal.holds === "listing" && signal.listingId;
  const changed = byListing
    ? await tx
        .update(listings)
        .set({ moderationStatus: "pending", updatedAt: signal.now })
        .where(
          and(
            eq(listings.id, signal.listingId as string),
            eq(listings.moderationStatus, "approved"),
            sql`${listings.status} in ('active', 'reserved')`,
          ),
        )
        .returning()
    : await tx
        .update(profiles)
        .set({ status: "flagged", updatedAt: signal.now })
        .where(and(eq(profiles.userId, signal.userId), eq(profiles.status, "active")))
        .returning();
  if (changed.length > 0) return true;
  const [holding] = await tx
    .select({ id: scamSignals.id })
    .from(scamSignals)
    .where(
      and(
        byListing ? eq(scamSignals.listingId, signal.listingId as string) : eq(scamSignals.userId, signal.userId),
        sql`${scamSignals.details}->>'holds' = ${signal.holds}`,
        eq(scamSignals.status, "open"),
        eq(scamSignals.held, true),
      ),
    )
    .limit(1);
  return Boolean(holding);
}
