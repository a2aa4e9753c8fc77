import { PackageOpen, Plus } from "#app/components/ui/icons.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/my-listings";
import { appContext } from "../context";
import { Button, ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { DeleteListingButton } from "../components/listings/delete-listing-button";
import { LoadFailed } from "../components/ui/load-failed";
import { formatValueRange } from "../lib/format";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { SmallCover } from "../components/listings/cover-picture";
import { deleteListing } from "#core/listings/delete-listing.ts";
import { whyNotEditable } from "#core/listings/listing-edit-rules.ts";
import { findMyListings } from "#core/listings/find-my-listings.ts";
import { recordRequestError } from "#core/logs/record-request-error.ts";

export const meta: Route.MetaFunction = () => [
  { title: "My Listings | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  try {
    const cursor = new URL(request.url).searchParams.get("cursor");
    const { listings, nextCursor } = await findMyListings(ctx.db, { ownerId: user.id, cursor });
    return { listings, nextCursor, paged: !!cursor, loadError: false };
  } catch (error) {
    // The page still shows (with its "could not load" notice); the error goes to the System Logs, stack and all.
    await recordRequestError(ctx, { requestId: ctx.requestId, request, error, userId: user.id });
    return { listings: [], nextCursor: null, paged: false, loadError: true };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await request.formData();
  const listingId = String(form.get("listingId") ?? "");
  // The browser asks "Are you sure...?" itself once the page runs JavaScript; a Delete sent before that (or
  // without it) gets the same question on the page, and nothing is deleted until it is answered.
  if (form.get("confirmed") !== "yes") return data({ confirm: listingId });
  return runAction(
    () => deleteListing(ctx, { listingId, actorId: user.id }),
    () => redirectWithFlash(ctx, "/my-listings", { type: "success", message: "Listing deleted" }),
    { unexpected: { message: "Failed to delete listing", log: "delete listing failed" } },
  );
}

const STATUS_STYLES: Record<string, string> = {
  active: "bg-brand-50 text-brand-800",
  reserved: "bg-accent-100 text-ink",
  swapped: "bg-surface text-ink",
  cancelled: "bg-red-50 text-danger",
};

export default function MyListings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const confirming = actionData && "confirm" in actionData ? actionData.confirm : null;
  // Messages once (decision 048): a failed delete says why above the list, a failed load where the list would be.
  return (
    <main id="main" className="py-10">
      <Container>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Listings</h1>
            <p className="mt-1 text-muted">Everything you have listed, and where each one stands.</p>
          </div>
          <ButtonLink to="/create-listing" variant="accent">
            <Plus className="size-4" aria-hidden="true" />
            List Item
          </ButtonLink>
        </div>
        {actionData && "error" in actionData && (
          <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
            {actionData.error}
          </p>
        )}
        {loaderData.loadError ? (
          <LoadFailed message="Failed to load your listings" className="mt-8" />
        ) : loaderData.listings.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
            <PackageOpen className="mx-auto size-10 text-brand-600" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold">You haven't listed anything yet</p>
            <p className="mt-1 text-muted">List something you own and start getting swap offers.</p>
            <ButtonLink to="/create-listing" className="mt-6">
              Create Your First Listing
            </ButtonLink>
          </div>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.listings.map((listing) => {
              const deleting = navigation.formData?.get("listingId") === listing.id;
              return (
                <li
                  key={listing.id}
                  className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
                >
                  <SmallCover
                    images={listing.images}
                    alt={listing.title}
                    lazy
                    className="aspect-[4/3] w-full object-cover"
                    emptyClassName="flex aspect-[4/3] items-center justify-center bg-surface text-muted"
                    iconClassName="size-8"
                  />
                  <div className="flex flex-1 flex-col gap-2 p-4">
                    <div className="flex items-start justify-between gap-2">
                      <h2 className="min-w-0 font-semibold wrap-anywhere">
                        {listing.status === "active" ? (
                          <Link to={`/listings/${listing.id}`} className="hover:underline">
                            {listing.title}
                          </Link>
                        ) : (
                          listing.title
                        )}
                      </h2>
                      <span
                        className={`shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold capitalize ${STATUS_STYLES[listing.status] ?? "bg-surface"}`}
                      >
                        {listing.status}
                      </span>
                    </div>
                    <p className="text-sm font-semibold">{formatValueRange(listing.valueMin, listing.valueMax)}</p>
                    <p className="line-clamp-3 text-sm text-muted wrap-anywhere">{listing.description}</p>
                    <ModerationNote id={listing.id} status={listing.moderationStatus} reason={listing.takedownReason} />
                    {!DELETABLE.has(listing.status) ? (
                      <p className="mt-auto pt-3 text-xs text-muted">
                        Part of an accepted or completed swap: it stays in your swap history.
                      </p>
                    ) : confirming === listing.id ? (
                      <Form method="post" className="mt-auto space-y-2 pt-3">
                        <p role="alert" className="text-sm font-semibold">
                          Are you sure you want to delete this listing?
                        </p>
                        <input type="hidden" name="listingId" value={listing.id} />
                        <input type="hidden" name="confirmed" value="yes" />
                        <div className="flex gap-2">
                          <Button
                            type="submit"
                            variant="outline"
                            size="sm"
                            className="flex-1 text-danger"
                            disabled={deleting}
                          >
                            {deleting ? "Deleting..." : "Delete"}
                          </Button>
                          <ButtonLink to="/my-listings" variant="outline" size="sm" className="flex-1">
                            Cancel
                          </ButtonLink>
                        </div>
                      </Form>
                    ) : (
                      <div className="mt-auto grid auto-cols-fr grid-flow-col gap-2 pt-3">
                        {/* Only an active listing changes (listing-edit-rules.ts): a removed one offers Delete alone. */}
                        {!whyNotEditable(listing.status) && (
                          <ButtonLink to={`/listings/${listing.id}/edit`} variant="outline" size="sm">
                            Edit<span className="sr-only"> {listing.title}</span>
                          </ButtonLink>
                        )}
                        <DeleteListingButton
                          fields={{ listingId: listing.id }}
                          title={listing.title}
                          deleting={deleting}
                          hydrated={hydrated}
                          className=""
                        />
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {(loaderData.nextCursor || loaderData.paged) && (
          <nav aria-label="Pages" className="mt-8 flex justify-between gap-3">
            {loaderData.paged ? (
              <Link to="/my-listings" className="font-semibold text-brand-700 hover:underline">
                ← Newest listings
              </Link>
            ) : (
              <span />
            )}
            {loaderData.nextCursor && (
              <Link
                to={`/my-listings?cursor=${encodeURIComponent(loaderData.nextCursor)}`}
                className="font-semibold text-brand-700 hover:underline"
              >
                Older listings →
              </Link>
            )}
          </nav>
        )}
      </Container>
    </main>
  );
}

/** A listing its owner can delete: not reserved or swapped (those stay in the swap history; the server refuses too). */
const DELETABLE = new Set(["active", "cancelled"]);

/** What moderators did, and why, in the owner's words. */
function ModerationNote({ id, status, reason }: { id: string; status: string; reason: string | null }) {
  if (status === "pending") {
    return (
      <p className="rounded-lg bg-accent-100 px-3 py-2 text-sm text-ink">
        <span className="font-semibold">Under review</span>: members reported this listing, so it is hidden from others
        until our moderators have looked at it.
      </p>
    );
  }
  if (status !== "rejected" && status !== "takedown") return null;
  return (
    <div className="rounded-lg bg-red-50 px-3 py-2 text-sm text-danger">
      <p>
        {status === "takedown" ? "Taken down" : "Rejected"} by our moderators{reason ? `: ${reason}` : ""}
      </p>
      {/* Decision 097: the owner may appeal once; the page says where an appeal stands. */}
      <Link to={`/listings/${id}/appeal`} className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
        Appeal this decision
      </Link>
    </div>
  );
}
