import { DetailCard } from "../detail-parts";

type Step = { label: string; state: string; at: string | null };

/** The swap's steps so far and the deadline it waits on (answer by, pay by). */
export function TimelineCard({
  timeline,
  expiresAt,
  paymentDueAt,
}: {
  timeline: Step[];
  expiresAt: string | null;
  paymentDueAt: string | null;
}) {
  return (
    <DetailCard id="timeline" title="Timeline">
      <ol className="mt-2 space-y-1.5 text-sm">
        {timeline.map((step) => (
          <li key={step.label} className="flex justify-between gap-3">
            <span className={step.state === "done" ? "font-medium" : "text-muted"}>{step.label}</span>
            <span className="text-right text-muted">{step.at ?? (step.state === "waiting" ? "Not yet" : "—")}</span>
          </li>
        ))}
      </ol>
      {expiresAt && <p className="mt-2 text-xs text-muted">Expires {expiresAt} unless answered.</p>}
      {paymentDueAt && <p className="mt-2 text-xs text-muted">Lapses {paymentDueAt} unless both have paid.</p>}
    </DetailCard>
  );
}
