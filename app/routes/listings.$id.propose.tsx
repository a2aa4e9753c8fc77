import { data, redirect } from "react-router";
import { findListing } from "#core/listings/find-listing.ts";
import { findOfferableListings } from "#core/listings/find-offerable-listings.ts";
import { findPendingProposalForListing } from "#core/swaps/find-pending-proposal-for-listing.ts";
import { proposeSwap } from "#core/swaps/propose-swap.ts";
import { CardPage } from "../components/layout/card-page";
import { RouteError } from "../components/layout/route-error";
import { AlreadyProposed } from "../components/listings/already-proposed";
import { ProposeSwapForm } from "../components/swaps/propose-swap-form";
import { appContext } from "../context";
import { proposeSignInHref } from "../lib/auth-links";
import { formFields, readFormData } from "../lib/read-form.server";
import { flashHeaders, redirectWithFlash } from "../lib/redirect-with-flash.server";
import { runAction } from "../lib/run-action.server";
import type { Route } from "./+types/listings.$id.propose";

export const meta: Route.MetaFunction = () => [
  { title: "Propose a Swap | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await ctx.getUser();
  if (!user) throw redirect(proposeSignInHref(params.id));
  const target = await findListing(ctx.db, { id: params.id, viewer: { userId: user.id } });
  if (target?.status !== "active") throw data("Listing not found", { status: 404 });
  if (target.ownerId === user.id) throw redirect(`/listings/${target.id}`);
  const offerable = await findOfferableListings(ctx.db, { ownerId: user.id });
  // A bundle may ask for one more of the same owner's listings (decision 103).
  const theirOthers = (await findOfferableListings(ctx.db, { ownerId: target.ownerId })).filter(
    (l) => l.id !== target.id,
  );
  // Already proposed: the page (and the dialog) say so instead of offering a second proposal that would be refused.
  const proposed = Boolean(await findPendingProposalForListing(ctx.db, { proposerId: user.id, listingId: target.id }));
  return {
    target: {
      id: target.id,
      title: target.title,
      ownerName: target.ownerName,
      valueMin: target.valueMin,
      valueMax: target.valueMax,
    },
    offerable,
    theirOthers,
    proposed,
  };
}

/** Works from the dialog (fetcher) and from this page without JavaScript: same use case, same messages. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await ctx.getUser();
  if (!user) return redirect(proposeSignInHref(params.id));
  const body = await readFormData(request);
  const form = formFields(body);
  // A flash in both cases: after the dialog's send the root reloads and shows it, even where the page then
  // replaces the dialog by "You've proposed a swap for this item" (the form is gone before it could say so).
  const sent = { type: "success", message: "Swap proposal sent successfully!" } as const;
  return runAction(
    () =>
      proposeSwap(ctx, {
        proposerId: user.id,
        targetListingId: params.id,
        offeredListingId: form.offeredListingId ?? "",
        // A bundle's extras, ticked in the dialog (decision 103): repeated fields.
        moreOffered: body.getAll("moreOffered"),
        moreWanted: body.getAll("moreWanted"),
        message: form.message ?? "",
      }),
    async () =>
      form.via === "dialog"
        ? data({ ok: true as const }, { headers: await flashHeaders(ctx, sent) })
        : redirectWithFlash(ctx, "/my-swaps?tab=sent", sent),
    { unexpected: { message: "Failed to send proposal", log: "propose failed" } },
  );
}

export default function ProposePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CardPage
      title="Propose a Swap"
      intro={
        <>
          For <span className="font-semibold text-ink">{loaderData.target.title}</span> from{" "}
          {loaderData.target.ownerName ?? "Unknown"}
        </>
      }
      width="narrow"
    >
      <div className="mt-6">
        {loaderData.proposed ? (
          <AlreadyProposed />
        ) : (
          <ProposeSwapForm
            targetId={loaderData.target.id}
            targetValue={{ min: loaderData.target.valueMin, max: loaderData.target.valueMax }}
            offerable={loaderData.offerable}
            theirOthers={loaderData.theirOthers}
            error={actionData && "error" in actionData ? actionData.error : undefined}
          />
        )}
      </div>
    </CardPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
