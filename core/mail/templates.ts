// The e-mails SwapShed sends about swaps. Each template describes its content once, as plain text
// blocks; `render` turns that into the text body and an HTML body in which every value is escaped.

import { sydneyFormat } from "../shared/time";
import type { OutgoingMail } from "./mailer";

/** The handshake fee each party pays once an offer is accepted (AUD 9.99, see docs/spec/DECISIONS.md). */
export const HANDSHAKE_FEE = "$9.99";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Safe for HTML text and for double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const sydneyTime = sydneyFormat({
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Friday 3 January at 2:00 pm AEDT": how members read a moment, in Sydney time. */
export function formatSydneyTime(date: Date): string {
  return sydneyTime.format(date).replace(/[\u202f\u00a0]/g, " ");
}

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "quote"; label: string; text: string }
  | { kind: "details"; rows: Array<[label: string, value: string]> }
  | { kind: "links"; items: Array<{ text: string; url: string }> };

export type Content = {
  template: string;
  to: string;
  subject: string;
  greeting: string;
  blocks: Block[];
  action: { label: string; url: string };
};

// Names and titles are members' own words: keep them to one line in a subject header.
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();
const mySwapsUrl = (appUrl: string) => `${appUrl.replace(/\/+$/, "")}/my-swaps`;
export const paragraph = (text: string): Block => ({ kind: "paragraph", text });

const FOOTER =
  "SwapShed: swap what you have for what you need. You're getting this e-mail because you have a SwapShed account.";

function renderText(c: Content): string {
  const parts = [c.greeting];
  for (const block of c.blocks) {
    if (block.kind === "paragraph") parts.push(block.text);
    else if (block.kind === "quote")
      parts.push(
        `${block.label}\n${block.text
          .split(/\r?\n/)
          .map((line) => `> ${line}`)
          .join("\n")}`,
      );
    else if (block.kind === "links") parts.push(block.items.map((i) => `- ${i.text}\n  ${i.url}`).join("\n"));
    else parts.push(block.rows.map(([label, value]) => `${label}: ${value}`).join("\n"));
  }
  parts.push(`${c.action.label}: ${c.action.url}`, "Cheers,\nThe SwapShed team", `--\n${FOOTER}`);
  return `${parts.join("\n\n")}\n`;
}

const P = 'style="margin:0 0 16px;font-size:16px;line-height:1.5"';

function renderBlockHtml(block: Block): string {
  if (block.kind === "paragraph") return `<p ${P}>${escapeHtml(block.text)}</p>`;
  if (block.kind === "quote") {
    const lines = block.text.split(/\r?\n/).map(escapeHtml).join("<br>");
    return `<p ${P}>${escapeHtml(block.label)}</p><blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #79bea2;background:#eef7f3;font-size:16px;line-height:1.5">${lines}</blockquote>`;
  }
  if (block.kind === "links")
    return `<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.5">${block.items
      .map(
        (i) =>
          `<li style="margin:0 0 8px"><a href="${escapeHtml(i.url)}" style="color:#1f6f51">${escapeHtml(i.text)}</a></li>`,
      )
      .join("")}</ul>`;
  const rows = block.rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" align="left" style="padding:6px 16px 6px 0;font-size:15px;color:#55645d;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:6px 0;font-size:15px">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
}

function renderHtml(c: Content): string {
  return `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f7f9f8;color:#14201b;font-family:Inter,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f9f8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #dfe6e2;border-radius:16px">
<tr><td style="padding:18px 28px;background:#1f6f51;border-radius:16px 16px 0 0;color:#ffffff;font-size:20px;font-weight:700">SwapShed</td></tr>
<tr><td style="padding:28px">
<p ${P}>${escapeHtml(c.greeting)}</p>
${c.blocks.map(renderBlockHtml).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="display:inline-block;padding:12px 20px;background:#e49b17;color:#14201b;border-radius:10px;font-weight:700;text-decoration:none">${escapeHtml(c.action.label)}</a></p>
<p style="margin:0;font-size:16px;line-height:1.5">Cheers,<br>The SwapShed team</p>
</td></tr>
</table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:1.5;color:#55645d">${escapeHtml(FOOTER)}</p>
</td></tr></table>
</body>
</html>
`;
}

export function render(c: Content): OutgoingMail {
  return { to: c.to, subject: c.subject, text: renderText(c), html: renderHtml(c), template: c.template };
}

/** To the receiver: someone has offered one of their listings for one of yours. */
export function proposalReceived(p: {
  to: string;
  receiverName: string;
  proposerName: string;
  offeredTitle: string;
  targetTitle: string;
  message?: string | null;
  appUrl: string;
}): OutgoingMail {
  const blocks = [paragraph(`${p.proposerName} would like to swap their ${p.offeredTitle} for your ${p.targetTitle}.`)];
  if (p.message?.trim()) blocks.push({ kind: "quote", label: `${p.proposerName} says:`, text: p.message.trim() });
  blocks.push(paragraph("The offer stays open for 48 hours. Have a look and accept or decline it in My Swaps."));
  return render({
    template: "proposal_received",
    to: p.to,
    subject: oneLine(`New swap offer: ${p.proposerName} wants your ${p.targetTitle}`),
    greeting: `G'day ${p.receiverName},`,
    blocks,
    action: { label: "View the offer", url: mySwapsUrl(p.appUrl) },
  });
}

/** To the proposer: the receiver said yes; both now pay the handshake fee. */
export function proposalAccepted(p: {
  to: string;
  proposerName: string;
  receiverName: string;
  targetTitle: string;
  appUrl: string;
}): OutgoingMail {
  return render({
    template: "proposal_accepted",
    to: p.to,
    subject: oneLine(`${p.receiverName} accepted your swap offer for their ${p.targetTitle}`),
    greeting: `Good news, ${p.proposerName}!`,
    blocks: [
      paragraph(`${p.receiverName} has accepted your swap offer for their ${p.targetTitle}.`),
      paragraph(
        `To go ahead, you each pay a one-off ${HANDSHAKE_FEE} handshake fee. As soon as you've both paid, we'll share your contact details with each other so you can arrange the swap. Any SwapShed credit you have is used first.`,
      ),
    ],
    action: { label: `Pay your ${HANDSHAKE_FEE} fee`, url: mySwapsUrl(p.appUrl) },
  });
}

/** To the proposer: the offer was declined, or closed with a reason such as "Listing no longer available". */
export function proposalDeclined(p: {
  to: string;
  proposerName: string;
  receiverName: string;
  offeredTitle: string;
  targetTitle: string;
  reason?: string | null;
  appUrl: string;
}): OutgoingMail {
  const first = p.reason?.trim()
    ? paragraph(
        `Your offer of your ${p.offeredTitle} for ${p.receiverName}'s ${p.targetTitle} has been closed: ${p.reason.trim()}.`,
      )
    : paragraph(`${p.receiverName} has decided not to swap their ${p.targetTitle} for your ${p.offeredTitle}.`);
  return render({
    template: "proposal_declined",
    to: p.to,
    subject: oneLine(`Your swap offer for ${p.targetTitle} wasn't accepted`),
    greeting: `Hi ${p.proposerName},`,
    blocks: [
      first,
      paragraph("No worries: there's plenty more on SwapShed, and you're free to offer your item for something else."),
    ],
    action: { label: "Go to My Swaps", url: mySwapsUrl(p.appUrl) },
  });
}

/** A pending offer is about to expire (offers close 48 hours after they are made). */
export function proposalExpiringSoon(p: {
  to: string;
  name: string;
  otherName: string;
  targetTitle: string;
  expiresAt: Date;
  appUrl: string;
}): OutgoingMail {
  const when = formatSydneyTime(p.expiresAt);
  return render({
    template: "proposal_expiring_soon",
    to: p.to,
    subject: oneLine(`Swap offer for ${p.targetTitle} expires soon`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        `The swap offer between you and ${p.otherName} for the ${p.targetTitle} is still waiting for an answer.`,
      ),
      paragraph(`It expires on ${when}. After that it closes and can't be accepted.`),
    ],
    action: { label: "Open My Swaps", url: mySwapsUrl(p.appUrl) },
  });
}

