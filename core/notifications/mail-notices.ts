import type { Db } from "#db/client.ts";
import { enqueueEventMail, type OutgoingMail } from "../mail/mailer";
import { paragraph, render } from "../mail/templates";
import { withUnsubscribeLink } from "../mail/unsubscribe-link";
import { describeNotice, kindRow, type NotificationKind } from "./notification-kinds";
import { preferenceOf } from "./notice-preferences";
import { unsubscribeUrl } from "./unsubscribe-token";

/** The words for a kind in a mail's unsubscribe line: "offers you receive". */
export const aboutKind = (kind: NotificationKind) => {
  const label = kindRow(kind).label;
  return label.charAt(0).toLowerCase() + label.slice(1);
};

/**
 * Queues a member notice e-mail of `kind`, in the dispatcher's transaction, only if the member wants this kind by
 * e-mail immediately ("digest" and "off" send nothing now; the digest job mails digest notices later). The mail
 * carries its one-click unsubscribe for the kind. Returns whether it was queued.
 */
export async function enqueueNoticeMail(
  tx: Db,
  mail: OutgoingMail,
  { eventId, userId, kind, appUrl }: { eventId: string; userId: string; kind: NotificationKind; appUrl: string },
): Promise<boolean> {
  const preference = await preferenceOf(tx, userId, kind);
  if (preference.email !== "immediately") return false;
  await enqueueEventMail(tx, withUnsubscribeLink(mail, unsubscribeUrl(appUrl, userId, kind), aboutKind(kind)), {
    eventId,
  });
  return true;
}

/**
 * The plain e-mail of a notice whose event writes no mail of its own (a withdrawn or expired offer, a message, a
 * review): its line, and a button to what it is about.
 */
export function plainNoticeMail(p: {
  kind: NotificationKind;
  payload: unknown;
  to: string;
  name: string;
  appUrl: string;
}): OutgoingMail | null {
  const notice = describeNotice(p.kind, p.payload);
  if (!notice) return null;
  const base = p.appUrl.replace(/\/+$/, "");
  return render({
    template: `notice_${p.kind.replace(/\./g, "_")}`,
    to: p.to,
    subject: notice.text.replace(/\s+/g, " ").slice(0, 200),
    greeting: `G'day ${p.name},`,
    blocks: [paragraph(`${notice.text}.`.replace(/([.!?])\.$/, "$1"))],
    action: { label: "Open SwapShed", url: `${base}${notice.href}` },
  });
}
