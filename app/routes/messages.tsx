import { Link } from "react-router";
import type { Route } from "./+types/messages";
import { appContext } from "#app/context.ts";
import { threadEventText } from "#app/components/conversations/thread-event-text.ts";
import { Thumbnail } from "#app/components/listings/cover-picture.tsx";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { Inbox } from "#app/components/ui/icons.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { maskContactDetails } from "#core/conversations/contact-details.ts";
import { findInbox, type InboxThread } from "#core/conversations/find-inbox.ts";
import { formatDayAndTime } from "#core/shared/time.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Messages | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const cursor = new URL(request.url).searchParams.get("cursor");
  const inbox = await findInbox({ db: ctx.db, mask: maskContactDetails }, { userId: user.id, cursor });
  return { ...inbox, paged: Boolean(cursor) };
}

/** The inbox: a member's threads, the latest line first, a page at a time. */
export default function Messages({ loaderData }: Route.ComponentProps) {
  const { threads, nextCursor, paged } = loaderData;
  return (
    <main id="main" className="bg-surface py-8 sm:py-12">
      <Container className="max-w-3xl">
        <h1 className="text-2xl font-bold tracking-tight">Messages</h1>
        {threads.length === 0 ? (
          <EmptyInbox paged={paged} />
        ) : (
          <ul aria-label="Conversations" className="mt-6 divide-y divide-line rounded-2xl border border-line bg-white">
            {threads.map((thread) => (
              <InboxRow key={thread.id} thread={thread} />
            ))}
          </ul>
        )}
        {(nextCursor || paged) && (
          <nav aria-label="More conversations" className="mt-6 flex flex-wrap justify-center gap-3">
            {paged && (
              <Link to="/messages" className={buttonClass({ variant: "ghost" })}>
                Newest conversations
              </Link>
            )}
            {nextCursor && (
              <Link
                to={`/messages?${new URLSearchParams({ cursor: nextCursor })}`}
                className={buttonClass({ variant: "outline" })}
              >
                Older conversations
              </Link>
            )}
          </nav>
        )}
      </Container>
    </main>
  );
}

function InboxRow({ thread }: { thread: InboxThread }) {
  const unread = thread.unread > 0;
  return (
    <li>
      <Link
        to={`/messages/${thread.id}`}
        className="flex items-start gap-3 p-4 hover:bg-surface focus-visible:bg-surface sm:gap-4"
      >
        <Thumbnail images={thread.listing.picture ? [thread.listing.picture] : []} size="small" />
        <div className="min-w-0 flex-1">
          {/* On a phone the time goes under the title, which would otherwise keep a dozen characters. */}
          <div className="flex flex-col sm:flex-row sm:items-baseline sm:justify-between sm:gap-3">
            <p className={`min-w-0 truncate ${unread ? "font-bold" : "font-semibold"} text-ink`}>
              {thread.listing.title}
            </p>
            <time dateTime={new Date(thread.lastMessageAt).toISOString()} className="shrink-0 text-xs text-muted">
              {formatDayAndTime(thread.lastMessageAt)}
            </time>
          </div>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-muted">
            <Avatar name={thread.other.name} url={thread.other.avatarUrl} size="xs" />
            <span className="truncate">{thread.other.name}</span>
          </p>
          <div className="mt-1 flex items-center justify-between gap-3">
            <p className={`min-w-0 truncate text-sm ${unread ? "text-ink" : "text-muted"}`}>{lastLineText(thread)}</p>
            {unread && (
              <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                {thread.unread}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

function lastLineText({ lastLine, other }: InboxThread): string {
  if (!lastLine) return "";
  if (lastLine.eventKind)
    return threadEventText(
      { kind: lastLine.eventKind, payload: lastLine.eventPayload ?? {} },
      lastLine.mine ? "You" : other.name,
    );
  if (lastLine.removed) return "Message removed";
  // A message of pictures only says so (decision 087).
  const text =
    lastLine.body ??
    (lastLine.pictures > 0 ? `Sent ${lastLine.pictures === 1 ? "a picture" : `${lastLine.pictures} pictures`}` : "");
  return lastLine.mine ? `You: ${text}` : text;
}

function EmptyInbox({ paged }: { paged: boolean }) {
  return (
    <div className="mt-6 rounded-2xl border border-line bg-white p-8 text-center">
      <Inbox className="mx-auto size-8 text-muted" aria-hidden="true" />
      <p className="mt-3 font-semibold">{paged ? "No older conversations" : "No messages yet"}</p>
      {!paged && (
        <p className="mt-1 text-sm text-muted">
          Ask about a listing with its Message button. When someone asks about yours, you'll find it here.
        </p>
      )}
      <Link to="/#browse" className={buttonClass({ variant: "outline" }, "mt-4")}>
        Browse listings
      </Link>
    </div>
  );
}
