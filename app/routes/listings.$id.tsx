import type { ShouldRevalidateFunctionArgs } from "react-router";
import { BadgeCheck, CalendarDays, MapPin, Navigation, Star } from "#app/components/ui/icons.ts";
import { data, Link, redirect } from "react-router";
import { useEffect, useRef } from "react";
import type { Route } from "./+types/listings.$id";
import { type AppContext, appContext } from "../context";
import { RouteError } from "../components/layout/route-error";
import { AlreadyProposed } from "../components/listings/already-proposed";
import { FavouriteButton } from "../components/listings/favourite-button";
import { ReportListing } from "../components/listings/report-listing";
import { ListingGallery } from "../components/listings/listing-gallery";
import { reviewCount } from "../components/listings/listing-card";
import { OwnerActions } from "../components/listings/owner-actions";
import { ListingWants } from "../components/listings/listing-wants";
import { ProposeSwapButton } from "../components/swaps/propose-swap-button";
import { MessageButton } from "#app/components/conversations/message-button.tsx";
import { Avatar } from "../components/ui/avatar";
import { ReviewStars } from "../components/reviews/review-stars";
import { findMemberReviews } from "#core/reviews/find-member-reviews.ts";
import { Container } from "../components/ui/container";
import { categoryLabel } from "../lib/categories";
import { conditionLabel, formatDistance, formatValueRange } from "../lib/format";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { getViewer } from "../lib/viewer.server";
import { imageUrl } from "#core/images/image-urls.ts";
import { deleteListing } from "#core/listings/delete-listing.ts";
import { findListing } from "#core/listings/find-listing.ts";
import { canReport } from "#core/moderation/can-report.ts";
import { findPendingProposalForListing } from "#core/swaps/find-pending-proposal-for-listing.ts";
import { formatLongDate, sydneyFormat } from "#core/shared/time.ts";
import { isBlockedBetween } from "#core/conversations/member-blocks.ts";
import { askAboutListing } from "#core/conversations/start-conversation.ts";
import { findGoneListing } from "#core/listings/find-gone-listing.ts";
import { findRelatedListings } from "#core/listings/find-related-listings.ts";
import { categoryPath } from "#core/listings/category-slugs.ts";
import { cardData } from "../components/listings/listing-card";
import { GoneListing, goneHeading } from "../components/listings/gone-listing";
import { RelatedListings } from "../components/listings/related-listings";
import { ShareListingButton } from "../components/listings/share-listing-button";
import { listingStructuredMeta, listingUrl } from "../lib/listing-structured-data";

/** "November 2026": how long the owner has been a member. */
const monthAndYear = sydneyFormat({ month: "long", year: "numeric" });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const viewer = await getViewer(ctx, request);
  const listing = await findListing(ctx.db, { id: params.id, viewer });
  if (!listing) return goneListingPage(ctx, params.id, viewer);
  const isOwner = viewer.userId === listing.ownerId;
  // A member who already proposed a swap for it is told so, instead of being offered a second one.
  const proposed =
    viewer.userId && !isOwner
      ? Boolean(await findPendingProposalForListing(ctx.db, { proposerId: viewer.userId, listingId: listing.id }))
      : false;
  const reportable = await canReport(ctx.db, { viewerId: viewer.userId, ownerId: listing.ownerId });
  // "Message" is offered to a visitor (as a way to sign in) and to a member who is not the owner, unless either of
  // the two has blocked the other: the one who blocked no longer hears from them, nor do they see a way to try.
  const canMessage = !isOwner && (!viewer.userId || !(await isBlockedBetween(ctx.db, viewer.userId, listing.ownerId)));
  // The page's data is written into its HTML for hydration: only what the page draws (not the suburb's parts,
  // which `location` already reads as one line). The owner's id is their public page's address (decision 094).
  const { suburb: _suburb, state: _state, postcode: _postcode, ...shown } = listing;
  const related = await findRelatedListings(ctx.db, { listingId: listing.id, viewer });
  // The owner box shows their latest shown reviews with their text (decision 094).
  const ownerReviews = (await findMemberReviews(ctx.db, { memberId: listing.ownerId, limit: OWNER_BOX_REVIEWS }))
    .reviews;
  return {
    gone: null,
    listing: shown,
    similar: related.similar.map((card) => cardData(card, viewer.userId)),
    fromMember: related.fromMember.map((card) => cardData(card, viewer.userId)),
    viewerId: viewer.userId ?? null,
    signedIn: Boolean(viewer.userId),
    isOwner,
    proposed,
    origin: ctx.env.APP_URL,
    reportable,
    canMessage,
    ownerReviews,
  };
}

