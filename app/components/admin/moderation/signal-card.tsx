import { Form, Link } from "react-router";
import { Badge, StatusBadge } from "../badges";

export type SignalCardData = {
  id: string;
  kind: string;
  kindLabel: string;
  score: number;
  explanation: string;
  status: string;
  held: boolean;
  createdAt: string;
  updatedAt: string;
  reviewedAt: string | null;
  reviewNotes: string | null;
  reviewerName: string | null;
  userId: string;
  memberName: string | null;
  memberEmail: string | null;
  listingId: string | null;
  listingTitle: string | null;
  otherListingId: string | null;
  otherListingTitle: string | null;
  otherUserId: string | null;
};

/** A score's colour band: at the hold score or above red, from 60 amber, below grey (the number is always shown). */
export function ScoreBadge({ score, holdScore }: { score: number; holdScore: number }) {
  return (
    <Badge tone={score >= holdScore ? "red" : score >= 60 ? "amber" : "grey"}>
      Score {score}
      <span className="sr-only"> of 100</span>
    </Badge>
  );
}

/** A listing on the back office's Listings page (found by its title), where staff approve, reject or take it down. */
const listingHref = (title: string | null) => `/admin/listings${title ? `?q=${encodeURIComponent(title)}` : ""}`;

/** Where the signal points: the listing, the other listing (same photo), the member and the other account. */
function SignalLinks({ signal, showMember }: { signal: SignalCardData; showMember: boolean }) {
  const link = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900";
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {showMember && (
        <li>
          Member:{" "}
          <Link to={`/admin/users/${encodeURIComponent(signal.userId)}`} className={link}>
            {signal.memberName ?? "Unknown"}
          </Link>
        </li>
      )}
      {signal.listingId && (
        <li>
          Listing:{" "}
          <Link to={listingHref(signal.listingTitle)} className={link}>
            {signal.listingTitle ?? "Deleted listing"}
          </Link>
        </li>
      )}
      {signal.otherListingId && (
        <li>
          Other listing:{" "}
          <Link to={listingHref(signal.otherListingTitle)} className={link}>
            {signal.otherListingTitle ?? "Deleted listing"}
          </Link>
        </li>
      )}
      {signal.otherUserId && (
        <li>
          <Link to={`/admin/users/${encodeURIComponent(signal.otherUserId)}`} className={link}>
            Other account
          </Link>
        </li>
      )}
    </ul>
  );
}

/**
 * One signal: what noticed it, its score, its own words, its links and, while open, Dismiss or Mark actioned (one
 * form, works without JavaScript; each button checks its own permission). Settling releases a hold.
 */
export function SignalCard({
  signal,
  holdScore,
  may,
  back,
  busy,
  showMember = true,
  headingLevel = 2,
}: {
  signal: SignalCardData;
  holdScore: number;
  may: { dismiss: boolean; action: boolean };
  back: string;
  busy: boolean;
  showMember?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const titleId = `signal-${signal.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col gap-2 rounded-lg border border-line bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={titleId} className="font-semibold">
          {signal.kindLabel}
        </Heading>
        <div className="flex flex-wrap gap-1">
          <ScoreBadge score={signal.score} holdScore={holdScore} />
          <StatusBadge status={signal.status} />
          {signal.held && <Badge tone="red">held</Badge>}
        </div>
      </div>
      <p className="break-words text-sm">{signal.explanation}</p>
      <SignalLinks signal={signal} showMember={showMember} />
      <p className="text-xs text-muted">
        Noticed {signal.createdAt}
        {signal.updatedAt !== signal.createdAt ? `, last ${signal.updatedAt}` : ""}
      </p>
      {signal.status !== "open" ? (
        <p className="text-xs text-muted">
          {signal.status === "dismissed" ? "Dismissed" : "Actioned"} by {signal.reviewerName ?? "Unknown"}
          {signal.reviewedAt ? ` on ${signal.reviewedAt}` : ""}
          {signal.reviewNotes ? `: ${signal.reviewNotes}` : ""}
        </p>
      ) : (
        (may.dismiss || may.action) && (
          <details className="mt-auto rounded-md border border-line">
            <summary className="min-h-11 cursor-pointer px-3 py-2.5 text-sm font-medium">Settle this signal</summary>
            <Form method="post" action="/admin/moderation/signals" className="space-y-3 border-t border-line p-3">
              <input type="hidden" name="signalId" value={signal.id} />
              <input type="hidden" name="back" value={back} />
              <p className="text-xs text-muted">
                Dismiss when nothing is wrong; mark it actioned when you dealt with it (a takedown, a suspension).
                Either way any hold it put on the listing or member is released, unless another open signal or a pending
                report still holds it.
              </p>
              <label className="block text-sm font-medium" htmlFor={`notes-${signal.id}`}>
                Notes (optional)
              </label>
              <textarea
                id={`notes-${signal.id}`}
                name="notes"
                rows={2}
                maxLength={2000}
                className="block w-full rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
              />
              <div className="flex flex-wrap gap-2">
                {may.dismiss && (
                  <button
                    type="submit"
                    name="settle"
                    value="dismiss"
                    disabled={busy}
                    className="min-h-11 rounded-md border border-line bg-white px-4 text-sm font-semibold hover:bg-surface disabled:opacity-60"
                  >
                    Dismiss
                  </button>
                )}
                {may.action && (
                  <button
                    type="submit"
                    name="settle"
                    value="action"
                    disabled={busy}
                    className="min-h-11 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                  >
                    Mark actioned
                  </button>
                )}
              </div>
            </Form>
          </details>
        )
      )}
    </article>
  );
}
