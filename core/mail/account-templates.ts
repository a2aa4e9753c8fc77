// The e-mails about a member's own account: proving an address, signing in with a code, and the notice
// sent after every sensitive change (so a member hears of a change they did not make).
import type { OutgoingMail } from "./mailer";
import { formatSydneyTime, paragraph, render } from "./templates";

const accountUrl = (appUrl: string, path = "/account/security") => `${appUrl.replace(/\/+$/, "")}${path}`;

/** At sign-up and on demand: the link proves the address (it signs nobody in). */
export function verifyEmail(p: { to: string; name: string; url: string }): OutgoingMail {
  return render({
    template: "verify_email",
    to: p.to,
    subject: "Confirm your e-mail address for SwapShed",
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        "Please confirm that this is your e-mail address. Members see a verified mark beside your name once you have.",
      ),
      paragraph("The link works for 24 hours. If you didn't create a SwapShed account, ignore this e-mail."),
    ],
    action: { label: "Confirm my e-mail address", url: p.url },
  });
}

/** To the new address when a member changes theirs: nothing changes until it is confirmed from here. */
export function confirmNewEmail(p: { to: string; name: string; url: string }): OutgoingMail {
  return render({
    template: "confirm_new_email",
    to: p.to,
    subject: "Confirm your new e-mail address for SwapShed",
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(
        "You asked to use this address for your SwapShed account. Your account keeps its old address until you confirm.",
      ),
      paragraph("The link works for 24 hours. If you didn't ask for this, ignore this e-mail."),
    ],
    action: { label: "Confirm my new address", url: p.url },
  });
}

/** A code (and a link that fills it in) to sign in without a password. */
export function signInCode(p: { to: string; name: string; code: string; url: string; minutes: number }): OutgoingMail {
  return render({
    template: "sign_in_code",
    to: p.to,
    subject: `${p.code} is your SwapShed sign-in code`,
    greeting: `Hi ${p.name},`,
    blocks: [
      { kind: "details", rows: [["Your code", p.code]] },
      paragraph(`Enter it on the sign-in page, or open the link below. It works once, for ${p.minutes} minutes.`),
      paragraph("If you didn't ask to sign in, ignore this e-mail: nobody can sign in without the code."),
    ],
    action: { label: "Sign in to SwapShed", url: p.url },
  });
}

/**
 * After a sensitive change (password, address, two-step sign-in, passkeys, identities, deletion): what changed,
 * when and from where, and what to do if it was not the member.
 */
export function securityNotice(p: {
  to: string;
  name: string;
  /** One sentence, e.g. "Your password was changed." */
  what: string;
  /** What the member can do about it, when there is more to say than the sentence. */
  more?: string;
  at: Date;
  ip: string | null;
  device: string | null;
  appUrl: string;
}): OutgoingMail {
  const rows: Array<[string, string]> = [["When", formatSydneyTime(p.at)]];
  if (p.device) rows.push(["Device", p.device]);
  if (p.ip) rows.push(["Address", p.ip]);
  return render({
    template: "security_notice",
    to: p.to,
    subject: `Security notice: ${p.what.replace(/\.$/, "")}`,
    greeting: `Hi ${p.name},`,
    blocks: [
      paragraph(p.what),
      ...(p.more ? [paragraph(p.more)] : []),
      { kind: "details", rows },
      paragraph(
        "If this was you, there is nothing to do. If it wasn't, reset your password now and sign out every device from the Security page of My Account.",
      ),
    ],
    action: { label: "Review my account security", url: accountUrl(p.appUrl) },
  });
}
