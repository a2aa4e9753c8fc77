import { eq, notInArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { conversations } from "#db/schema/conversations.ts";
import { favourites } from "#db/schema/favourites.ts";
import { listings } from "#db/schema/listings.ts";
import { moderationReports } from "#db/schema/moderation.ts";
import { mailOutbox, rateLimits } from "#db/schema/ops.ts";
import { creditLedger, paymentLogs, webhookEvents } from "#db/schema/payments.ts";
import { userRoles } from "#db/schema/profiles.ts";
import { reportDaily, reportDays } from "#db/schema/report-rollups.ts";
import { seedRecords } from "#db/schema/seed-records.ts";
import { reviews, swapProposals } from "#db/schema/swaps.ts";
import { recordAdminAction } from "../audit/record-admin-action";
import { pictureKeys } from "../images/picture-keys";
import { isDemoMode } from "../shared/demo-mode";
import { AppError } from "../shared/app-error";
import { notePendingFiles, removePendingFiles } from "../storage/pending-files";
import type { FileStorage } from "../storage/storage";
import type { StaffActor } from "../staff/pass-staff-gate";

export const RESET_REFUSED =
  "Reset Staging Baseline only runs on a staging deployment (APP_ENV=staging) or on the embedded demo; this deployment is neither, so nothing was changed";

/** Where a reset may run: a deployment that says it is staging, or the embedded demo (never production data). */
export function mayResetBaseline(env: {
  NODE_ENV: string;
  APP_ENV?: string;
  DATABASE_URL?: string;
  ALLOW_SEED?: boolean;
}) {
  if (env.APP_ENV === "staging") return true;
  return !env.DATABASE_URL?.startsWith("postgres") && isDemoMode(env);
}

/**
 * Empties the member data (listings, swaps, payments and their webhook events, reviews, reports, favourites,
 * credit, queued mail, rate-limit counters, the Reports rollup, and every account without a staff role) in one transaction with its
 * audit row (`reset_staging_baseline`). Staff accounts, their two-factor, the flags, the logs, the audit trail
 * and the snapshots stay.
 * Its pictures are let go of in the transaction and removed from storage after the commit; the caller then
 * seeds the demo data again.
 */
export async function resetStagingBaseline(
  deps: { db: Db; storage?: FileStorage },
  { actor, env, now }: { actor: StaffActor; env: Parameters<typeof mayResetBaseline>[0]; now: Date },
) {
  if (!mayResetBaseline(env)) throw new AppError("FORBIDDEN", RESET_REFUSED);
  let filesNote: string | null = null;
  const reset = await deps.db.transaction(async (tx) => {
    const pictures = (await tx.select({ images: listings.images }).from(listings)).flatMap((l) =>
      pictureKeys(l.images),
    );
    const count = async (table: Parameters<typeof tx.delete>[0]) => (await tx.delete(table).returning()).length;
    // The seed's memory of its listings goes with them, so the reseed after a reset brings the whole baseline back
    // (decision 066). The staff accounts it made stay, and so does its memory of them.
    await tx.delete(seedRecords).where(eq(seedRecords.kind, "listing"));
    const deleted = {
      reviews: await count(reviews),
      credit_entries: await count(creditLedger),
      payments: await count(paymentLogs),
      webhook_events: await count(webhookEvents),
      reports: await count(moderationReports),
      favourites: await count(favourites),
      // Threads before the swaps and members they name (their lines, reads and attempts go with them).
      conversations: await count(conversations),
      swaps: await count(swapProposals),
      listings: await count(listings),
      mails: await count(mailOutbox),
      rate_limits: await count(rateLimits),
      // The Reports page's rollup of settled days describes the data that is going (decision 060).
      report_rollup: (await count(reportDaily)) + (await count(reportDays)),
      // Sessions, sign-in methods, two-factor and profiles go with each account (ON DELETE CASCADE).
      members: (
        await tx
          .delete(users)
          .where(notInArray(users.id, tx.select({ id: userRoles.userId }).from(userRoles)))
          .returning()
      ).length,
    };
    await recordAdminAction(tx, {
      actorId: actor.userId,
      action: "reset_staging_baseline",
      targetType: "system",
      metadata: { timestamp: now.toISOString(), deleted },
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    // The pictures of the listings that went are let go of with them, and removed from storage after the commit.
    if (pictures.length) filesNote = await notePendingFiles(tx, { keys: pictures, now, graceMs: 0 });
    return { deleted, pictures };
  });
  if (filesNote && deps.storage) await removePendingFiles({ db: deps.db, storage: deps.storage }, filesNote);
  return reset;
}
