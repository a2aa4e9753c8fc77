import { and, asc, eq, inArray, isNotNull, isNull, lte, notInArray } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { notifications } from "#db/schema/notifications.ts";
import type { Clock } from "../shared/clock";
import { enqueueMail } from "../mail/mailer";
import { render } from "../mail/templates";
import { withUnsubscribeLink } from "../mail/unsubscribe-link";
import { describeNotice, isNotificationKind } from "./notification-kinds";
import { loadPreferences } from "./notice-preferences";
import { unsubscribeUrl } from "./unsubscribe-token";

/** At most this many notices listed in one digest (it says how many more; all are in the bell). */
export const DIGEST_MAX_NOTICES = 50;

/**
 * The digest job (server/background.ts, every few seconds in every process): for each member with unread
 * notices whose digest time has passed and that no digest has carried yet, ONE e-mail listing them, queued in the
 * mail outbox in the transaction that marks them mailed. The member's row is locked FOR UPDATE SKIP LOCKED, so
 * however many processes run this, one at a time works on a member and each notice is mailed once; the notices
 * are locked too, so a notice read meanwhile is never mailed; a kind the member no longer wants as a digest is
 * dropped from it (its notice stays in the bell).
 */
export async function sendNoticeDigests(
  deps: { db: Db; clock: Clock; appUrl: string },
  { limit = 50 }: { limit?: number } = {},
): Promise<{ digests: number; notices: number }> {
  const result = { digests: 0, notices: 0 };
  const tried: string[] = [];
  const now = deps.clock.now();
  const due = and(
    isNotNull(notifications.digestDueAt),
    lte(notifications.digestDueAt, now),
    isNull(notifications.mailedAt),
    isNull(notifications.readAt),
  );
  while (tried.length < limit) {
    const sent = await deps.db.transaction(async (tx) => {
      const [first] = await tx
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(due, tried.length ? notInArray(notifications.userId, tried) : undefined))
        .orderBy(asc(notifications.digestDueAt))
        .limit(1);
      if (!first) return null;
      tried.push(first.userId);
      // One digest per member at a time: the member's row is the lock (another process busy with them skips them;
      // once it commits, its notices are mailed and no longer due).
      const [member] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, first.userId))
        // NO KEY UPDATE: new rows that reference the member (a notice being written now) are not held up.
        .for("no key update", { skipLocked: true });
      if (!member) return 0;
      const rows = await tx
        .select()
        .from(notifications)
        .where(and(due, eq(notifications.userId, first.userId)))
        .orderBy(asc(notifications.createdAt), asc(notifications.id))
        .for("update");
      const preferences = (await loadPreferences(tx as unknown as Db, [first.userId])).get(first.userId)!;
      const wanted = rows.filter(
        (r) =>
          isNotificationKind(r.kind) &&
          preferences.get(r.kind)?.email === "digest" &&
          describeNotice(r.kind, r.payload),
      );
      const dropped = rows.filter((r) => !wanted.includes(r)).map((r) => r.id);
      if (dropped.length)
        await tx.update(notifications).set({ digestDueAt: null }).where(inArray(notifications.id, dropped));
      if (wanted.length === 0) return 0;
      const listed = wanted.slice(-DIGEST_MAX_NOTICES);
      await enqueueMail(
        tx as unknown as Db,
        digestMail({
          to: member.email,
          name: member.name,
          userId: first.userId,
          appUrl: deps.appUrl,
          notices: listed,
          total: wanted.length,
        }),
        { userId: first.userId },
      );
      await tx
        .update(notifications)
        .set({ mailedAt: now })
        .where(
          inArray(
            notifications.id,
            wanted.map((r) => r.id),
          ),
        );
      return wanted.length;
    });
    if (sent === null) break;
    if (sent > 0) {
      result.digests++;
      result.notices += sent;
    }
  }
  return result;
}

function digestMail(p: {
  to: string;
  name: string;
  userId: string;
  appUrl: string;
  notices: { id: string; kind: string; payload: unknown }[];
  /** How many the digest is about: more than it lists when over DIGEST_MAX_NOTICES (the rest are in the bell). */
  total: number;
}) {
  const base = p.appUrl.replace(/\/+$/, "");
  const items = p.notices.map((n) => {
    const said = describeNotice(n.kind, n.payload)!;
    // Through /notifications/:id: opening it from the mail marks it read, as in the bell.
    return { text: said.text, url: `${base}/notifications/${n.id}` };
  });
  const count = p.total === 1 ? "1 new notification" : `${p.total} new notifications`;
  const more = p.total - items.length;
  const mail = render({
    template: "notice_digest",
    to: p.to,
    subject: `Your SwapShed digest: ${count}`,
    greeting: `G'day ${p.name},`,
    blocks: [
      { kind: "paragraph", text: `Here's what happened on SwapShed that you haven't seen yet (${count}):` },
      { kind: "links", items },
      ...(more > 0
        ? [{ kind: "paragraph" as const, text: `And ${more} more: all of them are in your notifications.` }]
        : []),
    ],
    action: { label: "Open your notifications", url: `${base}/notifications` },
  });
  return withUnsubscribeLink(mail, unsubscribeUrl(p.appUrl, p.userId, "digest"), "unread notifications, as a digest");
}