const OWNER_BOX_REVIEWS = 3;

/**
 * A swapped or deleted listing keeps its address (decision 092): answered 200 with what it was and its like, and
 * marked noindex. Anything else not found (taken down, never existed) is the 404 it always was.
 */
async function goneListingPage(ctx: AppContext, id: string, viewer: Awaited<ReturnType<typeof getViewer>>) {
  const gone = await findGoneListing(ctx.db, { id });
  if (!gone) throw data("Listing not found", { status: 404 });
  const related = await findRelatedListings(ctx.db, { listingId: gone.id, viewer });
  return {
    gone: {
      title: gone.title,
      category: gone.category,
      location: gone.location,
      reason: gone.reason,
      ownerName: gone.ownerName,
    },
    listing: null,
    similar: related.similar.map((card) => cardData(card, viewer.userId)),
    fromMember: related.fromMember.map((card) => cardData(card, viewer.userId)),
    viewerId: viewer.userId ?? null,
    signedIn: Boolean(viewer.userId),
  };
}

/**
 * What this page posts: a member's "Message" (opens or continues their thread about the listing, then goes there),
 * and the owner's Delete (the same use case and answers as My Listings).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await request.formData();
  if (form.get("intent") === "message") {
    return runAction(
      () => askAboutListing(ctx, { listingId: params.id, askerId: user.id }),
      (thread) => redirect(`/messages/${thread.id}`),
    );
  }
  if (form.get("intent") !== "delete") throw data("Unknown action", { status: 400 });
  // Without JavaScript the question is asked on the page first (see OwnerActions).
  if (form.get("confirmed") !== "yes") return data({ confirm: true as const });
  return runAction(
    () => deleteListing(ctx, { listingId: params.id, actorId: user.id }),
    () => redirectWithFlash(ctx, "/my-listings", { type: "success", message: "Listing deleted" }),
    { unexpected: { message: "Failed to delete listing", log: "delete listing failed" } },
  );
}

/**
 * A report sent from this page changes nothing the page shows (the form says it was sent), and reloading could
 * turn the page into a 404 for the reporter when the report hid the listing (auto takedown): no reload then.
 */
export function shouldRevalidate({ formAction, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction?.endsWith("/report") && actionResult?.ok) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Listing not found | SwapShed" }, { name: "robots", content: "noindex" }];
  if (loaderData.gone) {
    // Out of search engines' indexes, but its links (similar items, the member's others) are still followed.
    return [
      { title: `${goneHeading(loaderData.gone.reason)}: ${loaderData.gone.title} | SwapShed` },
      { name: "robots", content: "noindex, follow" },
    ];
  }
  const { listing, origin } = loaderData;
  const description = listing.description.slice(0, 160);
  const cover = listing.images[0];
  return [
    { title: `${listing.title} | SwapShed` },
    { name: "description", content: description },
    { property: "og:title", content: listing.title },
    { property: "og:description", content: description },
    { property: "og:type", content: "product" },
    { property: "og:url", content: listingUrl(origin, listing.id) },
    ...(cover
      ? [{ property: "og:image", content: `${origin}${imageUrl(cover, cover.widths[cover.widths.length - 1])}` }]
      : []),
    ...listingStructuredMeta(listing, origin),
  ];
};

export default function ListingPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.gone) {
    const { gone, similar, fromMember, signedIn, viewerId } = loaderData;
    return (
      <GoneListing gone={gone} similar={similar} fromMember={fromMember} signedIn={signedIn} viewerId={viewerId} />
    );
  }
  return <LiveListing loaderData={loaderData} actionData={actionData} />;
}

