import { PackageOpen } from "#app/components/ui/icons.ts";
import { ListingCard, type ListingCardData } from "../listings/listing-card";
import { ListingGridSkeleton } from "../listings/listing-grid-skeleton";
import { ButtonLink } from "../ui/button";
import { LoadFailed } from "../ui/load-failed";
import { LocationChooser } from "../listings/location-chooser";
import { Container } from "../ui/container";

type Props = {
  listings: ListingCardData[];
  signedIn: boolean;
  viewerId: string | null;
  /** The listings are on their way (a client navigation): the spec's 6 skeleton cards. */
  loading: boolean;
  locationLabel: string | null;
  loadError: boolean;
};

/** Home's grid of the newest listings (id="browse" is the nav bar's Browse anchor). */
export function AvailableSwaps({ listings, signedIn, viewerId, loading, locationLabel, loadError }: Props) {
  return (
    <section id="browse" aria-labelledby="browse-heading" className="scroll-mt-20 pb-16 pt-4 sm:py-16">
      <Container>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="browse-heading" className="text-lg font-bold tracking-tight sm:text-3xl">
              Available Swaps
            </h2>
            <p className="mt-1 hidden text-muted sm:block">The newest goods members are ready to swap.</p>
          </div>
          {/* Whose distances is part of what is loading: a quiet block of the same size meanwhile. */}
          {loading ? (
            <div aria-hidden="true" className="h-[46px] w-72 max-w-full animate-pulse rounded-xl bg-surface" />
          ) : (
            <LocationChooser label={locationLabel} />
          )}
        </div>
        <div className="mt-4 sm:mt-8" aria-busy={loading}>
          {loading ? (
            <ListingGridSkeleton count={6} />
          ) : loadError ? (
            <LoadFailed message="Failed to load listings" />
          ) : listings.length > 0 ? (
            <>
              <ul className="listing-grid">
                {listings.map((listing) => (
                  <li key={listing.id}>
                    <ListingCard listing={listing} signedIn={signedIn} viewerId={viewerId} />
                  </li>
                ))}
              </ul>
              {/* Home shows the newest 12; everything else, with filters, is on the search page. */}
              <div className="mt-10 text-center">
                <ButtonLink to="/search" variant="outline" size="lg">
                  See all listings
                </ButtonLink>
              </div>
            </>
          ) : (
            <EmptyState signedIn={signedIn} />
          )}
        </div>
      </Container>
    </section>
  );
}

function EmptyState({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
      <PackageOpen className="mx-auto size-10 text-brand-600" aria-hidden="true" />
      <p className="mt-4 text-lg font-semibold">No listings available yet</p>
      <p className="mt-1 text-muted">Be the first to list something worth swapping.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/seed" variant="outline">
          Seed Test Data
        </ButtonLink>
        {signedIn && <ButtonLink to="/create-listing">Create Your First Listing</ButtonLink>}
      </div>
    </div>
  );
}
