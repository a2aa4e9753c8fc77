import { Link } from "react-router";
import { DetailCard } from "../detail-parts";

export type StaffReliability = {
  accepted: number;
  completed: number;
  lapses: number;
  noShows: number;
  rate: number | null;
  replyTime: string | null;
};

/**
 * The member's reliability as their public page shows it (core/members, decision 094): completed of settled accepted
 * swaps, lapses with their fee unpaid, no-shows reported against them, and how fast they usually reply.
 */
export function ReliabilityCard({ memberId, reliability }: { memberId: string; reliability: StaffReliability }) {
  const { accepted, completed, lapses, noShows, rate, replyTime } = reliability;
  return (
    <DetailCard id="reliability-heading" title="Reliability">
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Completed</dt>
        <dd>
          {rate == null
            ? "No accepted swap settled yet"
            : `${completed} of ${accepted} accepted (${Math.round(rate * 100)}%)`}
        </dd>
        <dt className="text-muted">Lapses</dt>
        <dd>{lapses} with their fee unpaid</dd>
        <dt className="text-muted">No-shows</dt>
        <dd>{noShows} reported against them</dd>
        <dt className="text-muted">Replies</dt>
        <dd>{replyTime ?? "Too few replies to tell"}</dd>
      </dl>
      <Link to={`/members/${memberId}`} className="mt-2 inline-block text-sm text-brand-800 underline">
        Their public page
      </Link>
    </DetailCard>
  );
}
