import { Link, redirect, useNavigation, useSearchParams } from "react-router";
import { ArrowLeft } from "#app/components/ui/icons.ts";
import { findContactDetails } from "#core/accounts/find-contact-details.ts";
import { findMyCircles } from "#core/circles/find-my-circles.ts";
import { recordRequestError } from "#core/logs/record-request-error.ts";
import { findSwapReviews } from "#core/reviews/find-member-reviews.ts";
import { acceptSwap } from "#core/swaps/accept-swap.ts";
import { findMySwaps, findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { leaveReview } from "#core/swaps/leave-review.ts";
import { rejectSwap } from "#core/swaps/reject-swap.ts";
import { withdrawSwap } from "#core/swaps/withdraw-swap.ts";
import { CircleList, type CircleSummary } from "../components/swaps/circle-list";
import { type ConfirmIntent, type ConfirmingSwap, ConfirmSwapDialog } from "../components/swaps/confirm-swap-dialog";
import { SwapCard } from "../components/swaps/swap-card";
import { SwapCardSkeleton } from "../components/swaps/swap-card-skeleton";
import { Container } from "../components/ui/container";
import { LoadFailed } from "../components/ui/load-failed";
import { type AppContext, appContext } from "../context";
import { formFields, readFormData } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import type { Route } from "./+types/my-swaps";

export const meta: Route.MetaFunction = () => [
  { title: "My Swaps | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  try {
    const params = new URL(request.url).searchParams;
    // The cursor pages the tab that is open; the other tab shows its first page.
    const cursor = params.get("cursor");
    const sentTab = params.get("tab") === "sent";
    const swaps = await findMySwaps(ctx.db, {
      userId: user.id,
      receivedCursor: sentTab ? null : cursor,
      sentCursor: sentTab ? cursor : null,
    });
    const confirming = await findConfirming(ctx, params, user.id);
    // Completed swaps' reviews as this member may see them (double-blind, decision 094).
    const completed = [...swaps.received, ...swaps.sent].filter((s) => s.status === "completed").map((s) => s.id);
    const reviews = await findSwapReviews(ctx.db, { userId: user.id, swapIds: completed });
    swaps.received = swaps.received.map((s) => ({ ...s, reviews: reviews[s.id] }));
    swaps.sent = swaps.sent.map((s) => ({ ...s, reviews: reviews[s.id] }));
    // Without a phone, the Pay step asks for one (N17); without a confirmed one, it links to confirming it (095).
    const mine = await findContactDetails(ctx.db, user.id);
    const myHasPhone = Boolean(mine?.phone);
    const myPhoneConfirmed = Boolean(mine?.phone && mine.phoneConfirmedAt);
    const circles: CircleSummary[] = (await findMyCircles(ctx.db, { userId: user.id, now: ctx.clock.now() })).map(
      (c) => ({
        id: c.id,
        status: c.status,
        size: c.legs.length,
        give: { title: c.give.listing.title, to: c.give.receiver.name },
        get: { title: c.get.listing.title, from: c.get.giver.name },
        yourTurn:
          (c.status === "offered" && !c.give.accepted) ||
          (c.status === "accepted" && !c.give.paid) ||
          (c.status === "arranging" && !c.give.swapped) ||
          // Completed: the member's review of whom they got from is waiting (decision 111).
          (c.status === "completed" && !c.reviewedByMe),
      }),
    );
    return {
      ...swaps,
      circles,
      confirming,
      myHasPhone,
      myPhoneConfirmed,
      paged: !!cursor,
      now: ctx.clock.now().toISOString(),
      loadError: false,
    };
  } catch (error) {
    // The page still shows (with its "could not load" notice); the error goes to the System Logs, stack and all.
    await recordRequestError(ctx, { requestId: ctx.requestId, request, error, userId: user.id });
    return {
      received: [],
      sent: [],
      circles: [] as CircleSummary[],
      nextCursors: { received: null, sent: null },
      confirming: null,
      myHasPhone: true,
      myPhoneConfirmed: true,
      paged: false,
      now: ctx.clock.now().toISOString(),
      loadError: true,
    };
  }
}

/** Who may take each asking step: whoever the offer on the table was made to answers it (the receiver, until a
 *  counter-offer: decision 103), whoever made it withdraws it. */
const CONFIRM_ROLE: Record<ConfirmIntent, "answers" | "made"> = {
  accept: "answers",
  decline: "answers",
  withdraw: "made",
};
const isConfirmIntent = (value: unknown): value is ConfirmIntent =>
  typeof value === "string" && Object.hasOwn(CONFIRM_ROLE, value);

/** The confirmation step the URL asks for, when it is one this member can take on a pending proposal. */
async function findConfirming(
  ctx: AppContext,
  params: URLSearchParams,
  userId: string,
): Promise<{ intent: ConfirmIntent; swap: ConfirmingSwap } | null> {
  const intent = params.get("confirm");
  const swapId = params.get("swap");
  if (!isConfirmIntent(intent) || !swapId) return null;
  const swap = await findSwapForParty(ctx.db, { swapId, userId });
  if (swap?.status !== "pending" || (swap.myTurn ? "answers" : "made") !== CONFIRM_ROLE[intent]) return null;
  // The proposer's side is offered (and its extras), the receiver's is the target (and its extra).
  const offered = [swap.offered, ...swap.moreOffered].map((l) => l.title).join(" + ");
  const wanted = [swap.target, ...swap.moreWanted].map((l) => l.title).join(" + ");
  const proposing = swap.myRole === "proposer";
  return {
    intent,
    swap: {
      id: swap.id,
      otherName: swap.otherParty.name,
      mine: proposing ? offered : wanted,
      theirs: proposing ? wanted : offered,
    },
  };
}

/** My Swaps at the given tab, optionally at a confirmation step. */
function mySwapsUrl(tab: "received" | "sent", step?: { intent: string; swapId: string }) {
  const query = new URLSearchParams(tab === "sent" ? { tab } : {});
  if (step) {
    query.set("confirm", step.intent);
    query.set("swap", step.swapId);
  }
  return `/my-swaps${query.size ? `?${query}` : ""}`;
}

const OUTCOMES = {
  accept: {
    ok: "Swap proposal accepted! Both parties need to pay $9.99 to proceed.",
    failed: "Failed to accept proposal",
  },
  decline: { ok: "Swap proposal rejected", failed: "Failed to reject proposal" },
  withdraw: { ok: "Swap proposal withdrawn", failed: "Failed to withdraw proposal" },
  review: { ok: "Thanks! Your review has been saved.", failed: "Failed to save review" },
} as const;

/** Accept, decline, withdraw and review: each answers with a redirect back and a toast, with or without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const raw = await readFormData(request);
  const form = formFields(raw);
  const intent = (form.intent ?? "") as keyof typeof OUTCOMES;
  const swapId = form.swapId ?? "";
  const tab = form.tab === "sent" ? "sent" : "received";
  // Own keys only: "constructor" or "__proto__" must not pass for an action (they would run the review branch).
  const outcome = Object.hasOwn(OUTCOMES, intent) ? OUTCOMES[intent] : undefined;
  // Accept, decline and withdraw happen only from their confirmation step: a bare post (an old page, a
  // replayed form) is shown that step instead and changes nothing.
  if (isConfirmIntent(intent) && form.confirm !== "yes") return redirect(mySwapsUrl(tab, { intent, swapId }));
  const back = mySwapsUrl(tab);
  if (!outcome) return redirectWithFlash(ctx, back, { type: "error", message: "An unexpected error occurred." });
  return runAction(
    async () => {
      if (intent === "accept") return acceptSwap(ctx, { swapId, actorId: user.id });
      if (intent === "decline") return rejectSwap(ctx, { swapId, actorId: user.id });
      if (intent === "withdraw") return withdrawSwap(ctx, { swapId, actorId: user.id });
      // A missing rating is 0 (as Number(null) always gave), refused by the review's rules like any other.
      return leaveReview(ctx, {
        swapId,
        reviewerId: user.id,
        rating: Number(form.rating ?? 0),
        comment: form.comment ?? "",
        tags: raw.getAll("tags").filter((tag) => typeof tag === "string"),
      });
    },
    () => redirectWithFlash(ctx, back, { type: "success", message: outcome.ok }),
    {
      // The toast names the step that failed, and says why under it (nothing more when it was not a refusal).
      onRefusal: (refusal) =>
        redirectWithFlash(ctx, back, {
          type: "error",
          message: outcome.failed,
          description: refusal.unexpected ? undefined : refusal.message,
        }),
      unexpected: { message: outcome.failed, log: `swap ${intent} failed` },
    },
  );
}

export default function MySwaps({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const tab = params.get("tab") === "sent" ? "sent" : "received";
  // Skeletons only while another tab or page of proposals loads: opening or closing a confirmation step keeps
  // the list (and the focused button the dialog gives focus back to).
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/my-swaps" &&
    !navigation.formData &&
    listPage(new URLSearchParams(navigation.location.search)) !== listPage(params);
  const swaps = tab === "sent" ? loaderData.sent : loaderData.received;
  // The page a confirmation step opens on and closes back to.
  const pageParams: Record<string, string> = {};
  if (tab === "sent") pageParams.tab = "sent";
  const cursor = params.get("cursor");
  if (cursor) pageParams.cursor = cursor;
  const pageUrl = `/my-swaps${Object.keys(pageParams).length ? `?${new URLSearchParams(pageParams)}` : ""}`;

  return (
    <main id="main" className="py-10">
      {loaderData.confirming && (
        <ConfirmSwapDialog
          intent={loaderData.confirming.intent}
          swap={loaderData.confirming.swap}
          tab={tab}
          closeTo={pageUrl}
        />
      )}
      <Container className="max-w-4xl">
        <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to home
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">My Swaps</h1>
        {loaderData.circles.length > 0 && <CircleList circles={loaderData.circles} />}
        <nav aria-label="Swap proposals" className="mt-6 inline-flex rounded-xl bg-surface p-1">
          <SwapsTab to="/my-swaps" current={tab === "received"} label="Received">
            {countLabel(loaderData.received.length, loaderData.nextCursors.received)}
          </SwapsTab>
          <SwapsTab to="/my-swaps?tab=sent" current={tab === "sent"} label="Sent">
            {countLabel(loaderData.sent.length, loaderData.nextCursors.sent)}
          </SwapsTab>
        </nav>
        <div className="mt-6" aria-busy={loading}>
          {loaderData.loadError ? (
            <LoadFailed message="Failed to load swap proposals" />
          ) : loading ? (
            <ul className="space-y-4" aria-hidden="true">
              {[0, 1, 2].map((i) => (
                <li key={i}>
                  <SwapCardSkeleton />
                </li>
              ))}
            </ul>
          ) : swaps.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center text-muted">
              {tab === "received" ? "No swap proposals received yet" : "No swap proposals sent yet"}
            </p>
          ) : (
            <ul className="space-y-4">
              {swaps.map((swap) => (
                <li key={swap.id}>
                  <SwapCard
                    swap={swap}
                    tab={tab}
                    now={loaderData.now}
                    pageParams={pageParams}
                    myHasPhone={loaderData.myHasPhone}
                    myPhoneConfirmed={loaderData.myPhoneConfirmed}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        {(loaderData.nextCursors[tab] || loaderData.paged) && (
          <nav aria-label="Pages" className="mt-6 flex justify-between gap-3">
            {loaderData.paged ? (
              <Link
                to={tab === "sent" ? "/my-swaps?tab=sent" : "/my-swaps"}
                className="font-semibold text-brand-700 hover:underline"
              >
                ← Newest proposals
              </Link>
            ) : (
              <span />
            )}
            {loaderData.nextCursors[tab] && (
              <Link
                to={`/my-swaps?${new URLSearchParams({ ...(tab === "sent" ? { tab } : {}), cursor: loaderData.nextCursors[tab] ?? "" })}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                Older proposals →
              </Link>
            )}
          </nav>
        )}
      </Container>
    </main>
  );
}

/** Which list a query shows: the tab and the page within it. */
function listPage(query: URLSearchParams) {
  return `${query.get("tab") === "sent" ? "sent" : "received"}:${query.get("cursor") ?? ""}`;
}

/** A page's count, with a "+" when older proposals follow on the next page. */
function countLabel(shown: number, next: string | null) {
  return next ? `${shown}+` : String(shown);
}

/** A tab of My Swaps: its name and how many proposals it holds. */
function SwapsTab({ to, current, label, children }: { to: string; current: boolean; label: string; children: string }) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ${current ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink"}`}
      aria-current={current ? "page" : undefined}
    >
      {label} <span className="rounded-full bg-brand-50 px-2 text-xs text-brand-800">{children}</span>
    </Link>
  );
}
