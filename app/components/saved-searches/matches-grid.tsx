import { ListingCard, type ListingCardData } from "#app/components/listings/listing-card.tsx";

/** A listing of "Matches for you", with why it is one. */
export type MatchCard = { listing: ListingCardData; twoWay: boolean; theyWant: boolean };

/** Why a listing is a match, above its card: "Two-way match", "They want what you have", "Matches what you want". */
function reason(match: MatchCard) {
  if (match.twoWay) return "Two-way match: you want theirs, they want yours";
  if (match.theyWant) return "They want something you have";
  return "Matches what you're looking for";
}

/** The matches' cards, two-way ones first (the loader's order), each with its reason. */
export function MatchesGrid({ matches, viewerId }: { matches: MatchCard[]; viewerId: string }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {matches.map((match) => (
        <li key={match.listing.id} className="flex flex-col gap-2">
          <p
            className={`self-start rounded-full px-3 py-1 text-xs font-semibold ${match.twoWay ? "bg-brand-700 text-white" : "bg-surface text-ink ring-1 ring-line"}`}
          >
            {reason(match)}
          </p>
          <ListingCard listing={match.listing} signedIn viewerId={viewerId} />
        </li>
      ))}
    </ul>
  );
}
