import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { securityEvents } from "#db/schema/audit.ts";

/** A member's security events of one type, newest first. */
export function securityEventsOf(db: Db, userId: string, eventType: string) {
  return db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), eq(securityEvents.eventType, eventType)))
    .orderBy(desc(securityEvents.createdAt));
}
