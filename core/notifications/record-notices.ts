import { inArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { notifications, pushSubscriptions } from "#db/schema/notifications.ts";
import type { DomainEvent } from "../events/event-kinds";
import { isBlockedBetween } from "../conversations/member-blocks";
import { loadFacts } from "./notice-facts";
import { kindsOn, type NotificationKind } from "./notification-kinds";
import { digestDueAt, loadPreferences } from "./notice-preferences";
import { publishNoticesOf } from "../live/publish-live";
import { pushConfig } from "./push-settings";

/** A notice the event calls for, whether or not the member has it in the bell (their preference says). */
export type PlannedNotice = { userId: string; kind: NotificationKind; payload: unknown; email: string; name: string };

/**
 * Writes the notices an event calls for (the kinds table says which, to whom), in the dispatcher's transaction.
 * Unique by (event, member): an event dispatched twice, or by two processes, tells each member once. A member the
 * other side has blocked (either way) hears nothing from them; a member whose account is gone hears nothing.
 * The member's preferences for the kind (decision 085): in-app off writes no row; e-mail "digest" dates the row
 * for the digest job; a member with a browser to push to (Web Push configured) gets `push_pending`. Returns every notice the event called for, for the kinds' own e-mails (handlers.ts).
 */
export async function recordNotices(tx: Db, event: DomainEvent): Promise<PlannedNotice[]> {
  const kinds = kindsOn(event.kind);
  if (kinds.length === 0) return [];
  const facts = await loadFacts(tx, event);
  if (!facts) return [];
  const rows: (typeof notifications.$inferInsert)[] = [];
  for (const [kind, row] of kinds) {
    for (const notice of row.to(facts)) {
      if (notice.fromId && (await isBlockedBetween(tx, notice.fromId, notice.userId))) continue;
      rows.push({ userId: notice.userId, kind, eventId: event.id, payload: notice.payload as Record<string, unknown> });
    }
  }
  if (rows.length === 0) return [];
  const existing = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.userId),
      ),
    );
  const known = rows.filter((r) => existing.some((u) => u.id === r.userId));
  if (known.length === 0) return [];
  const preferences = await loadPreferences(
    tx,
    known.map((r) => r.userId),
    known.map((r) => r.kind as NotificationKind),
  );
  const planned: PlannedNotice[] = [];
  const inApp: typeof known = [];
  for (const row of known) {
    const kind = row.kind as NotificationKind;
    const who = existing.find((u) => u.id === row.userId)!;
    planned.push({ userId: row.userId, kind, payload: row.payload, email: who.email, name: who.name });
    const preference = preferences.get(row.userId)?.get(kind);
    if (preference && !preference.inApp) continue;
    inApp.push(
      preference?.email === "digest" ? { ...row, digestDueAt: digestDueAt(kind, new Date(event.occurredAt)) } : row,
    );
  }
  if (inApp.length > 0) {
    // Web Push (configured only): a notice is owed to the browsers of a member who has any; send-pushes.ts sends it.
    const pushTo = pushConfig()
      ? await tx
          .select({ userId: pushSubscriptions.userId })
          .from(pushSubscriptions)
          .where(
            inArray(
              pushSubscriptions.userId,
              inApp.map((r) => r.userId),
            ),
          )
      : [];
    await tx
      .insert(notifications)
      .values(inApp.map((r) => (pushTo.some((p) => p.userId === r.userId) ? { ...r, pushPending: true } : r)))
      .onConflictDoNothing({ target: [notifications.eventId, notifications.userId] });
    // The members' open tabs hear of them at commit (their bells, their tab titles).
    await publishNoticesOf(tx, event.id);
  }
  return planned;
}
