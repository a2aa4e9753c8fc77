import { PackageOpen } from "#app/components/ui/icons.ts";
import { categoryPath } from "#core/listings/category-slugs.ts";
import { categoryLabel } from "#app/lib/categories.ts";
import type { ListingCardData } from "./listing-card";
import { RelatedListings } from "./related-listings";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";

export type GoneListingData = {
  title: string;
  category: string;
  location: string;
  reason: "swapped" | "gone";
  ownerName: string | null;
};

/** What a gone listing's address says (decision 092): "This item has been swapped" or "... is no longer listed". */
export const goneHeading = (reason: GoneListingData["reason"]) =>
  reason === "swapped" ? "This item has been swapped" : "This item is no longer listed";

/**
 * The page a swapped or deleted listing keeps: what it was, where to find its like (its category nearby, similar
 * items, the member's other listings). No pictures or description: those were the listing's, not the address's.
 */
export function GoneListing({
  gone,
  similar,
  fromMember,
  signedIn,
  viewerId,
}: {
  gone: GoneListingData;
  similar: ListingCardData[];
  fromMember: ListingCardData[];
  signedIn: boolean;
  viewerId: string | null;
}) {
  return (
    <main id="main" className="py-8 sm:py-12">
      <Container>
        <div className="rounded-2xl border border-line bg-surface px-6 py-10 text-center">
          <PackageOpen className="mx-auto size-10 text-brand-600" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">{goneHeading(gone.reason)}</h1>
          <p className="mt-2 text-muted wrap-anywhere">
            {gone.title} · {categoryLabel(gone.category)} · {gone.location}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={categoryPath(gone.category)}>Browse {categoryLabel(gone.category)}</ButtonLink>
            <ButtonLink to="/search" variant="outline">
              Search all listings
            </ButtonLink>
          </div>
        </div>
        <RelatedListings
          similar={similar}
          fromMember={fromMember}
          ownerName={gone.ownerName}
          signedIn={signedIn}
          viewerId={viewerId}
        />
      </Container>
    </main>
  );
}