/** The other party has paid their handshake fee; now it's this member's turn. */
export function paymentNeeded(p: { to: string; name: string; otherName: string; appUrl: string }): OutgoingMail {
  return render({
    template: "payment_needed",
    to: p.to,
    subject: oneLine(`${p.otherName} has paid: your turn to confirm the swap`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(`${p.otherName} has paid their ${HANDSHAKE_FEE} handshake fee. Your turn!`),
      paragraph(
        `Pay your ${HANDSHAKE_FEE} fee and we'll share your contact details with each other straight away, so you can arrange the swap.`,
      ),
    ],
    action: { label: `Pay your ${HANDSHAKE_FEE} fee`, url: mySwapsUrl(p.appUrl) },
  });
}

/** Both fees are paid (the handshake): the swap is arranging and each side gets the other's contact details. */
export function swapHandshake(p: {
  to: string;
  name: string;
  other: { name: string; email: string; phone?: string | null; location?: string | null };
  offeredTitle: string;
  targetTitle: string;
  appUrl: string;
}): OutgoingMail {
  const rows: Array<[string, string]> = [
    ["Name", p.other.name],
    ["E-mail", p.other.email],
  ];
  if (p.other.phone?.trim()) rows.push(["Phone", p.other.phone.trim()]);
  if (p.other.location?.trim()) rows.push(["Location", p.other.location.trim()]);
  return render({
    template: "swap_handshake",
    to: p.to,
    subject: oneLine(`Your swap is confirmed: here's how to reach ${p.other.name}`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        `You've both paid, so the swap of the ${p.offeredTitle} for the ${p.targetTitle} is confirmed. Here are ${p.other.name}'s contact details:`,
      ),
      { kind: "details", rows },
      paragraph(
        "Propose a time and place on the swap's page, or get in touch. Meet somewhere public, bring a friend if you like, and check the item before you hand yours over. When you've swapped, each of you confirms it on SwapShed.",
      ),
    ],
    action: { label: "See the swap", url: mySwapsUrl(p.appUrl) },
  });
}

