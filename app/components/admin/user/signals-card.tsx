import { DetailCard } from "../detail-parts";
import { SignalCard, type SignalCardData } from "../moderation/signal-card";

/**
 * The member's scam signals (decision 098), newest first, each explaining itself, settled from here as from the
 * Moderation Queue (the form comes back to this page).
 */
export function SignalsCard({
  signals,
  holdScore,
  may,
  here,
  busy,
}: {
  signals: SignalCardData[];
  holdScore: number;
  may: { dismiss: boolean; action: boolean };
  here: string;
  busy: boolean;
}) {
  const open = signals.filter((s) => s.status === "open").length;
  return (
    <DetailCard
      id="member-signals"
      className="lg:col-span-3"
      title={`Scam signals${signals.length ? ` (${open} open)` : ""}`}
      empty={signals.length === 0 ? "No scam signals about this member." : undefined}
    >
      <ul aria-label="Scam signals" className="mt-3 grid gap-3 lg:grid-cols-2">
        {signals.map((signal) => (
          <li key={signal.id}>
            <SignalCard
              signal={signal}
              holdScore={holdScore}
              may={may}
              back={here}
              busy={busy}
              showMember={false}
              headingLevel={3}
            />
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}
