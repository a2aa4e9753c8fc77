import type { Db } from "#db/client.ts";
import { securityEvents } from "#db/schema/audit.ts";

export type SecurityEventInput = {
  eventType: string;
  attemptedAction?: string;
  success: boolean;
  userId?: string | null;
  errorMessage?: string | null;
  metadata?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
};

/** Writes one row to the security log that the back office's System Logs page reads. */
export async function recordSecurityEvent(db: Db, event: SecurityEventInput) {
  await db.insert(securityEvents).values({
    eventType: event.eventType,
    attemptedAction: event.attemptedAction ?? null,
    success: event.success,
    userId: event.userId ?? null,
    errorMessage: event.errorMessage ?? null,
    metadata: event.metadata ?? {},
    ipAddress: event.ipAddress ?? null,
    userAgent: event.userAgent ?? null,
  });
}
