import { Lock } from "#app/components/ui/icons.ts";
import { data } from "react-router";
import type { Route } from "./+types/listings.$id.edit";
import { appContext } from "../context";
import { readListingForm } from "#core/listings/read-listing-form.ts";
import { RouteError } from "../components/layout/route-error";
import { ListingForm } from "../components/listings/form/listing-form";
import { ButtonLink } from "../components/ui/button";
import { CardPage } from "../components/layout/card-page";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { findListingToEdit } from "#core/listings/find-listing-to-edit.ts";
import { whyNotEditable } from "#core/listings/listing-edit-rules.ts";
import { updateListing } from "#core/listings/update-listing.ts";
import { isAppError } from "#core/shared/app-error.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Edit ${loaderData.listing.title} | SwapShed` : "Listing not found | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  // Someone else's listing is not found, exactly like a missing one.
  const listing = await findListingToEdit(ctx.db, { id: params.id, ownerId: user.id });
  if (!listing) throw data("Listing not found", { status: 404 });
  return { listing, notEditable: whyNotEditable(listing.status) };
}

/** The no-JavaScript path; with JavaScript the form sends PUT /api/v1/listings/:id, which calls the same use case. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  // What was typed (and the pictures kept) go back into the form, once the form could be read.
  let typed: Pick<Awaited<ReturnType<typeof readListingForm>>, "echo" | "keep"> | undefined;
  return runAction(
    async () => {
      const input = await readListingForm(request);
      typed = input;
      return updateListing(ctx, { listingId: params.id, actorId: user.id, ...input }).catch(notFoundAsPage);
    },
    (id) => redirectWithFlash(ctx, `/listings/${id}`, { type: "success", message: "Listing updated successfully!" }),
    { echo: () => ({ values: typed?.echo, keep: typed?.keep }) },
  );
}

/** Gone (or never this member's): the page's 404, not a message on the form. */
function notFoundAsPage(error: unknown): never {
  if (isAppError(error) && error.code === "NOT_FOUND") throw data("Listing not found", { status: 404 });
  throw error;
}

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, notEditable } = loaderData;
  return (
    <CardPage title="Edit listing" intro={listing.title} width="wide">
      <div className="mt-6">
        {notEditable ? (
          <>
            <p className="flex items-start gap-2 rounded-lg bg-accent-100 px-3 py-3 text-sm text-ink">
              <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {notEditable}
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              {listing.status !== "cancelled" && (
                <ButtonLink to={`/listings/${listing.id}`} variant="outline">
                  Back to listing
                </ButtonLink>
              )}
              <ButtonLink to="/my-swaps" variant="outline">
                My Swaps
              </ButtonLink>
              <ButtonLink to="/my-listings" variant="outline">
                My Listings
              </ButtonLink>
            </div>
          </>
        ) : (
          // Keyed by the answer, so that pictures ticked before a refused save come back as sent.
          <ListingForm
            key={actionData ? JSON.stringify(actionData.keep) : "stored"}
            result={actionData ?? undefined}
            listing={listing}
          />
        )}
      </div>
    </CardPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
