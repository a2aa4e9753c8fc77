import { Link } from "react-router";
import type { ThreadLine } from "#core/conversations/thread-line.ts";
import { CONTACT_DETAILS_NOTE } from "#core/conversations/contact-details.ts";
import { imageUrl, srcSet } from "#core/images/image-urls.ts";
import { formatDayAndTime } from "#core/shared/time.ts";
import { threadEventText } from "./thread-event-text";

/** A line as the page receives it (its date arrives as a string once serialised). */
type Line = Omit<ThreadLine, "createdAt"> & { createdAt: Date | string };

/**
 * A thread's lines, oldest first: a member's words as bubbles (theirs on the left, mine on the right), the deal's
 * steps as small centred notes, and "Seen" under the last of my lines the other member has read.
 */
export function ThreadLines({
  lines,
  otherName,
  seenUpTo,
  reportHref,
}: {
  lines: Line[];
  otherName: string;
  seenUpTo: number;
  /** Where "Report" on the other member's line leads (decision 086); no link when reporting is off. */
  reportHref?: (lineId: string) => string;
}) {
  if (lines.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted">No messages yet. Say hello and ask what you'd like to know.</p>
    );
  }
  const lastSeen = lines.findLast((line) => line.mine && line.kind === "text" && line.seq <= seenUpTo)?.id;
  return (
    <ol className="space-y-3">
      {lines.map((line) => (
        <li key={line.id} data-seq={line.seq}>
          {line.event ? (
            <p className="mx-auto w-fit max-w-full rounded-full bg-surface px-3 py-1 text-center text-xs text-muted">
              {threadEventText(line.event, line.mine ? "You" : line.senderId ? otherName : null)}
              <span aria-hidden="true"> · </span>
              <time dateTime={new Date(line.createdAt).toISOString()}>{formatDayAndTime(line.createdAt)}</time>
            </p>
          ) : (
            <TextLine
              line={line}
              otherName={otherName}
              seen={line.id === lastSeen}
              reportHref={!line.mine && !line.removed && line.senderId ? reportHref?.(line.id) : undefined}
            />
          )}
        </li>
      ))}
    </ol>
  );
}

function TextLine({
  line,
  otherName,
  seen,
  reportHref,
}: {
  line: Line;
  otherName: string;
  seen: boolean;
  reportHref?: string;
}) {
  return (
    <div className={`flex flex-col ${line.mine ? "items-end" : "items-start"}`}>
      <p className="sr-only">
        {line.mine ? "You" : otherName} {line.body === null && !line.removed ? "sent:" : "wrote:"}
      </p>
      {(line.removed || line.body !== null) && (
        <div
          className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-line wrap-anywhere ${
            line.mine ? "rounded-br-sm bg-brand-600 text-white" : "rounded-bl-sm bg-surface text-ink"
          }`}
        >
          {line.removed ? (
            <span className="italic">
              {line.removedByStaff ? "Message removed by SwapShed staff" : "Message removed"}
            </span>
          ) : (
            line.body
          )}
        </div>
      )}
      {!line.removed && line.pictures.length > 0 && (
        <MessagePictures pictures={line.pictures} from={line.mine ? "you" : otherName} mine={line.mine} />
      )}
      {line.masked && <p className="mt-1 max-w-[85%] text-xs text-muted">{CONTACT_DETAILS_NOTE}</p>}
      <p className="mt-0.5 text-xs text-muted">
        <time dateTime={new Date(line.createdAt).toISOString()}>{formatDayAndTime(line.createdAt)}</time>
        {seen && <span className="ml-2 font-semibold">Seen</span>}
        {reportHref && (
          <Link
            to={reportHref}
            aria-label={`Report this message from ${otherName}`}
            // A thumb-sized target (44 px) on a phone, though it reads as a small word.
            className="-my-3 ml-1 inline-flex min-h-11 min-w-11 items-center justify-center px-1 underline hover:text-ink"
          >
            Report
          </Link>
        )}
      </p>
    </div>
  );
}

/** Thumbnail width in CSS pixels; the srcset lets a dense screen take a wider variant. */
const THUMBNAIL = 160;

/**
 * A message's pictures as square thumbnails, each a link to its largest stored width (opened full size). Served to
 * the thread's two members only, so a private address: never cached by a shared cache (server/uploads.ts).
 */
function MessagePictures({ pictures, from, mine }: { pictures: ThreadLine["pictures"]; from: string; mine: boolean }) {
  return (
    <ul className={`mt-1 flex max-w-[85%] flex-wrap gap-2 ${mine ? "justify-end" : ""}`}>
      {pictures.map((picture, i) => {
        const widths = [...picture.widths].sort((a, b) => a - b);
        const label = `Picture ${i + 1} of ${pictures.length} from ${from}`;
        return (
          <li key={picture.key}>
            <a
              href={imageUrl(picture, widths[widths.length - 1])}
              target="_blank"
              rel="noopener"
              className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              <img
                src={imageUrl(picture, widths[0])}
                srcSet={srcSet(picture)}
                sizes={`${THUMBNAIL}px`}
                alt={`${label} (opens full size)`}
                width={THUMBNAIL}
                height={THUMBNAIL}
                loading="lazy"
                className="size-32 rounded-xl border border-line bg-surface object-cover sm:size-40"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
