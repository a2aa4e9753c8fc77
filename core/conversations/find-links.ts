import { LinkifyIt } from "linkify-it";
import type { ContactDetailMatch } from "./contact-detail-match";
import { MAIL_PROVIDERS } from "./normalise-contact-text";

// Links and e-mail addresses, found by linkify-it (markdown-it's linkifier) in the normalised message.

// linkify-it accepts any two-letter ending by default, so "Thanks.Me too" or "good.So" typed without a space would
// be links. A list of the endings members actually use replaces that (two-letter ones are then checked exactly).
const ENDINGS = [
  "com",
  "net",
  "org",
  "edu",
  "gov",
  "info",
  "biz",
  "au",
  "nz",
  "uk",
  "ca",
  "ie",
  "io",
  "me",
  "co",
  "ly",
  "gl",
  "gg",
  "tv",
  "fm",
  "ai",
  "app",
  "dev",
  "xyz",
  "site",
  "online",
  "store",
  "shop",
  "link",
  "page",
  "club",
];
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).tlds(ENDINGS);

/** Our own address: a link to a listing or to our support address shares nothing the fee pays for. */
const OURS = /^(?:[a-z0-9-]+\.)*swapshed\.com\.au$/;
/** Links that open a chat or a profile on a messenger: a handle by another name. */
const MESSENGERS =
  /^(?:www\.)?(?:wa\.me|api\.whatsapp\.com|t\.me|telegram\.me|m\.me|fb\.me|fb\.com|facebook\.com|messenger\.com|instagram\.com|instagr\.am|snapchat\.com|tiktok\.com|discord\.gg|signal\.me)$/;
const PROVIDER_ONLY = new RegExp(`[A-Za-z0-9._%+-]+@(?:${MAIL_PROVIDERS})\\b(?!\\.[A-Za-z0-9])`, "gi");

function hostOf(url: string): string {
  try {
    return new URL(url.replace(/^mailto:[^@]*@/i, "http://")).hostname.toLowerCase();
  } catch {
    return "";
  }
}

/** A link written without "www." or a path whose ending is capitalised ("Sounds.Co"): a missed space, not a link. */
function isMissedSpace(raw: string): boolean {
  return !/^www\./i.test(raw) && !raw.includes("/") && /\.[A-Z][a-z]+$/.test(raw);
}

export function findLinks(text: string): { found: ContactDetailMatch[]; ours: ContactDetailMatch[] } {
  const found: ContactDetailMatch[] = [];
  const ours: ContactDetailMatch[] = [];
  for (const match of linkify.match(text) ?? []) {
    const span = { start: match.index, end: match.lastIndex };
    const host = hostOf(match.url);
    if (match.schema === "mailto:") {
      (OURS.test(host) ? ours : found).push({ kind: "email", ...span });
      continue;
    }
    if (OURS.test(host)) ours.push({ kind: "url", ...span });
    else if (MESSENGERS.test(host)) found.push({ kind: "handle", ...span });
    else if (!(match.schema === "" && isMissedSpace(match.raw))) found.push({ kind: "url", ...span });
  }
  // "sam@gmail" with no ".com": linkify-it needs a whole domain.
  for (const match of text.matchAll(PROVIDER_ONLY)) {
    found.push({ kind: "email", start: match.index, end: match.index + match[0].length });
  }
  return { found, ours };
}