const MODERATION_OUTCOMES = {
  rejected: { subject: "was removed", why: "Our moderators removed it because it doesn't meet our listing rules." },
  takedown: { subject: "was taken down", why: "It was taken down following a legal or terms-of-service complaint." },
  deleted: { subject: "was deleted", why: "Our moderators deleted it permanently." },
} as const;

/** To a listing's owner: staff removed their listing, and why. */
export function listingModerated(p: {
  to: string;
  name: string;
  title: string;
  outcome: keyof typeof MODERATION_OUTCOMES;
  reason: string;
  appUrl: string;
}): OutgoingMail {
  const outcome = MODERATION_OUTCOMES[p.outcome];
  return render({
    template: `listing_${p.outcome}`,
    to: p.to,
    subject: oneLine(`Your listing "${p.title}" ${outcome.subject}`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        `Your listing "${oneLine(p.title)}" ${outcome.subject} and is no longer shown on SwapShed. ${outcome.why}`,
      ),
      { kind: "quote", label: "The reason given:", text: p.reason },
      paragraph("If you think this is a mistake, reply to this e-mail and a person will look at it again."),
    ],
    action: { label: "See My Listings", url: `${p.appUrl.replace(/\/+$/, "")}/my-listings` },
  });
}

/** To a listing's owner: staff approved a listing they had removed, so it is shown again. */
export function listingReinstated(p: { to: string; name: string; title: string; appUrl: string }): OutgoingMail {
  return render({
    template: "listing_reinstated",
    to: p.to,
    subject: oneLine(`Your listing "${p.title}" is back on SwapShed`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        `Our moderators looked at your listing "${oneLine(p.title)}" again and approved it: it is shown on SwapShed again and members can offer swaps for it.`,
      ),
    ],
    action: { label: "See My Listings", url: `${p.appUrl.replace(/\/+$/, "")}/my-listings` },
  });
}

