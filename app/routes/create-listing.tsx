import type { Route } from "./+types/create-listing";
import { appContext } from "../context";
import { readListingForm } from "#core/listings/read-listing-form.ts";
import { ListingForm } from "../components/listings/form/listing-form";
import { CardPage } from "../components/layout/card-page";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { safeRedirect } from "../lib/safe-redirect";
import { createListing } from "#core/listings/create-listing.ts";
import { findProfileSuburb } from "#core/accounts/find-profile-suburb.ts";

export const meta: Route.MetaFunction = () => [
  { title: "List an item | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  // The Location field starts from the member's profile suburb (they can change it for this listing).
  return { profileSuburb: await findProfileSuburb(ctx.db, user.id), returnTo: returnToOf(request, "") };
}

/**
 * Where to go once the listing exists: the spec's /my-listings, or the page that sent the member here to list
 * something first (the proposal they were making, decision 069). A same-site path only, checked on the server.
 */
function returnToOf(request: Request, fallback: string) {
  return safeRedirect(new URL(request.url).searchParams.get("returnTo"), fallback);
}

/** The no-JavaScript path; with JavaScript the form posts to /api/v1/listings, which calls the same use case. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  // What was typed goes back into the form (nothing yet if the form itself could not be read).
  let values: Record<string, string> = {};
  return runAction(
    async () => {
      const input = await readListingForm(request);
      values = input.echo;
      return createListing(ctx, { ownerId: user.id, ...input });
    },
    () =>
      redirectWithFlash(ctx, returnToOf(request, "/my-listings"), {
        type: "success",
        message: "Listing created successfully!",
      }),
    { echo: () => ({ values }) },
  );
}

export default function CreateListing({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CardPage
      title="List an item"
      intro="Listing is free. You only pay the $9.99 handshake fee once a swap is accepted."
      width="wide"
    >
      {loaderData.returnTo && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800"
        >
          Once it's listed, we'll take you straight back to propose your swap.
        </p>
      )}
      <div className="mt-6">
        <ListingForm
          result={actionData}
          defaultLocation={loaderData.profileSuburb ?? undefined}
          doneTo={loaderData.returnTo || undefined}
        />
      </div>
    </CardPage>
  );
}
