import { Link } from "react-router";
import type { ReportReason, ReportSubject } from "#db/schema/report-values.ts";
import { StatusBadge } from "../badges";
import { ReasonBadge } from "./reason-badge";

export type QueueCard = {
  id: string;
  /** A listing, a line of a conversation (decision 086) or a review. */
  subject: ReportSubject;
  reason: ReportReason;
  status: string;
  notes: string | null;
  evidenceCount: number;
  createdAt: string;
  listingTitle: string | null;
  reporterName: string | null;
  otherOpenReports: number;
};

/**
 * One report in the queue. The title is the link that opens the Report Details dialog, stretched over the whole
 * card so a click anywhere opens it; the queue's keys move focus from one such link to the next.
 */
export function ReportCard({ report, href }: { report: QueueCard; href: string }) {
  const message = report.subject === "message";
  const review = report.subject === "review";
  const title = message
    ? `Message about ${report.listingTitle ?? "a listing"}`
    : review
      ? `Review of ${report.listingTitle ?? "a member (review removed)"}`
      : (report.listingTitle ?? "Deleted Listing");
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-lg border border-line bg-white p-4 focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-300">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold">
          <Link
            to={href}
            preventScrollReset
            data-report-card
            className="block truncate outline-none after:absolute after:inset-0 after:rounded-lg"
          >
            {title}
          </Link>
        </h2>
        <StatusBadge status={report.status} />
      </div>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
        <span className="rounded-full bg-surface px-2 py-0.5 font-medium text-ink">
          {message ? "Message" : review ? "Review" : "Listing"}
        </span>
        <ReasonBadge reason={report.reason} />
        <span>by {report.reporterName ?? "Unknown"}</span>
        <span aria-hidden="true">·</span>
        <span>{report.createdAt}</span>
      </div>
      {report.notes && <p className="line-clamp-2 whitespace-pre-line break-words text-sm">{report.notes}</p>}
      <div className="mt-auto flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        {report.subject === "listing" && (
          <span>
            {report.evidenceCount} evidence {report.evidenceCount === 1 ? "link" : "links"}
          </span>
        )}
        {report.otherOpenReports > 0 && (
          <span className="font-medium text-amber-900">
            {report.otherOpenReports} other open {report.otherOpenReports === 1 ? "report" : "reports"} on this{" "}
            {report.subject}
          </span>
        )}
      </div>
    </article>
  );
}