const REPORT_OUTCOMES = {
  approved: "Our moderators agreed with your report and removed the listing. Thank you for helping keep SwapShed safe.",
  takedown:
    "Our moderators agreed with your report and took the listing down. Thank you for helping keep SwapShed safe.",
  rejected:
    "Our moderators looked at the listing and found that it doesn't break our listing rules, so it stays up. Thank you for telling us all the same.",
} as const;

/** To a member who reported a listing: what the moderators decided (never who decided, nor the owner's details). */
export function reportReviewed(p: {
  to: string;
  name: string;
  title: string | null;
  outcome: keyof typeof REPORT_OUTCOMES;
  appUrl: string;
  /** A report of a message (decision 086): its thread, where the member is sent back to. */
  message?: { conversationId: string | null };
  /** A report of a review (decision 094): `title` is the name of the member it was about, whose page it is on. */
  review?: { revieweeId: string | null };
}): OutgoingMail {
  const appUrl = p.appUrl.replace(/\/+$/, "");
  if (p.review) {
    const about = p.title ? `a review of ${oneLine(p.title)}` : "a review";
    return render({
      template: `report_${p.outcome}`,
      to: p.to,
      subject: oneLine(`We've reviewed your report about ${about}`),
      greeting: `Hi ${p.name},`,
      blocks: [paragraph(`We've reviewed your report about ${about}.`), paragraph(REVIEW_REPORT_OUTCOMES[p.outcome])],
      action: p.review.revieweeId
        ? { label: "Open their member page", url: `${appUrl}/members/${p.review.revieweeId}` }
        : { label: "Browse SwapShed", url: `${appUrl}/` },
    });
  }
  if (p.message) {
    const about = p.title ? `a message about "${oneLine(p.title)}"` : "a message";
    return render({
      // The same template names as a listing report: one kind of e-mail ("report settled") either way.
      template: `report_${p.outcome}`,
      to: p.to,
      subject: oneLine(`We've reviewed your report about ${about}`),
      greeting: `Hi ${p.name},`,
      blocks: [paragraph(`We've reviewed your report about ${about}.`), paragraph(MESSAGE_REPORT_OUTCOMES[p.outcome])],
      action: p.message.conversationId
        ? { label: "Open the conversation", url: `${appUrl}/messages/${p.message.conversationId}` }
        : { label: "Browse SwapShed", url: `${appUrl}/` },
    });
  }
  const what = p.title ? `"${oneLine(p.title)}"` : "a listing";
  return render({
    template: `report_${p.outcome}`,
    to: p.to,
    subject: oneLine(`We've reviewed your report about ${what}`),
    greeting: `Hi ${p.name},`,
    blocks: [paragraph(`We've reviewed your report about ${what}.`), paragraph(REPORT_OUTCOMES[p.outcome])],
    action: { label: "Browse SwapShed", url: `${appUrl}/` },
  });
}

const REVIEW_REPORT_OUTCOMES = {
  approved:
    "Our moderators agreed with your report and removed the review: it no longer shows or counts in the member's rating. Thank you for helping keep SwapShed fair.",
  takedown:
    "Our moderators agreed with your report and removed the review: it no longer shows or counts in the member's rating. Thank you for helping keep SwapShed fair.",
  rejected:
    "Our moderators read the review and found that it doesn't break our rules, so it stays. Thank you for telling us all the same.",
} as const;

const MESSAGE_REPORT_OUTCOMES = {
  approved:
    "Our moderators agreed with your report and removed the message: both of you now see that SwapShed staff removed it. Thank you for helping keep SwapShed safe.",
  takedown:
    "Our moderators agreed with your report and removed the message: both of you now see that SwapShed staff removed it. Thank you for helping keep SwapShed safe.",
  rejected:
    "Our moderators read the message and found that it doesn't break our rules, so it stays. Thank you for telling us all the same. You can always block a member you'd rather not hear from.",
} as const;

