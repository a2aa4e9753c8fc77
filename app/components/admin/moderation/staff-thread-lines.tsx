/** A conversation's line as staff read it (the reported-message page, a swap's thread for a reported problem). */
export type StaffThreadLine = {
  id: string;
  kind: string;
  senderName: string | null;
  createdAt: string;
  eventKind: string | null;
  removed: boolean;
  body: string | null;
  pictures: number;
  /** The line a report is about: marked, and announced as the current one. */
  reported?: boolean;
};

/** The lines oldest first: who wrote each and when, the words (or the deal step, or that it was removed). */
export function StaffThreadLines({ lines }: { lines: StaffThreadLine[] }) {
  return (
    <ol className="mt-3 space-y-2">
      {lines.map((line) => (
        <li
          key={line.id}
          aria-current={line.reported ? "true" : undefined}
          className={`rounded-md border px-3 py-2 text-sm ${line.reported ? "border-amber-400 bg-accent-100" : "border-line"}`}
        >
          <p className="text-xs text-muted">
            {line.reported && <strong className="mr-1 text-ink">Reported message ·</strong>}
            {line.kind === "event" ? "Deal step" : (line.senderName ?? "Unknown")} · {line.createdAt}
          </p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere">
            {line.kind === "event" ? (
              <span className="italic">{line.eventKind}</span>
            ) : line.removed ? (
              <span className="italic">Message removed</span>
            ) : (
              line.body
            )}
          </p>
          {line.pictures > 0 && (
            <p className="mt-1 text-xs text-muted">
              {line.pictures} {line.pictures === 1 ? "picture" : "pictures"}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
