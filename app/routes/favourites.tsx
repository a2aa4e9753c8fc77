import { Heart } from "#app/components/ui/icons.ts";
import type { Route } from "./+types/favourites";
import { appContext } from "../context";
import { ListingCard } from "../components/listings/listing-card";
import { GoneFavouriteCard } from "../components/listings/gone-favourite-card";
import { ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { requireUser } from "../lib/require-user.server";
import { getViewer } from "../lib/viewer.server";
import { findFavouriteListings } from "#core/listings/find-favourite-listings.ts";

export const meta: Route.MetaFunction = () => [
  { title: "My Favourites | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const viewer = await getViewer(ctx, request);
  return { listings: await findFavouriteListings(ctx.db, { userId: user.id, viewer, includeGone: true }) };
}

export default function Favourites({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="py-10">
      <Container>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Favourites</h1>
        <p className="mt-1 text-muted">Listings you have saved to come back to.</p>
        {loaderData.listings.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
            <Heart className="mx-auto size-10 text-brand-600" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold">No favourites yet</p>
            <p className="mt-1 text-muted">Tap the heart on any listing to save it here.</p>
            <ButtonLink to="/#browse" className="mt-6">
              Browse swaps
            </ButtonLink>
          </div>
        ) : (
          <section aria-labelledby="saved-heading">
            {/* The cards' titles are h3s (as on home and search): this h2 keeps the outline h1 > h2 > h3. */}
            <h2 id="saved-heading" className="sr-only">
              Saved listings
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.listings.map((listing) => (
                <li key={listing.id}>
                  {listing.status === "active" ? (
                    <ListingCard listing={listing} signedIn />
                  ) : (
                    <GoneFavouriteCard listing={listing} />
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </Container>
    </main>
  );
}
