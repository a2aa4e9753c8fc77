import { inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { notifications } from "#db/schema/notifications.ts";
import type { DomainEvent } from "../events/event-kinds";
import { isBlockedBetween } from "../conversations/member-blocks";
import { loadFacts } from "./notice-facts";
import { kindsOn } from "./notification-kinds";
import { publishNoticesOf } from "../live/publish-live";

/**
 * Writes the notices an event calls for (the kinds table says which, to whom), in the dispatcher's transaction.
 * Unique by (event, member): an event dispatched twice, or by two processes, tells each member once. A member the
 * other side has blocked (either way) hears nothing from them; a member whose account is gone hears nothing.
 */
export async function recordNotices(tx: Db, event: DomainEvent): Promise<void> {
  const kinds = kindsOn(event.kind);
  if (kinds.length === 0) return;
  const facts = await loadFacts(tx, event);
  if (!facts) return;
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const [kind, row] of kinds) {
    for (const notice of row.to(facts)) {
      if (notice.fromId && (await isBlockedBetween(tx, notice.fromId, notice.userId))) continue;
      rows.push({ userId: notice.userId, kind, eventId: event.id, payload: notice.payload as Record<string, unknown> });
    }
  }
  if (rows.length === 0) return;
  const existing = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.userId),
      ),
    );
  const known = rows.filter((r) => existing.some((u) => u.id === r.userId));
  if (known.length === 0) return;
  await tx
    .insert(notifications)
    .values(known)
    .onConflictDoNothing({ target: [notifications.eventId, notifications.userId] });
  // The members' open tabs hear of them at commit (their bells, their tab titles).
  await publishNoticesOf(tx, event.id);
}
