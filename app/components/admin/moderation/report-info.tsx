import type { ReportReason } from "#db/schema/report-values.ts";
import { StatusBadge } from "../badges";
import { ReasonBadge } from "./reason-badge";

export type ReportInfoData = {
  reason: ReportReason;
  reporterName: string | null;
  createdAt: string;
  status: string;
  notes: string | null;
  evidenceUrls: string[];
  reviewedAt: string | null;
  reviewerName: string | null;
  reviewNotes: string | null;
};

/** The Report Info tab: reason, reporter, submitted, status, notes and the evidence links, numbered. */
export function ReportInfo({ report }: { report: ReportInfoData }) {
  return (
    <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[9rem_1fr]">
      <dt className="font-medium text-muted">Reason</dt>
      <dd>
        <ReasonBadge reason={report.reason} />
      </dd>
      <dt className="font-medium text-muted">Reporter</dt>
      <dd>{report.reporterName ?? "Unknown"}</dd>
      <dt className="font-medium text-muted">Submitted</dt>
      <dd>{report.createdAt}</dd>
      <dt className="font-medium text-muted">Status</dt>
      <dd>
        <StatusBadge status={report.status} />
      </dd>
      <dt className="font-medium text-muted">Notes</dt>
      <dd className="whitespace-pre-line break-words">
        {report.notes ?? <span className="text-muted">None given</span>}
      </dd>
      <dt className="font-medium text-muted">Evidence</dt>
      <dd>
        {report.evidenceUrls.length === 0 ? (
          <span className="text-muted">No links given</span>
        ) : (
          <ol className="space-y-1">
            {report.evidenceUrls.map((url, i) => (
              <li key={url} className="break-all">
                <span className="text-muted">{i + 1}. </span>
                {/* The reporter's link: opened by staff in a new tab, never fetched by the server, no referrer sent. */}
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                  className="text-brand-800 underline"
                >
                  {url}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ol>
        )}
      </dd>
      {report.reviewedAt && (
        <>
          <dt className="font-medium text-muted">Reviewed</dt>
          <dd>
            {report.reviewedAt} by {report.reviewerName ?? "Unknown"}
            {report.reviewNotes && (
              <span className="mt-1 block whitespace-pre-line break-words text-muted">{report.reviewNotes}</span>
            )}
          </dd>
        </>
      )}
    </dl>
  );
}
