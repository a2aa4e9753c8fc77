import { BadgeCheck, MapPin, Navigation, Star } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import { imageUrl, srcSet } from "#core/images/image-urls.ts";
import { categoryLabel } from "#app/lib/categories.ts";
import { conditionLabel, formatDistance, formatValueRange } from "#app/lib/format.ts";
import { ProposeSwapButton } from "../swaps/propose-swap-button";
import { NoPicture } from "./cover-picture";
import { FavouriteButton } from "./favourite-button";

export type ListingCardData = {
  id: string;
  title: string;
  category: string;
  condition: string;
  valueMin: number;
  valueMax: number;
  location: string;
  images: { key: string; widths: number[] }[];
  ownerName: string | null;
  ownerVerified: boolean;
  ownerRating: number | null;
  ownerReviewCount: number;
  isFavourite: boolean;
  distanceKm: number | null;
  ownerId?: string;
};

/**
 * Exactly what a card draws, for a loader to return: React Router writes a page's loader data into its HTML for
 * hydration, so whatever else a listing row holds (status, creation time, its other pictures) would be sent
 * once more with every card. The owner's id only tells a signed-in member "Your listing": visitors get none.
 */
export function cardData(listing: ListingCardData, viewerId: string | null | undefined): ListingCardData {
  const { id, title, category, condition, valueMin, valueMax, location, images, ownerName, ownerVerified } = listing;
  return {
    id,
    title,
    category,
    condition,
    valueMin,
    valueMax,
    location,
    // The card shows the cover only.
    images: images.slice(0, 1).map(({ key, widths }) => ({ key, widths })),
    ownerName,
    ownerVerified,
    ownerRating: listing.ownerRating,
    ownerReviewCount: listing.ownerReviewCount,
    isFavourite: listing.isFavourite,
    distanceKm: listing.distanceKm,
    ...(viewerId && listing.ownerId ? { ownerId: listing.ownerId } : {}),
  };
}

/**
 * A listing in a grid, exactly as the spec lists it: image, category, location, distance, value range, condition, owner, favourite, Propose Swap.
 * `distanceFrom` names the place a search measured from ("3 km from Newtown"); without it the distance is from the viewer's suburb ("3 km away").
 */
export function ListingCard({
  listing,
  signedIn,
  viewerId,
  distanceFrom,
  propose = true,
}: {
  listing: ListingCardData;
  signedIn: boolean;
  viewerId?: string | null;
  distanceFrom?: string | null;
  /** Without its Propose Swap: the rows under a listing, whose page has the one Propose Swap it offers. */
  propose?: boolean;
}) {
  const cover = listing.images[0];
  const own = Boolean(viewerId) && listing.ownerId === viewerId;
  const href = `/listings/${listing.id}`;
  return (
    <article className="listing-card">
      <div className="listing-card-media">
        {cover ? (
          <img
            src={imageUrl(cover, cover.widths[0])}
            srcSet={srcSet(cover)}
            sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
            alt={listing.title}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <NoPicture
            className="flex size-full flex-col items-center justify-center gap-2 text-muted"
            iconClassName="size-8"
          />
        )}
        <span className="listing-card-category">{categoryLabel(listing.category)}</span>
        {!own && (
          <div className="absolute right-3 top-3">
            <FavouriteButton listingId={listing.id} isFavourite={listing.isFavourite} title={listing.title} />
          </div>
        )}
      </div>
      <div className="listing-card-body">
        <h3 className="listing-card-title">
          <Link to={href} className="hover:underline">
            {listing.title}
          </Link>
        </h3>
        <p className="listing-card-places">
          <span className="flex items-center gap-1">
            <MapPin className="size-4" aria-hidden="true" />
            {listing.location}
          </span>
          {listing.distanceKm != null && (
            <span className="flex items-center gap-1">
              <Navigation className="size-3.5" aria-hidden="true" />
              {formatDistance(listing.distanceKm)} {distanceFrom ? `from ${distanceFrom}` : "away"}
            </span>
          )}
        </p>
        <p className="text-sm text-muted">
          Value range{" "}
          <span className="font-semibold text-ink">{formatValueRange(listing.valueMin, listing.valueMax)}</span>
        </p>
        <div className="listing-card-footer">
          <span className="listing-card-condition">{conditionLabel(listing.condition)}</span>
          <OwnerLine listing={listing} />
        </div>
        {own ? (
          <p className="mt-3 rounded-lg bg-surface py-2 text-center text-sm font-medium text-muted">Your listing</p>
        ) : (
          propose && (
            <ProposeSwapButton
              listingId={listing.id}
              title={listing.title}
              signedIn={signedIn}
              className="mt-3 w-full"
            />
          )
        )}
      </div>
    </article>
  );
}

function OwnerLine({ listing }: { listing: ListingCardData }) {
  return (
    <span className="listing-card-owner">
      <span className="truncate">{listing.ownerName ?? "Unknown"}</span>
      {listing.ownerVerified && (
        <BadgeCheck className="size-4 shrink-0 text-brand-600" aria-label="Verified" role="img" />
      )}
      {listing.ownerRating != null ? (
        <span className="flex shrink-0 items-center gap-0.5 font-medium text-ink">
          <Star className="size-3.5 fill-accent-400 text-accent-500" aria-hidden="true" />
          <span>
            {listing.ownerRating.toFixed(1)}
            <span className="sr-only"> out of 5 from {reviewCount(listing.ownerReviewCount)}</span>
          </span>
        </span>
      ) : (
        // Not "New": beside the condition badge ("New") it read as a second condition.
        <span className="shrink-0 text-xs">No reviews yet</span>
      )}
    </span>
  );
}

/** "1 review", "12 reviews". */
export const reviewCount = (n: number) => `${n} review${n === 1 ? "" : "s"}`;
