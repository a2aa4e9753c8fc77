// What a member's report of a listing may hold, shared by the form (labels, limits) and the server (the check).
// No imports but the value list: safe in the browser bundle.
import { REPORT_REASONS, type ReportReason } from "#db/schema/report-values.ts";

export const MAX_REPORT_NOTES = 2000;
export const MAX_EVIDENCE_LINKS = 10;
export const MAX_EVIDENCE_LINK_LENGTH = 2000;

/** The reasons as members read them; the stored value is the key. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  inappropriate: "Inappropriate content",
  spam: "Spam",
  fraud: "Fraud or scam",
  duplicate: "Duplicate listing",
  prohibited: "Prohibited item",
  copyright: "Copyright or trademark",
  other: "Other",
};

export const CHOOSE_A_REASON = "Please choose a reason";
export const NOTES_TOO_LONG = "Notes must be at most 2,000 characters";
export const TOO_MANY_LINKS = "Add at most 10 evidence links";
export const LINK_NOT_WEB = "Evidence links must be web addresses starting with http:// or https://";
export const LINK_TOO_LONG = "Each evidence link must be at most 2,000 characters";

export type ReportFields = { reason: ReportReason; notes: string | null; evidenceUrls: string[] };
export type ReportFieldErrors = Partial<Record<"reason" | "notes" | "evidence", string>>;

/** Counts characters as PostgreSQL's char_length does (code points), after a browser's CRLF became LF. */
const length = (text: string) => [...text].length;

/**
 * Checks a report as sent: a reason from the seven, notes up to 2,000 characters, and up to 10 evidence links
 * (one per line) that are http or https web addresses. The links are stored as given, tidied; the server never
 * fetches them. Returns the fields, or each field's first problem in form order.
 */
export function checkReportForm(values: {
  reason?: unknown;
  notes?: unknown;
  evidence?: unknown;
}): { ok: true; fields: ReportFields } | { ok: false; errors: ReportFieldErrors; first: string } {
  const errors: ReportFieldErrors = {};
  const reason =
    typeof values.reason === "string" && (REPORT_REASONS as readonly string[]).includes(values.reason)
      ? (values.reason as ReportReason)
      : null;
  if (!reason) errors.reason = CHOOSE_A_REASON;

  const notes = typeof values.notes === "string" ? values.notes.replace(/\r\n?/g, "\n").trim() : "";
  if (length(notes) > MAX_REPORT_NOTES) errors.notes = NOTES_TOO_LONG;

  const lines = typeof values.evidence === "string" ? values.evidence.split(/\s+/).filter(Boolean) : [];
  const evidenceUrls = [...new Set(lines.map(webAddress))];
  if (lines.length > MAX_EVIDENCE_LINKS) errors.evidence = TOO_MANY_LINKS;
  else if (lines.some((line) => line.length > MAX_EVIDENCE_LINK_LENGTH)) errors.evidence = LINK_TOO_LONG;
  else if (evidenceUrls.includes(null)) errors.evidence = LINK_NOT_WEB;

  const first = errors.reason ?? errors.notes ?? errors.evidence;
  if (first || !reason) return { ok: false, errors, first: first ?? CHOOSE_A_REASON };
  return { ok: true, fields: { reason, notes: notes || null, evidenceUrls: evidenceUrls as string[] } };
}

/** The link in its standard form when it is an http(s) address with a host, else null. */
export function webAddress(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
  return url.href;
}
