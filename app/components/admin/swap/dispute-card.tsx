import { DetailCard, DetailRow } from "../detail-parts";

type SwapTexts = {
  message: string | null;
  rejectionReason: string | null;
  isDisputed: boolean;
  disputeResolvedAt: string | null;
  disputeNotes: string | null;
  disputeResolution: string | null;
};

/** What the proposer wrote, why the swap closed, and where its dispute stands. */
export function DisputeCard({ swap }: { swap: SwapTexts }) {
  return (
    <DetailCard id="details" title="Message and dispute" className="lg:col-span-2">
      <dl className="mt-2 space-y-1.5 text-sm">
        <DetailRow label="Message">{swap.message ?? "—"}</DetailRow>
        {swap.rejectionReason && <DetailRow label="Closed because">{swap.rejectionReason}</DetailRow>}
        <DetailRow label="Dispute">
          {swap.isDisputed ? "Under review" : swap.disputeResolvedAt ? `Resolved ${swap.disputeResolvedAt}` : "None"}
        </DetailRow>
        {swap.disputeNotes && <DetailRow label="Dispute notes">{swap.disputeNotes}</DetailRow>}
        {swap.disputeResolution && <DetailRow label="Resolution">{swap.disputeResolution}</DetailRow>}
      </dl>
    </DetailCard>
  );
}
