import { data, Link } from "react-router";
import type { Route } from "./+types/categories.$slug";
import { appContext } from "../context";
import { RouteError } from "../components/layout/route-error";
import { cardData, ListingCard } from "../components/listings/listing-card";
import { useLoadMore } from "../components/search/use-load-more";
import { buttonClass } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { categoryLabel } from "../lib/categories";
import { getViewer } from "../lib/viewer.server";
import { categoryFromSlug, categoryPath, STATES, stateFromSlug } from "#core/listings/category-slugs.ts";
import { findCategoryListings, parseCategoryCursor } from "#core/listings/find-category-listings.ts";

/**
 * A category's landing page, optionally in one state (/categories/motorcycles, /categories/motorcycles/nsw):
 * server-rendered, shared between visitors like home and search (server/page-cache), in the sitemap (decision
 * 092). An unknown category or state is a 404, so no crawler finds pages of nothing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const category = categoryFromSlug(params.slug);
  const state = params.state === undefined ? null : stateFromSlug(params.state);
  if (!category || (params.state !== undefined && !state)) throw data("Page not found", { status: 404 });
  const ctx = context.get(appContext);
  const viewer = await getViewer(ctx, request);
  const url = new URL(request.url);
  const after = parseCategoryCursor(url.searchParams.get("after"));
  const page = await findCategoryListings(ctx.db, { category, state, after, viewer });
  const path = categoryPath(category, state);
  const label = categoryLabel(category);
  return {
    category,
    state,
    heading: state ? `${label} in ${state}` : label,
    path,
    canonical: `${ctx.env.APP_URL}${path}`,
    laterPage: Boolean(after),
    listings: page.listings.map((listing) => cardData(listing, viewer.userId)),
    nextPage: page.next ? `${path}?after=${encodeURIComponent(page.next)}` : null,
    signedIn: Boolean(viewer.userId),
    viewerId: viewer.userId ?? null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Page not found | SwapShed" }, { name: "robots", content: "noindex" }];
  const where = loaderData.state ? `in ${loaderData.state}` : "across Australia";
  const description = `${categoryLabel(loaderData.category)} to swap ${where}: see what members are offering and propose a swap.`;
  return [
    { title: `${loaderData.heading} to swap | SwapShed` },
    { name: "description", content: description },
    { property: "og:title", content: `${loaderData.heading} to swap` },
    { property: "og:description", content: description },
    { property: "og:url", content: loaderData.canonical },
    { tagName: "link", rel: "canonical", href: loaderData.canonical },
    // A later page is reached through "Load more": its listings are on the first page's way, not a page of its own.
    ...(loaderData.laterPage ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

type Card = Route.ComponentProps["loaderData"]["listings"][number];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, state, heading, listings, nextPage, signedIn, viewerId, laterPage, path } = loaderData;
  const more = useLoadMore<Card>(listings.length);
  const firstIds = new Set(listings.map((l) => l.id));
  const shown = [...listings, ...more.extraCards.filter((card) => !firstIds.has(card.id))];
  const next = more.next === undefined ? nextPage : more.next;
  return (
    <main id="main" className="py-8 sm:py-10">
      <Container>
        <nav aria-label="Breadcrumb" className="text-sm text-muted">
          <Link to="/" className="inline-block py-1 hover:underline">
            Home
          </Link>
          {state && (
            <>
              {" "}
              <span aria-hidden="true">/</span>{" "}
              <Link to={categoryPath(category)} className="inline-block py-1 hover:underline">
                {categoryLabel(category)}
              </Link>
            </>
          )}
        </nav>
        <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
        <p className="mt-1 text-muted">
          {state ? `Listed by members in ${state}.` : "Listed by members across Australia."}{" "}
          <Link to={`/search?category=${category}`} className="font-medium text-brand-700 underline">
            Search with filters
          </Link>
        </p>
        <nav aria-label="States" className="-mx-4 mt-4 overflow-x-auto px-4">
          <ul className="flex gap-2 whitespace-nowrap">
            <li>
              <StateLink to={categoryPath(category)} current={!state} label="All states" />
            </li>
            {STATES.map((s) => (
              <li key={s}>
                <StateLink to={categoryPath(category, s)} current={state === s} label={s} />
              </li>
            ))}
          </ul>
        </nav>
        <h2 className="sr-only">Listings</h2>
        {laterPage && (
          <p className="mt-6 text-sm">
            <Link to={path} className="font-medium text-brand-700 underline">
              Back to the newest
            </Link>
          </p>
        )}
        {shown.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-line px-6 py-14 text-center">
            <p className="text-lg font-semibold">Nothing listed here yet</p>
            <p className="mt-1 text-muted">
              {state ? "Try all states, or check back soon." : "Check back soon, or list something of your own."}
            </p>
          </div>
        ) : (
          <ul ref={more.listRef} className="listing-grid mt-6">
            {shown.map((listing) => (
              <li key={listing.id}>
                <ListingCard listing={listing} signedIn={signedIn} viewerId={viewerId} />
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

function StateLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium ${
        current ? "border-brand-700 bg-brand-700 text-white" : "border-line bg-white text-ink hover:bg-surface"
      }`}
    >
      {label}
    </Link>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