/** To a listing's owner: the listing that was held for review after reports is public again. */
export function listingRestored(p: { to: string; name: string; title: string; appUrl: string }): OutgoingMail {
  return render({
    template: "listing_restored",
    to: p.to,
    subject: oneLine(`Your listing "${p.title}" is back on SwapShed`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        `Your listing "${oneLine(p.title)}" was hidden while our moderators looked at reports about it. They found nothing wrong, so it is shown again.`,
      ),
    ],
    action: { label: "See My Listings", url: `${p.appUrl.replace(/\/+$/, "")}/my-listings` },
  });
}

/** To a party who has not paid yet: the swap lapses at `dueAt` unless both fees are in. */
export function paymentDeadlineSoon(p: {
  to: string;
  name: string;
  otherName: string;
  dueAt: Date;
  appUrl: string;
}): OutgoingMail {
  return render({
    template: "payment_deadline_soon",
    to: p.to,
    subject: oneLine(`Your swap with ${p.otherName} lapses at ${formatSydneyTime(p.dueAt)} unless you pay`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(`Your swap with ${p.otherName} is waiting on your ${HANDSHAKE_FEE} handshake fee.`),
      paragraph(
        `If both fees aren't paid by ${formatSydneyTime(p.dueAt)} (Sydney time), the swap lapses: both listings go back on the market and whoever paid is not charged (their hold is released).`,
      ),
    ],
    action: { label: `Pay your ${HANDSHAKE_FEE} fee`, url: mySwapsUrl(p.appUrl) },
  });
}

/** To both parties: the 48 hours to pay passed, so the swap lapsed. */
export function swapLapsed(p: {
  to: string;
  name: string;
  otherName: string;
  paid: boolean;
  offeredTitle: string;
  targetTitle: string;
  appUrl: string;
}): OutgoingMail {
  return render({
    template: "swap_lapsed",
    to: p.to,
    subject: oneLine(`Your swap with ${p.otherName} has lapsed`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        `The ${p.offeredTitle} for ${p.targetTitle} swap with ${p.otherName} has lapsed: both handshake fees weren't paid within 48 hours of it being accepted. Both listings are available again.`,
      ),
      paragraph(
        p.paid
          ? `Your ${HANDSHAKE_FEE} fee was only held, not charged: the hold on your card is released (your bank may take a few days to show it), and any part paid from your SwapShed credit is back in your credit.`
          : "You hadn't paid, so nothing was charged.",
      ),
    ],
    action: { label: "See My Swaps", url: mySwapsUrl(p.appUrl) },
  });
}

/** A link to choose a new password (asked for by the member, or sent by an admin). */
export function passwordReset(p: { to: string; name: string; url: string }): OutgoingMail {
  return render({
    template: "password_reset",
    to: p.to,
    subject: "Reset your SwapShed password",
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph("A reset of your SwapShed password was asked for, by you or by our support team at your request."),
      paragraph(
        "The link works once, for one hour. Choosing a new password signs you out everywhere else. If you didn't ask for this, ignore this e-mail: your password stays as it is.",
      ),
    ],
    action: { label: "Choose a new password", url: p.url },
  });
}

/** To each party: staff cancelled their swap (the back office's Cancel swap), with the reason given. */
export function swapCancelledByStaff(p: {
  to: string;
  name: string;
  otherName: string;
  offeredTitle: string;
  targetTitle: string;
  reason: string;
  paid: boolean;
  appUrl: string;
}): OutgoingMail {
  return render({
    template: "swap_cancelled_by_staff",
    to: p.to,
    subject: oneLine(`Your swap with ${p.otherName} was cancelled`),
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        `Our team cancelled the ${p.offeredTitle} for ${p.targetTitle} swap with ${p.otherName}. Your listing is available again unless it has been removed.`,
      ),
      { kind: "quote", label: "The reason given:", text: p.reason },
      paragraph(
        p.paid
          ? `Your ${HANDSHAKE_FEE} handshake fee was only held, not charged: the hold on your card is released, and any part paid from your SwapShed credit is back in your credit.`
          : "You hadn't paid a handshake fee for it, so nothing was charged.",
      ),
    ],
    action: { label: "See My Swaps", url: mySwapsUrl(p.appUrl) },
  });
}
