import { data, isRouteErrorResponse, Link, useLocation } from "react-router";
import type { Route } from "./+types/search";
import { appContext } from "../context";
import { cardData, ListingCard } from "../components/listings/listing-card";
import { SearchFilters } from "../components/search/search-filters";
import { useLoadMore } from "../components/search/use-load-more";
import { buttonClass } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { categoryLabel } from "../lib/categories";
import { getViewer } from "../lib/viewer.server";
import { parseSearchParams } from "#core/listings/search-params.ts";
import { toSearchQuery } from "#core/listings/search-query.ts";
import { COUNT_CAP } from "#core/listings/search-listings.ts";
import { searchFromUrl } from "#core/listings/search-from-url.ts";
import { FEW_RESULTS, suggestSpelling } from "#core/search/suggest-spelling.ts";
import { isAppError } from "#core/shared/app-error.ts";
import { PlaceChoice } from "../components/search/place-choice";
import { EmptyResult } from "../components/search/empty-result";
import { emptyResult } from "../lib/empty-result.server";
import { SaveSearchButton } from "../components/saved-searches/save-search-button";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData?.heading ?? "Search swaps";
  return [
    { title: `${title} | SwapShed` },
    { name: "description", content: "Search goods to swap across Australia by what, where and how far." },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  const viewer = await getViewer(ctx, request);
  const { listings, nextCursor, total, fuzzy, params, found, place } = await searchFromUrl(ctx.db, {
    query: url.searchParams,
    viewer,
    limit: 24,
  }).catch((error: unknown) => {
    // A search out of time is a busy server, not a broken page: 503 and a way to try again.
    if (isAppError(error) && error.code === "UNAVAILABLE") throw data(error.message, { status: 503 });
    throw error;
  });
  const heading = params.category
    ? categoryLabel(params.category)
    : params.q
      ? `Results for “${params.q}”`
      : "All swaps";
  // Each choice is this same search from that place, keeping the sort asked for ("nearest" needs the place).
  const asked = parseSearchParams(url.searchParams, { hasOrigin: true });
  const choice =
    found.kind === "choose"
      ? {
          why: found.why,
          options: found.options.map((l) => ({
            label: l.label,
            href: `/search?${toSearchQuery({ ...asked, location: l.label, cursor: undefined })}`,
          })),
        }
      : null;
  // Nothing found: say exactly what was searched, and what lies just past the radius (a first page only).
  const empty = listings.length === 0 && !params.cursor ? await emptyResult(ctx.db, { params, place, viewer }) : null;
  // "Did you mean kayak?" when the words found nothing (the typo-tolerant matches shown instead) or few.
  const suggested =
    params.q && !params.cursor && (fuzzy || (total ?? 0) < FEW_RESULTS)
      ? await suggestSpelling(ctx.db, { q: params.q })
      : null;
  return {
    params,
    heading,
    empty,
    suggestion: suggested
      ? { q: suggested, href: `/search?${toSearchQuery({ ...params, q: suggested, cursor: undefined })}` }
      : null,
    listings: listings.map((listing) => cardData(listing, viewer.userId)),
    // How many match in all, for "Showing 24 of 57 listings"; past the count's cap, "100+".
    total:
      total === null
        ? null
        : {
            count: total,
            label: total > COUNT_CAP ? `${COUNT_CAP.toLocaleString("en-AU")}+` : total.toLocaleString("en-AU"),
          },
    nextPage: nextCursor ? `/search?${toSearchQuery({ ...params, cursor: nextCursor })}` : null,
    unknownPlace: found.kind === "unknown",
    choice,
    place: place ? { label: place.label, name: place.name } : null,
    signedIn: Boolean(viewer.userId),
    viewerId: viewer.userId,
  };
}

type Card = Route.ComponentProps["loaderData"]["listings"][number];

