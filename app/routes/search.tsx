import { SearchX } from "lucide-react";
import type { Route } from "./+types/search";
import { appContext } from "../context";
import { ListingCard } from "../components/listings/listing-card";
import { Container } from "../components/ui/container";
import { CATEGORIES, categoryLabel, isCategory } from "../lib/categories";
import { getViewer } from "../lib/viewer.server";
import { searchListings } from "../../core/listings/search-listings";
import { buttonClass } from "../components/ui/button";

export const meta: Route.MetaFunction = () => [{ title: "Search swaps | SwapShed" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const location = url.searchParams.get("location") ?? "";
  const category = url.searchParams.get("category") ?? "";
  const ctx = context.get(appContext);
  const viewer = await getViewer(ctx, request);
  const results = await searchListings(ctx.db, { q, location, category, viewer });
  return { q, location, category: isCategory(category) ? category : "", results, signedIn: Boolean(viewer.userId), viewerId: viewer.userId };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, location, category, results, signedIn, viewerId } = loaderData;
  const heading = category ? categoryLabel(category) : q ? `Results for “${q}”` : "All swaps";
  return (
    <main id="main" className="py-10">
      <Container>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
        {/* biome-ignore lint/a11y/useSemanticElements: a plain form with role="search" keeps the landmark without a wrapper */}
        <form method="get" action="/search" role="search" className="mt-6 grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_1fr_auto_auto]">
          <label className="sr-only" htmlFor="search-q">What are you looking for?</label>
          <input id="search-q" name="q" defaultValue={q} placeholder="What are you looking for?" className="h-11 rounded-lg border border-line bg-white px-3" />
          <label className="sr-only" htmlFor="search-location">Suburb or postcode</label>
          <input id="search-location" name="location" defaultValue={location} placeholder="Sydney" className="h-11 rounded-lg border border-line bg-white px-3" />
          <label className="sr-only" htmlFor="search-category">Category</label>
          <select id="search-category" name="category" defaultValue={category} className="h-11 rounded-lg border border-line bg-white px-3">
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>{c.label}</option>
            ))}
          </select>
          <button type="submit" className={buttonClass()}>Search</button>
        </form>
        <p className="mt-6 text-sm text-muted" role="status">
          {results.length === 0 ? "No listings match your search yet." : `${results.length} listing${results.length === 1 ? "" : "s"} found`}
        </p>
        {results.length === 0 ? (
          <div className="mt-6 rounded-2xl border border-dashed border-line px-6 py-14 text-center">
            <SearchX className="mx-auto size-10 text-brand-600" aria-hidden="true" />
            <p className="mt-3 text-muted">Try other words, another suburb or a different category.</p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((listing) => (
              <li key={listing.id}><ListingCard listing={listing} signedIn={signedIn} viewerId={viewerId} /></li>
            ))}
          </ul>
        )}
      </Container>
    </main>
  );
}
