import { ListingCard, type ListingCardData } from "./listing-card";

type Props = {
  similar: ListingCardData[];
  fromMember: ListingCardData[];
  /** The owner's name for "More from Dana"; "this member" without one. */
  ownerName: string | null;
  signedIn: boolean;
  viewerId: string | null;
};

/**
 * Under a listing, live or gone: "More like this" and "More from this member"; a row with nothing is left out. Their
 * cards carry no Propose Swap: the page's own is the one it offers, and each card's title leads to its own.
 */
export function RelatedListings({ similar, fromMember, ownerName, signedIn, viewerId }: Props) {
  return (
    <>
      <Row id="similar-heading" heading="More like this" listings={similar} signedIn={signedIn} viewerId={viewerId} />
      <Row
        id="member-heading"
        heading={`More from ${ownerName ?? "this member"}`}
        listings={fromMember}
        signedIn={signedIn}
        viewerId={viewerId}
      />
    </>
  );
}

function Row({
  id,
  heading,
  listings,
  signedIn,
  viewerId,
}: {
  id: string;
  heading: string;
  listings: ListingCardData[];
  signedIn: boolean;
  viewerId: string | null;
}) {
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-12">
      <h2 id={id} className="text-xl font-bold tracking-tight">
        {heading}
      </h2>
      <ul className="listing-grid mt-4">
        {listings.map((listing) => (
          <li key={listing.id}>
            <ListingCard listing={listing} signedIn={signedIn} viewerId={viewerId} propose={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