export default function Search({ loaderData }: Route.ComponentProps) {
  const {
    params,
    heading,
    empty,
    suggestion,
    listings,
    total,
    nextPage,
    unknownPlace,
    choice,
    place,
    signedIn,
    viewerId,
  } = loaderData;
  // "Load more" appends the next page in place; without JavaScript the link opens that page instead.
  const more = useLoadMore<Card>(listings.length);
  // A card kept for Back that has since moved up into the first page is shown once.
  const firstIds = new Set(listings.map((l) => l.id));
  const shown = [...listings, ...more.extraCards.filter((card) => !firstIds.has(card.id))];
  const next = more.next === undefined ? nextPage : more.next;

  return (
    <main id="main" className="py-10">
      <Container>
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">{heading}</h1>
        <div className="mt-6">
          <SearchFilters values={params} />
        </div>
        {choice && <PlaceChoice typed={params.location} why={choice.why} options={choice.options} />}
        {unknownPlace && (
          <p role="alert" className="mt-4 rounded-lg border border-accent-400 bg-accent-100/60 px-3 py-2 text-sm">
            We couldn't find “{params.location}”. Try a suburb with its postcode, like “Bondi NSW 2026”; distance
            filters are off until then.
          </p>
        )}
        {suggestion && (
          <p className="mt-4 text-base">
            Did you mean{" "}
            <Link to={suggestion.href} className="font-semibold text-brand-700 underline underline-offset-2">
              {suggestion.q}
            </Link>
            ?
          </p>
        )}
        {/* The cards' titles are h3s: this heading puts a level between them and the page's h1 (and lets a
            screen reader jump past the filters); the count below already says it all visually. */}
        <h2 className="sr-only">Search results</h2>
        <p className="mt-6 text-sm text-muted" role="status">
          {shown.length === 0
            ? `${empty?.description ?? "No listings match your search yet"}.`
            : `${showingCount(shown.length, total)}${place ? (params.radiusKm ? ` within ${params.radiusKm} km of ${place.label}` : `, distances from ${place.label}`) : ""}`}
        </p>
        {/* An empty result offers the same save as "Tell me when one is listed", in its own block below. */}
        {!(shown.length === 0 && empty) && <SaveSearchButton params={params} className="mt-3" />}
        {shown.length === 0 ? (
          empty && <EmptyResult {...empty} signedIn={signedIn} viewerId={viewerId} distanceFrom={place?.name} />
        ) : (
          <ul ref={more.listRef} className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} signedIn={signedIn} viewerId={viewerId} distanceFrom={place?.name} />
              </li>
            ))}
          </ul>
        )}
        {next && (
          <div className="mt-8 text-center">
            <Link
              to={next}
              className={buttonClass({ variant: "outline" })}
              onClick={(event) => {
                event.preventDefault();
                more.load(next);
              }}
            >
              {more.loading ? "Loading..." : "Load more"}
            </Link>
          </div>
        )}
      </Container>
    </main>
  );
}

/** "Showing 24 of 57 listings": what is on screen and how many match in all; "Showing 5 listings" when that is all. */
function showingCount(shown: number, total: { count: number; label: string } | null) {
  return total && total.count > shown
    ? `Showing ${shown} of ${total.label} listings`
    : `Showing ${shown} listing${shown === 1 ? "" : "s"}`;
}

/** A search the server could not finish in time says so in the page's layout, with the same search to try again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (!isRouteErrorResponse(error) || error.status !== 503) throw error;
  return (
    <main id="main" className="bg-surface py-16">
      <Container className="max-w-xl text-center">
        <div className="rounded-2xl border border-line bg-white p-8 shadow-sm">
          <h1 className="text-2xl font-bold tracking-tight">Search is busy</h1>
          <p className="mt-3 text-muted">{String(error.data)}</p>
          <Link to={`${location.pathname}${location.search}`} reloadDocument className={buttonClass({}, "mt-6")}>
            Try again
          </Link>
        </div>
      </Container>
    </main>
  );
}
