import { Bell, SearchX } from "#app/components/ui/icons.ts";
import { Link } from "react-router";
import { ListingCard, type ListingCardData } from "../listings/listing-card";
import { buttonClass } from "../ui/button";

export type EmptyResultData = {
  /** "No kayaks within 25 km of Parramatta NSW 2150": the search page's result line says it. */
  description: string;
  /** The nearest matches past the radius, and the same search widened to reach them. */
  beyond: {
    heading: string;
    listings: ListingCardData[];
    wider: { label: string; href: string };
  } | null;
  /** The search's fields, for "Tell me when one is listed" (a saved search). */
  saveFields: { name: string; value: string }[];
};

type Props = EmptyResultData & { signedIn: boolean; viewerId: string | null; distanceFrom?: string | null };

/**
 * A search that found nothing: the nearest matches just past the radius ("3 more within 50 km") with a one-click
 * wider search, or a hint when there are none; and "Tell me when one is listed", which saves the search
 * (POST /account/saved-searches, intent=save: a plain form, so it works without JavaScript).
 */
export function EmptyResult({ beyond, saveFields, signedIn, viewerId, distanceFrom }: Props) {
  return (
    <div className="mt-6 space-y-6">
      {beyond ? (
        <section aria-labelledby="beyond-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="beyond-heading" className="text-lg font-semibold">
              {beyond.heading}
            </h3>
            <Link to={beyond.wider.href} className={buttonClass({ variant: "outline" })}>
              {beyond.wider.label}
            </Link>
          </div>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {beyond.listings.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} signedIn={signedIn} viewerId={viewerId} distanceFrom={distanceFrom} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <div className="rounded-2xl border border-dashed border-line px-6 py-10 text-center">
          <SearchX className="mx-auto size-10 text-brand-600" aria-hidden="true" />
          <p className="mt-3 text-muted">Try other words, a wider distance or a different category.</p>
        </div>
      )}
      <form
        method="post"
        action="/account/saved-searches"
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
      >
        {saveFields.map(({ name, value }) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="intent" value="save" />
        <p className="text-sm text-muted">Nothing yet? We can let you know as soon as a match is listed.</p>
        <button type="submit" className={buttonClass({}, "shrink-0")}>
          <Bell className="size-4" aria-hidden="true" />
          Tell me when one is listed
        </button>
      </form>
    </div>
  );
}