type LiveData = Extract<Route.ComponentProps["loaderData"], { gone: null }>;

function LiveListing({
  loaderData,
  actionData,
}: {
  loaderData: LiveData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { listing, signedIn, isOwner, proposed, canMessage } = loaderData;
  // Whether this listing's page was drawn without a proposal: if one appears now, it was just sent from the dialog.
  const before = useRef({ id: listing.id, proposed });
  const justProposed = proposed && before.current.id === listing.id && !before.current.proposed;
  useEffect(() => {
    before.current = { id: listing.id, proposed };
  });
  const actionError = actionData && "error" in actionData ? actionData.error : null;
  // A failed delete is said once, beside the owner's actions (decision 048).
  return (
    <main id="main" className="py-8 sm:py-12">
      <Container>
        <nav aria-label="Breadcrumb" className="text-sm text-muted">
          <Link to="/" className="inline-block py-1 hover:underline">
            Home
          </Link>{" "}
          <span aria-hidden="true">/</span>{" "}
          <Link to={categoryPath(listing.category)} className="inline-block py-1 hover:underline">
            {categoryLabel(listing.category)}
          </Link>
        </nav>
        <div className="mt-4 grid gap-8 lg:grid-cols-[1.4fr_1fr]">
          <ListingGallery images={listing.images} title={listing.title} />
          {/* min-w-0 here and on the title: a long word in it wraps instead of widening the column (N18). */}
          <div className="min-w-0">
            <div className="flex items-start justify-between gap-4">
              <h1 className="min-w-0 text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{listing.title}</h1>
              {!isOwner && listing.status === "active" && (
                <FavouriteButton
                  listingId={listing.id}
                  isFavourite={listing.isFavourite}
                  title={listing.title}
                  size="md"
                />
              )}
            </div>
            <div className="mt-3 flex flex-wrap gap-2 text-xs font-semibold">
              <span className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-800">
                {categoryLabel(listing.category)}
              </span>
              <span className="rounded-full bg-surface px-2.5 py-1 text-ink">{conditionLabel(listing.condition)}</span>
              {listing.status !== "active" && (
                <span className="rounded-full bg-accent-100 px-2.5 py-1 text-ink capitalize">{listing.status}</span>
              )}
            </div>
            <p className="mt-5 text-sm text-muted">Value range</p>
            <p className="text-2xl font-bold text-ink">{formatValueRange(listing.valueMin, listing.valueMax)}</p>
            <dl className="mt-5 space-y-2 text-sm">
              <div className="flex items-center gap-2">
                <MapPin className="size-4 text-muted" aria-hidden="true" />
                <dt className="sr-only">Location</dt>
                <dd>{listing.location}</dd>
              </div>
              {listing.distanceKm != null && (
                <div className="flex items-center gap-2">
                  <Navigation className="size-4 text-muted" aria-hidden="true" />
                  <dt className="sr-only">Distance</dt>
                  <dd>{formatDistance(listing.distanceKm)} from you</dd>
                </div>
              )}
              <div className="flex items-center gap-2">
                <CalendarDays className="size-4 text-muted" aria-hidden="true" />
                <dt className="sr-only">Listed</dt>
                <dd>Listed {formatLongDate(listing.createdAt)}</dd>
              </div>
            </dl>
            <section aria-labelledby="owner-heading" className="mt-6 rounded-2xl border border-line p-4">
              <h2 id="owner-heading" className="text-sm font-semibold text-muted">
                Listed by
              </h2>
              <p className="mt-1 flex items-center gap-1.5 font-semibold">
                <Avatar name={listing.ownerName} url={listing.ownerAvatarUrl} size="md" className="mr-1" />
                <Link to={`/members/${listing.ownerId}`} className="underline-offset-2 hover:underline">
                  {listing.ownerName ?? "Unknown"}
                </Link>
                {listing.ownerVerified && (
                  <BadgeCheck className="size-4 text-brand-600" aria-label="Verified" role="img" />
                )}
              </p>
              <p className="mt-1 flex items-center gap-1 text-sm text-muted">
                <Star className="size-4 fill-accent-400 text-accent-500" aria-hidden="true" />
                {listing.ownerRating != null
                  ? `${listing.ownerRating.toFixed(1)} from ${reviewCount(listing.ownerReviewCount)}`
                  : "New member, no reviews yet"}
              </p>
              <p className="mt-1 text-sm text-muted">
                Member since {monthAndYear.format(new Date(listing.ownerSince))}
              </p>
              <OwnerReviews reviews={loaderData.ownerReviews} ownerId={listing.ownerId} />
            </section>
            {isOwner ? (
              <>
                {actionError && (
                  <p
                    role="alert"
                    className="mt-6 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger"
                  >
                    {actionError}
                  </p>
                )}
                <OwnerActions
                  listingId={listing.id}
                  title={listing.title}
                  status={listing.status}
                  confirming={Boolean(actionData && "confirm" in actionData)}
                />
              </>
            ) : (
              // A swap partner may see a reserved or swapped listing (from My Swaps); only an active one takes proposals.
              listing.status === "active" && (
                <div id="propose" className="mt-6">
                  {proposed ? (
                    <AlreadyProposed focusOnMount={justProposed} />
                  ) : (
                    <ProposeSwapButton
                      listingId={listing.id}
                      title={listing.title}
                      signedIn={signedIn}
                      size="lg"
                      className="w-full"
                    />
                  )}
                  {canMessage && (
                    <MessageButton listingId={listing.id} signedIn={signedIn} error={actionError} className="mt-3" />
                  )}
                  <p className="mt-2 text-center text-xs text-muted">
                    Contact details are shared only after both sides pay the $9.99 handshake fee.
                  </p>
                </div>
              )
            )}
            {loaderData.reportable && <ReportListing listingId={listing.id} />}
            <div className="mt-4">
              <ShareListingButton url={listingUrl(loaderData.origin, listing.id)} title={listing.title} />
            </div>
          </div>
        </div>
        <section aria-labelledby="description-heading" className="mt-10 max-w-3xl">
          <h2 id="description-heading" className="text-lg font-semibold">
            Description
          </h2>
          <p className="mt-2 whitespace-pre-line leading-relaxed text-ink wrap-anywhere">{listing.description}</p>
          {listing.vehicleId && (
            <p className="mt-3 text-sm">
              <span className="font-semibold">VIN/HIN:</span>{" "}
              <span className="font-mono wrap-anywhere">{listing.vehicleId}</span>{" "}
              <span className="text-muted">
                (check it on the{" "}
                <a
                  href="https://www.ppsr.gov.au/"
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand-700 underline"
                >
                  PPSR
                </a>{" "}
                before you swap)
              </span>
            </p>
          )}
        </section>
        <ListingWants wants={listing.wants} categories={listing.wantsCategories} />
        <RelatedListings
          similar={loaderData.similar}
          fromMember={loaderData.fromMember}
          ownerName={listing.ownerName}
          signedIn={signedIn}
          viewerId={loaderData.viewerId}
        />
      </Container>
    </main>
  );
}

/** The owner's latest shown reviews, each with its text, and the way to all of them and to the owner's page. */
function OwnerReviews({ reviews, ownerId }: { reviews: LiveData["ownerReviews"]; ownerId: string }) {
  return (
    <div className="mt-3 border-t border-line pt-3">
      {reviews.length > 0 && (
        <ul aria-label="Latest reviews" className="space-y-2">
          {reviews.map((review) => (
            <li key={review.id} className="text-sm">
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
                <ReviewStars rating={review.rating} />
                <span>{review.reviewer.name ?? "A member"}</span>
              </p>
              {review.comment && <p className="mt-0.5 line-clamp-3 wrap-anywhere">{review.comment}</p>}
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/members/${ownerId}${reviews.length ? "#reviews" : ""}`}
        className="mt-2 inline-block py-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {reviews.length ? "See all reviews and their profile" : "See their profile"}
      </Link>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
