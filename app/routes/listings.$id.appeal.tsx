import { data, Link } from "react-router";
import type { Route } from "./+types/listings.$id.appeal";
import { appContext } from "#app/context.ts";
import { AppealForm, AppealStatus } from "#app/components/appeals/appeal-form.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { ArrowLeft } from "#app/components/ui/icons.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { appealOf, findListingDecision, latestListingAppeal } from "#core/appeals/appealed-decisions.ts";
import { lodgeListingAppeal } from "#core/appeals/lodge-appeal.ts";
import { isUuid } from "#core/shared/ids.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Appeal a listing decision | SwapShed" },
  { name: "robots", content: "noindex" },
];

/**
 * The owner of a rejected or taken-down listing appeals the decision once (decision 097); after that, this page
 * says where the appeal stands. Anyone else's listing is not found.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const found = isUuid(params.id) ? await findListingDecision(ctx.db, { userId: user.id, listingId: params.id }) : null;
  if (!found) throw data("Listing not found", { status: 404 });
  const { listing, decision } = found;
  const appeal = decision
    ? await appealOf(ctx.db, { userId: user.id, listingId: listing.id, decisionAt: decision.decisionAt })
    : await latestListingAppeal(ctx.db, { userId: user.id, listingId: listing.id });
  return {
    listing: { id: listing.id, title: listing.title, moderationStatus: listing.moderationStatus },
    decision: decision ? { reason: decision.reason, at: sydneyDateTime(decision.decisionAt) } : null,
    appeal: appeal ? { status: appeal.status, reason: appeal.decisionReason } : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  return runAction(
    () => lodgeListingAppeal(ctx, { userId: user.id, listingId: params.id, statement: form.statement, meta: ctx.meta }),
    () =>
      redirectWithFlash(ctx, `/listings/${encodeURIComponent(params.id)}/appeal`, {
        type: "success",
        message: "Appeal sent",
        description: "We'll let you know once someone has reviewed it.",
      }),
    { echo: () => ({ statement: String(form.statement ?? "") }) },
  );
}

export default function ListingAppeal({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, decision, appeal } = loaderData;
  return (
    <main id="main" className="bg-surface py-10">
      <Container className="max-w-xl">
        <Link to="/my-listings" className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          My Listings
        </Link>
        <div className="mt-3 rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Appeal a listing decision</h1>
          <p className="mt-1 text-sm text-muted wrap-anywhere">
            <span className="font-semibold text-ink">{listing.title}</span>
          </p>
          {!decision && appeal ? (
            <AppealStatus status={appeal.status} reason={appeal.reason} />
          ) : !decision ? (
            <p role="status" className="mt-4 text-sm">
              This listing isn't rejected or taken down, so there's nothing to appeal.{" "}
              <a href="/my-listings" className="font-semibold text-brand-700 underline">
                Back to My Listings
              </a>
            </p>
          ) : (
            <>
              <dl className="mt-4 space-y-2 rounded-lg border border-line bg-surface px-4 py-3 text-sm">
                <div>
                  <dt className="font-semibold">
                    {listing.moderationStatus === "takedown" ? "Taken down" : "Rejected"} on
                  </dt>
                  <dd className="text-muted">{decision.at}</dd>
                </div>
                {decision.reason && (
                  <div>
                    <dt className="font-semibold">Reason</dt>
                    <dd className="whitespace-pre-line text-muted wrap-anywhere">{decision.reason}</dd>
                  </div>
                )}
              </dl>
              {appeal ? (
                <AppealStatus status={appeal.status} reason={appeal.reason} />
              ) : (
                <AppealForm hidden={{}} answer={actionData && "error" in actionData ? actionData : undefined} />
              )}
            </>
          )}
        </div>
      </Container>
    </main>
  );
}
