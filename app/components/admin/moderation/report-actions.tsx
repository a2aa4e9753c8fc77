import type { ReactNode } from "react";
import { Form } from "react-router";
import type { ReportReview } from "#core/moderation/review-report.ts";
import { ReasonField } from "../action-dialog";

/** Each review in the order the tab offers them: its button, what it does, and the notes it asks for. */
const REVIEWS: {
  review: ReportReview;
  title: string;
  explain: string;
  danger?: boolean;
  notes: { label: string; required: boolean; suggestions?: string[] };
}[] = [
  {
    review: "approve",
    title: "Approve Report & Remove Listing",
    explain: "The listing is rejected and cancelled, and its owner is told why.",
    notes: { label: "Notes for the owner (optional)", required: false },
  },
  {
    review: "reject",
    title: "Reject Report & Restore Listing",
    explain: "The report is closed with your notes; the listing is unflagged and shown again if reports hid it.",
    notes: { label: "Review notes", required: true },
  },
  {
    review: "takedown",
    title: "Legal Takedown (DMCA/Terms)",
    explain:
      "The listing is taken down at once and cancelled, with the reason and time recorded; its owner is told why.",
    danger: true,
    notes: { label: "Takedown reason", required: true, suggestions: ["DMCA", "terms", "legal"] },
  },
];

export type ReportActionsProps = {
  reportId: string;
  status: string;
  may: Record<ReportReview, boolean>;
  moderationOn: boolean;
  otherOpen: number;
  listingGone: boolean;
  back: string;
  busy: boolean;
  error?: string;
};

/**
 * The Actions tab. A pending report offers what this person may do, each a form of its own (works without
 * JavaScript): approve (notes optional), reject (review notes required), legal takedown (a reason required). A
 * report already dealt with says so.
 */
export function ReportActions({
  reportId,
  status,
  may,
  moderationOn,
  otherOpen,
  listingGone,
  back,
  busy,
  error,
}: ReportActionsProps) {
  if (status !== "pending") return <p className="text-sm">This report has already been {status}</p>;
  if (!moderationOn)
    return <p className="text-sm">Moderation is turned off (enable_moderation), so reports cannot be reviewed.</p>;
  const hidden = (review: ReportReview) => (
    <>
      <input type="hidden" name="review" value={review} />
      <input type="hidden" name="reportId" value={reportId} />
      <input type="hidden" name="back" value={back} />
    </>
  );
  return (
    <div className="space-y-4">
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      {otherOpen > 0 && (
        <p className="rounded-md bg-surface px-3 py-2 text-sm">
          {otherOpen === 1 ? "1 other open report" : `${otherOpen} other open reports`} on this listing will be settled
          with this one.
        </p>
      )}
      {listingGone && (
        <p className="text-sm text-muted">
          The listing has been deleted: acting settles the report and changes no listing.
        </p>
      )}
      {REVIEWS.filter((r) => may[r.review]).map((r) => (
        <ActionForm key={r.review} title={r.title} explain={r.explain} busy={busy} danger={r.danger}>
          {hidden(r.review)}
          <ReasonField name="notes" examples={false} {...r.notes} />
        </ActionForm>
      ))}
    </div>
  );
}

function ActionForm({
  title,
  explain,
  busy,
  danger = false,
  children,
}: {
  title: string;
  explain: string;
  busy: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" replace preventScrollReset className="rounded-lg border border-line p-3">
      <p className="text-sm text-muted">{explain}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">{children}</div>
        <button
          type="submit"
          disabled={busy}
          className={`inline-flex h-10 shrink-0 items-center justify-center rounded-md px-4 text-sm font-semibold text-white disabled:opacity-60 ${danger ? "bg-danger hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800"}`}
        >
          {title}
        </button>
      </div>
    </Form>
  );
}
