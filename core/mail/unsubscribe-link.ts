import type { OutgoingMail } from "./mailer";
import { escapeHtml } from "./templates";

/**
 * A member notice e-mail's one-click unsubscribe (RFC 8058): a visible link at the very end of the text and
 * HTML bodies, and the List-Unsubscribe / List-Unsubscribe-Post headers, kept with the mail in the outbox and
 * sent with it.
 */

/** The mail with its unsubscribe link (about `what`, e.g. "offers you receive") added to both bodies. */
export function withUnsubscribeLink(mail: OutgoingMail, url: string, what: string): OutgoingMail {
  const text = `${mail.text.trimEnd()}\n\nYou get these e-mails about ${what}. Change what we send in My Account, Notifications.\nTo stop these e-mails, unsubscribe in one click: ${url}\n`;
  const link = `<p style="max-width:560px;margin:8px auto 0;font-size:12px;line-height:1.5;color:#55645d">You get these e-mails about ${escapeHtml(what)}. <a href="${escapeHtml(url)}" style="color:#1f6f51">Unsubscribe in one click</a></p>\n`;
  const at = mail.html.lastIndexOf("</td></tr></table>");
  const html = mail.html ? (at >= 0 ? mail.html.slice(0, at) + link + mail.html.slice(at) : mail.html + link) : "";
  const headers = { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  return { ...mail, text, html, headers: { ...mail.headers, ...headers } };
}
