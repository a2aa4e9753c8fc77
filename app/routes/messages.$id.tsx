import { data, Link } from "react-router";
import type { Route } from "./+types/messages.$id";
import { appContext } from "#app/context.ts";
import { BlockMemberForm } from "#app/components/conversations/block-member-form.tsx";
import { MessageForm } from "#app/components/conversations/message-form.tsx";
import { NewLineAnnouncer } from "#app/components/conversations/new-line-announcer.tsx";
import { ThreadLines } from "#app/components/conversations/thread-lines.tsx";
import { RouteError } from "#app/components/layout/route-error.tsx";
import { Thumbnail } from "#app/components/listings/cover-picture.tsx";
import { Avatar } from "#app/components/ui/avatar.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { ArrowLeft } from "#app/components/ui/icons.ts";
import { formFields, readFormData } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { blockMember } from "#core/conversations/block-member.ts";
import { CONTACT_DETAILS_NOTE, maskContactDetails } from "#core/conversations/contact-details.ts";
import { findThreadAsParticipant } from "#core/conversations/conversation-guards.ts";
import { findThread } from "#core/conversations/find-thread.ts";
import { markThreadRead } from "#core/conversations/mark-thread-read.ts";
import { readMessageForm } from "#core/conversations/read-message-form.ts";
import { sendMessage } from "#core/conversations/send-message.ts";
import { isReportingOn } from "#core/moderation/can-report.ts";
import { findDealProblems } from "#core/swaps/find-swap-problems.ts";
import { SwapProblemStatus } from "#app/components/swaps/swap-problem-status.tsx";
import { findArrangement } from "#core/swaps/find-arrangement.ts";
import { ArrangingPanel } from "#app/components/swaps/arranging-panel.tsx";
import { isAppError } from "#core/shared/app-error.ts";
import { formHasNul, NUL_REFUSED } from "#core/shared/nul-characters.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `${loaderData.thread.other.name}: ${loaderData.thread.listing.title} | SwapShed`
      : "Messages | SwapShed",
  },
  { name: "robots", content: "noindex" },
];

