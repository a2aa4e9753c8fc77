import { Link } from "react-router";
import { MapPin } from "#app/components/ui/icons.ts";
import { categoryLabel } from "#app/lib/categories.ts";
import { NoPicture } from "./cover-picture";
import { FavouriteButton } from "./favourite-button";

/** "Swapped" for a swapped listing; "No longer listed" for one deleted or reserved in someone's swap. */
export const goneBadge = (status: string) => (status === "swapped" ? "Swapped" : "No longer listed");

/**
 * A saved listing that has since left the site (decision 092): kept in My Favourites with its badge, its title
 * still leading to its address (which says what happened and shows its like), and the heart to let it go. No
 * picture: those are private once a listing is not public.
 */
export function GoneFavouriteCard({
  listing,
}: {
  listing: { id: string; title: string; category: string; location: string; status: string };
}) {
  return (
    <article className="listing-card opacity-90">
      <div className="listing-card-media">
        <NoPicture
          className="flex size-full flex-col items-center justify-center gap-2 text-muted"
          iconClassName="size-8"
        />
        <span className="absolute left-3 top-3 rounded-full bg-ink px-2.5 py-1 text-xs font-semibold text-white shadow-sm">
          {goneBadge(listing.status)}
        </span>
        <div className="absolute right-3 top-3">
          <FavouriteButton listingId={listing.id} isFavourite title={listing.title} />
        </div>
      </div>
      <div className="listing-card-body">
        <h3 className="listing-card-title">
          <Link to={`/listings/${listing.id}`} className="hover:underline">
            {listing.title}
          </Link>
        </h3>
        <p className="listing-card-places">
          <span className="flex items-center gap-1">
            <MapPin className="size-4" aria-hidden="true" />
            {listing.location}
          </span>
        </p>
        <p className="text-sm text-muted">{categoryLabel(listing.category)}</p>
      </div>
    </article>
  );
}
