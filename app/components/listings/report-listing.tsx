import { useState } from "react";
import { Flag } from "../ui/icons";
import { ReportListingForm } from "./report-listing-form";

/**
 * 'Report listing' under a listing that is not the member's own: a disclosure (a native <details>, so it opens
 * without JavaScript) holding the report form. Once sent, it says so instead of offering a second report.
 */
export function ReportListing({ listingId }: { listingId: string }) {
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <p role="status" className="mt-6 flex items-center gap-2 text-sm text-muted">
        <Flag className="size-4" aria-hidden="true" />
        You reported this listing. Our moderators will review it.
      </p>
    );
  }
  return (
    <details className="mt-6 rounded-2xl border border-line">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-2xl px-4 py-3 text-sm font-semibold text-muted hover:bg-surface hover:text-ink [&::-webkit-details-marker]:hidden">
        <Flag className="size-4" aria-hidden="true" />
        Report listing
      </summary>
      <div className="border-t border-line p-4">
        <ReportListingForm listingId={listingId} onSent={() => setSent(true)} />
      </div>
    </details>
  );
}