/**
 * Opening the thread's latest lines marks them read (decision 083). A write on a GET, safe because it only moves the
 * member's own pointer forward to the thread's last line: repeating it, or a prefetch, changes nothing but their
 * unread count and the other member's "Seen". It runs before the loaders (the header's, the page's), so the count
 * the header draws with this page already leaves this thread out. A page of older lines (?before=) marks nothing.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const ctx = context.get(appContext);
    const user = request.method === "GET" && !new URL(request.url).searchParams.has("before") && (await ctx.getUser());
    if (user) {
      await markThreadRead(ctx, { conversationId: params.id, userId: user.id }).catch((error) => {
        // Not one of its members (or no such thread): the loader answers with the 404.
        if (!isAppError(error) || error.status !== 404) throw error;
      });
    }
    return next();
  },
];

/** The thread, its latest lines (or a page of older ones with ?before=), each masked for this member. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const before = new URL(request.url).searchParams.get("before");
  const page = await findThread(
    { db: ctx.db, mask: maskContactDetails },
    { conversationId: params.id, viewerId: user.id, before },
  ).catch((error) => {
    // Not one of its two members, or no such thread: the site's 404, as for a missing listing.
    if (isAppError(error) && error.status === 404) throw data(error.message, { status: 404 });
    throw error;
  });
  // The deal's end (decision 096): arranging a time and place, "We've swapped", the PPSR reminder.
  const arrangement = page.thread.swapId
    ? await findArrangement(ctx.db, { swapId: page.thread.swapId, userId: user.id })
    : null;
  // "Report" on the other member's lines (decision 086), while reporting is on.
  return {
    ...page,
    paged: Boolean(before),
    reporting: await isReportingOn(ctx.db),
    // The swap's reported problems and "Report a problem" (decision 097).
    problems: page.thread.swapId
      ? await findDealProblems(ctx.db, { swapId: page.thread.swapId, userId: user.id })
      : null,
    arrangement,
    now: ctx.clock.now().toISOString(),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  // Read once: the send form is multipart when it carries pictures, and then parsed here only (decision 087).
  const formData = await readFormData(request).catch((error: unknown) => error);
  if (!(formData instanceof FormData) || formHasNul(formData)) {
    const message = isAppError(formData) ? formData.message : NUL_REFUSED;
    return data({ error: message, fields: {} }, { status: 400 });
  }
  const form = formFields(formData);
  const here = `/messages/${params.id}`;
  if (form.intent === "block") {
    return runAction(
      async () => {
        const thread = await findThreadAsParticipant(ctx.db, { conversationId: params.id, userId: user.id });
        await blockMember(ctx, { blockerId: user.id, blockedId: thread.otherId });
      },
      () => redirectWithFlash(ctx, here, { type: "success", message: "Member blocked" }),
    );
  }
  if (form.intent !== "send") return data({ error: "Unknown action", fields: {} }, { status: 400 });
  return runAction(
    async () =>
      sendMessage(
        { db: ctx.db, clock: ctx.clock, env: ctx.env, mask: maskContactDetails, storage: ctx.storage },
        { conversationId: params.id, senderId: user.id, ...(await readMessageForm(formData)) },
      ),
    (sent) =>
      // Without JavaScript the sender was not warned before sending: the page after it says what the other sees.
      redirectWithFlash(
        ctx,
        here,
        sent.masked.length > 0
          ? {
              type: "info",
              message: "Message sent. Its contact details are hidden for now.",
              description: CONTACT_DETAILS_NOTE,
            }
          : { type: "success", message: "Message sent" },
      ),
    { echo: () => ({ body: String(form.body ?? "") }) },
  );
}

export default function Thread({ loaderData, actionData }: Route.ComponentProps) {
  const { thread, lines, olderCursor, seenUpTo, paged } = loaderData;
  const other = thread.other;
  // The form starts empty again after this member's own line, not when the other member's arrives (live, mid-draft).
  const lastOwnSeq = lines.filter((line) => line.mine).at(-1)?.seq ?? 0;
  return (
    <main id="main" className="bg-surface py-6 sm:py-10">
      <Container className="max-w-3xl">
        <Link to="/messages" className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          All messages
        </Link>
        <header className="mt-3 flex items-center gap-3 rounded-2xl border border-line bg-white p-4">
          <Thumbnail images={thread.listing.picture ? [thread.listing.picture] : []} size="small" />
          <div className="min-w-0 flex-1">
            <h1 className="flex items-center gap-2 text-lg font-bold">
              <Avatar name={other.name} url={other.avatarUrl} size="xs" />
              <Link
                to={`/members/${other.id}`}
                className="inline-flex min-h-11 min-w-0 items-center underline-offset-2 hover:underline"
              >
                <span className="truncate">{other.name}</span>
              </Link>
            </h1>
            <p className="truncate text-sm text-muted">
              About{" "}
              {thread.listing.id ? (
                <Link to={`/listings/${thread.listing.id}`} className="font-semibold text-brand-700 underline">
                  {thread.listing.title}
                </Link>
              ) : (
                <span className="font-semibold text-ink">{thread.listing.title}</span>
              )}
            </p>
          </div>
        </header>

        {loaderData.arrangement && (
          <ArrangingPanel arrangement={loaderData.arrangement} back={`/messages/${thread.id}`} now={loaderData.now} />
        )}

        <section aria-label="Messages" className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-6">
          {olderCursor && (
            <p className="mb-4 text-center">
              <Link to={`?before=${olderCursor}`} className="text-sm font-semibold text-brand-700 underline">
                Load older messages
              </Link>
            </p>
          )}
          <ThreadLines
            lines={lines}
            otherName={other.name}
            seenUpTo={seenUpTo}
            reportHref={loaderData.reporting ? (lineId) => `/messages/${thread.id}/report/${lineId}` : undefined}
          />
          {paged && (
            <p className="mt-4 text-center">
              <Link to="." className="text-sm font-semibold text-brand-700 underline">
                Back to the latest messages
              </Link>
            </p>
          )}
          <NewLineAnnouncer threadId={thread.id} lines={lines} otherName={other.name} />
        </section>

        {loaderData.problems && thread.swapId && (
          <SwapProblemStatus swapId={thread.swapId} otherName={other.name} {...loaderData.problems} />
        )}

        {thread.blocked ? (
          <div role="status" className="mt-4 rounded-2xl border border-line bg-white p-4 text-sm">
            <p className="font-semibold">You can't message this member.</p>
            <p className="mt-1 text-muted">
              The conversation stays here to read. Members you've blocked are listed in{" "}
              <Link to="/account/blocked" className="font-semibold text-brand-700 underline">
                My Account
              </Link>
              .
            </p>
          </div>
        ) : (
          <>
            <MessageForm
              key={lastOwnSeq}
              error={actionData && "error" in actionData ? actionData.error : null}
              body={actionData && "body" in actionData ? String(actionData.body) : ""}
              otherName={other.name}
              unlocked={thread.unlocked}
            />
            <BlockMemberForm name={other.name} />
          </>
        )}
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
