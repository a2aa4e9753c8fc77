import { data, Link } from "react-router";
import type { Route } from "./+types/my-swaps.$id.counter";
import { appContext } from "#app/context.ts";
import { CounterOfferForm } from "#app/components/swaps/counter-offer-form.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { ArrowLeft } from "#app/components/ui/icons.ts";
import { formFields, readFormData } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { findOfferableListings } from "#core/listings/find-offerable-listings.ts";
import { MAX_COUNTER_ROUNDS, MAX_OFFERED_LISTINGS, MAX_WANTED_LISTINGS } from "#core/swaps/bundle-limits.ts";
import { counterSwap, NO_MORE_COUNTERS } from "#core/swaps/counter-swap.ts";
import { findSwapForParty } from "#core/swaps/find-my-swaps.ts";
import { NOT_PENDING, YOUR_OWN_OFFER } from "#core/swaps/swap-guards.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Counter-offer | SwapShed" },
  { name: "robots", content: "noindex" },
];

const listingOf = (l: { id: string; title: string; valueMin: number; valueMax: number }) => ({
  id: l.id,
  title: l.title,
  valueMin: l.valueMin,
  valueMax: l.valueMax,
});

/**
 * A counter-offer on a pending offer made to this member (decision 103): both members' active listings, the deal
 * on the table ticked. Anyone but the two members is told the swap does not exist.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const swap = await findSwapForParty(ctx.db, { swapId: params.id, userId: user.id });
  if (!swap) throw data("Swap not found", { status: 404 });
  const proposing = swap.myRole === "proposer";
  const offered = [swap.offered, ...swap.moreOffered];
  const wanted = [swap.target, ...swap.moreWanted];
  // Both members' listings on the market now, and the deal's own (still theirs while it is pending).
  const withDeal = (market: ReturnType<typeof listingOf>[], deal: ReturnType<typeof listingOf>[]) => [
    ...deal,
    ...market.filter((l) => !deal.some((d) => d.id === l.id)),
  ];
  const mine = withDeal(
    (await findOfferableListings(ctx.db, { ownerId: user.id })).map(listingOf),
    (proposing ? offered : wanted).map(listingOf),
  );
  const theirs = withDeal(
    (await findOfferableListings(ctx.db, { ownerId: swap.otherParty.id })).map(listingOf),
    (proposing ? wanted : offered).map(listingOf),
  );
  const closed =
    swap.status !== "pending"
      ? NOT_PENDING
      : !swap.myTurn
        ? YOUR_OWN_OFFER
        : swap.counterRound >= MAX_COUNTER_ROUNDS
          ? NO_MORE_COUNTERS
          : null;
  return {
    swap: { id: swap.id, otherName: swap.otherParty.name, round: swap.counterRound, tab: proposing ? "sent" : "" },
    closed,
    mine,
    theirs,
    fixedId: swap.target.id,
    start: {
      give: (proposing ? offered : wanted).map((l) => l.id),
      get: (proposing ? wanted : offered).map((l) => l.id),
    },
    limits: proposing
      ? { give: MAX_OFFERED_LISTINGS, get: MAX_WANTED_LISTINGS }
      : { give: MAX_WANTED_LISTINGS, get: MAX_OFFERED_LISTINGS },
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const body = await readFormData(request);
  const form = formFields(body);
  return runAction(
    () =>
      counterSwap(ctx, {
        swapId: params.id,
        actorId: user.id,
        give: body.getAll("give"),
        get: body.getAll("get"),
        message: form.message ?? "",
      }),
    (countered) =>
      redirectWithFlash(ctx, countered.role === "proposer" ? "/my-swaps?tab=sent" : "/my-swaps", {
        type: "success",
        message: "Counter-offer sent",
      }),
  );
}

export default function CounterOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { swap, closed } = loaderData;
  const name = swap.otherName ?? "the other member";
  return (
    <main id="main" className="bg-surface py-6 sm:py-10">
      <Container className="max-w-xl">
        <Link
          to={swap.tab ? "/my-swaps?tab=sent" : "/my-swaps"}
          className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          My Swaps
        </Link>
        <div className="mt-3 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Counter-offer</h1>
          <p className="mt-1 text-sm text-muted">
            Answer {name}'s offer with another set of listings: swap one, add one or take one away.{" "}
            {swap.round > 0 && `Counter-offer ${swap.round} of ${MAX_COUNTER_ROUNDS} so far.`}
          </p>
          {closed ? (
            <p role="status" className="mt-4 rounded-lg bg-accent-100 px-3 py-2 text-sm">
              {closed}
            </p>
          ) : (
            <CounterOfferForm
              mine={loaderData.mine}
              theirs={loaderData.theirs}
              fixedId={loaderData.fixedId}
              start={loaderData.start}
              limits={loaderData.limits}
              otherName={name}
              error={actionData && "error" in actionData ? actionData.error : undefined}
            />
          )}
        </div>
      </Container>
    </main>
  );
}
