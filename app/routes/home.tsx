import { Suspense, use } from "react";
import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { appContext } from "../context";
import { About } from "../components/home/about";
import { AvailableSwaps } from "../components/home/available-swaps";
import { CategoryBadges } from "../components/home/category-badges";
import { Faq } from "../components/home/faq";
import { Hero } from "../components/home/hero";
import { cardData } from "../components/listings/listing-card";
import { HowItWorks } from "../components/home/how-it-works";
import { Safety } from "../components/home/safety";
import { recordRequestError } from "#core/logs/record-request-error.ts";
import { getViewer } from "../lib/viewer.server";
import { findHomeListings } from "#core/listings/find-home-listings.ts";
import { findMatchesForYou } from "#core/saved-searches/find-matches-for-you.ts";
import { HomeMatches } from "../components/saved-searches/matches-for-you-section";

export const meta: Route.MetaFunction = () => [
  { title: "SwapShed | Swap your goods across Australia" },
  {
    name: "description",
    content:
      "SwapShed is the Australian marketplace for swapping goods, not selling them: cars, boats, tradie tools, electronics and more.",
  },
  { property: "og:title", content: "SwapShed | Swap your goods across Australia" },
  { property: "og:type", content: "website" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const viewer = await getViewer(ctx, request);
  try {
    const listings = await findHomeListings(ctx.db, { viewer });
    // "Matches for you" (issue 27): a signed-in member's first few, two-way first.
    const matches = viewer.userId ? await findMatchesForYou(ctx.db, { userId: viewer.userId, viewer, limit: 3 }) : [];
    return {
      listings: listings.map((listing) => cardData(listing, viewer.userId)),
      matches: matches.map((m) => ({ listing: cardData(m, viewer.userId), twoWay: m.twoWay, theyWant: m.theyWant })),
      locationLabel: viewer.locationLabel,
      viewerId: viewer.userId,
      loadError: false,
    };
  } catch (error) {
    // The page still shows (with its "could not load" notice); the error goes to the System Logs, stack and all.
    await recordRequestError(ctx, { requestId: ctx.requestId, request, error, userId: viewer.userId });
    return { listings: [], locationLabel: viewer.locationLabel, viewerId: viewer.userId, loadError: true };
  }
}

type HomeData = Awaited<ReturnType<typeof loader>>;

/**
 * On a client navigation the page appears at once, with the spec's 6 skeleton cards where the listings will be,
 * instead of the old page waiting for them. The first visit (and a visit without JavaScript) is rendered by
 * the server with its listings, as before: this runs only in the browser, and not at hydration.
 */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const pending: Promise<HomeData> = serverLoader().catch(() => ({
    listings: [],
    locationLabel: null,
    viewerId: null,
    loadError: true,
  }));
  return { pending };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { user: unknown } | undefined;
  const signedIn = Boolean(root?.user);
  return (
    <main id="main">
      <Hero />
      <CategoryBadges />
      <Suspense fallback={null}>
        <HomeMatches data={loaderData} />
      </Suspense>
      {/* A revalidation (a favourite saved, a suburb set) happens in a transition: the cards stay while it
          loads; only a grid that was not on screen yet shows the skeletons. */}
      <Suspense
        fallback={
          <AvailableSwaps
            listings={[]}
            signedIn={signedIn}
            viewerId={null}
            loading
            locationLabel={null}
            loadError={false}
          />
        }
      >
        <HomeListings data={loaderData} signedIn={signedIn} />
      </Suspense>
      <About />
      <HowItWorks />
      <Safety />
      <Faq />
    </main>
  );
}

function HomeListings({ data, signedIn }: { data: HomeData | { pending: Promise<HomeData> }; signedIn: boolean }) {
  const home = "pending" in data ? use(data.pending) : data;
  return (
    <AvailableSwaps
      listings={home.listings}
      signedIn={signedIn}
      viewerId={home.viewerId}
      loading={false}
      locationLabel={home.locationLabel}
      loadError={home.loadError}
    />
  );
}
