import { findLinks } from "./find-links";
import { findMessengerHandles } from "./find-messenger-handles";
import { findPhoneNumbers } from "./find-phone-numbers";
import { originalSpan } from "./mapped-text";
import { normaliseContactText } from "./normalise-contact-text";

// Contact details in a message between members (issue 26, decision 080). They are what the $9.99 handshake fee
// pays for, so until both sides of an accepted swap have paid, the server shows them to the other member masked
// and the message form warns the sender before sending. Browser-safe: no Node built-ins, no database.

export type ContactDetailMatch = { kind: "phone" | "email" | "url" | "handle"; start: number; end: number };

/** What the other member sees in place of each contact detail. */
export const HIDDEN_CONTACT_DETAILS = "[contact details hidden until you both pay]";

/**
 * The one line said wherever contact details are held back: under a masked message, to the sender before and after
 * sending one, and by the API beside a masked line. One wording everywhere, so members learn it once.
 */
export const CONTACT_DETAILS_NOTE = "Contact details are shared once you both pay the $9.99 handshake fee.";

function overlaps(a: ContactDetailMatch, b: ContactDetailMatch): boolean {
  return a.start < b.end && b.start < a.end;
}

/** One span per contact detail, in order: where two findings overlap they are one detail, named by the longer. */
function merge(found: ContactDetailMatch[]): ContactDetailMatch[] {
  const merged: (ContactDetailMatch & { longest: number })[] = [];
  for (const match of [...found].sort((a, b) => a.start - b.start)) {
    const last = merged.at(-1);
    if (last && match.start < last.end) {
      if (match.end - match.start > last.longest)
        Object.assign(last, { kind: match.kind, longest: match.end - match.start });
      last.end = Math.max(last.end, match.end);
    } else {
      merged.push({ ...match, longest: match.end - match.start });
    }
  }
  return merged.map(({ kind, start, end }) => ({ kind, start, end }));
}

/** The contact details in `text`, as spans of `text` exactly as the member typed it. */
export function findContactDetails(text: string): ContactDetailMatch[] {
  const normalised = normaliseContactText(text);
  const links = findLinks(normalised.text);
  const found = [...links.found, ...findPhoneNumbers(normalised.text), ...findMessengerHandles(normalised.text)]
    // Digits in a link to one of our own pages are not a phone number.
    .filter((match) => !links.ours.some((ours) => overlaps(match, ours)))
    .map((match) => ({ kind: match.kind, ...originalSpan(normalised, match.start, match.end) }));
  return merge(found);
}

/** `text` with each contact detail replaced by {@link HIDDEN_CONTACT_DETAILS}, and the kind of each one hidden. */
export function maskContactDetails(text: string): { text: string; masked: ContactDetailMatch["kind"][] } {
  const found = findContactDetails(text);
  let masked = text;
  for (const match of [...found].reverse()) {
    masked = masked.slice(0, match.start) + HIDDEN_CONTACT_DETAILS + masked.slice(match.end);
  }
  return { text: masked, masked: found.map((match) => match.kind) };
}
