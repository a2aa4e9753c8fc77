import type { ContactDetailMatch } from "./contact-detail-match";

// Messenger handles and invitations to move to a messenger. No library finds these: the patterns are ours, and
// they ask for a messenger's name next to the handle so that "meet @ Bunnings" or "saw it on insta" stay.

/** Messengers named plainly. "WA" alone is Western Australia, so WhatsApp only by name (wa.me is a link). */
const MESSENGER =
  "instagram|insta|ig|snapchat|telegram|whats\\s?app|facebook|fb|messenger|tik\\s?tok|discord|kik|wechat|viber|skype|twitter|signal|snap";
const HANDLE = "@?[A-Za-z0-9][A-Za-z0-9._]{0,29}";

/** "insta: sam.j", "IG @samj", "snap me at samj99", "my snap is samj", "telegram username samj". */
const NAMED_HANDLE = new RegExp(
  `\\b(?:${MESSENGER})\\b(?:\\s*(?::|=|\\bis\\b|\\bhandle\\b|\\buser\\s?name\\b|\\bname\\b|\\bid\\b|\\bme\\s+at\\b|\\bme\\s*@|\\bme\\s*:))*\\s*(${HANDLE})`,
  "gi",
);
/** "@samj on insta", "@samj (telegram)". */
const HANDLE_THEN_MESSENGER = new RegExp(
  `(?<![A-Za-z0-9.])@[A-Za-z0-9._]{1,30}\\s*(?:on|at|via|[(\\-])?\\s*(?:${MESSENGER})\\b\\)?`,
  "gi",
);
/** "add me on FB", "find me on telegram", "hit me up on insta". */
const INVITATION = new RegExp(
  `\\b(?:add|find|follow|message|msg|dm|hit|text|ping|contact|reach|chat\\s+to|talk\\s+to)\\s+me\\s+(?:up\\s+)?(?:on|via|at|through|thru)\\s+(?:${MESSENGER})\\b`,
  "gi",
);
/** A bare handle that reads as one: a letter first, then a digit, dot or underscore ("@sam_j92", not "@Bunnings"). */
const BARE_HANDLE = /(?<![A-Za-z0-9.@])@(?:[A-Za-z][A-Za-z0-9._]*[0-9_][A-Za-z0-9._]*|[a-z]+\.[a-z]+)/g;
/** A name written after a messenger ("add me on FB Sam Jones", "fb: Sam Jones"): up to three capitalised words. */
const NAME_AFTER = /^[\s,:-]*[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){0,2}/;

/** Words that follow a messenger's name in plain sentences ("my insta is private"): not handles. */
const NOT_HANDLES = new Set(["down", "private", "broken", "blocked", "hacked", "deleted", "better", "fine", "easier"]);

function handle(text: string, start: number, end: number, name: boolean): ContactDetailMatch {
  const after = name ? (text.slice(end).match(NAME_AFTER)?.[0].length ?? 0) : 0;
  return { kind: "handle", start, end: end + after };
}

export function findMessengerHandles(text: string): ContactDetailMatch[] {
  const found: ContactDetailMatch[] = [];
  for (const match of text.matchAll(NAMED_HANDLE)) {
    const written = match[1];
    const between = match[0].slice(0, match[0].length - written.length);
    // After the name alone, only an @handle ("IG @samj"); "is" counts only after "my" ("my snap is samj").
    const said =
      /[:=@]|handle|name|\bid\b|\bat\b/i.test(between) ||
      (/\b(?:my|our)\s+$/i.test(text.slice(0, match.index)) && /\bis\b/i.test(between));
    if (!written.startsWith("@") && (!said || NOT_HANDLES.has(written.toLowerCase()))) continue;
    found.push(handle(text, match.index, match.index + match[0].length, /^[A-Z][a-z]/.test(written)));
  }
  for (const pattern of [HANDLE_THEN_MESSENGER, INVITATION, BARE_HANDLE]) {
    for (const match of text.matchAll(pattern)) {
      const end = match.index + match[0].replace(/\.+$/, "").length;
      found.push(handle(text, match.index, end, pattern === INVITATION));
    }
  }
  return found;
}
