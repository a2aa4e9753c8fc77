import { useEffect } from "react";
import { useNavigation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { appContext } from "../context";
import { About } from "../components/home/about";
import { AvailableSwaps } from "../components/home/available-swaps";
import { CategoryBadges } from "../components/home/category-badges";
import { Faq } from "../components/home/faq";
import { Hero } from "../components/home/hero";
import { HowItWorks } from "../components/home/how-it-works";
import { Safety } from "../components/home/safety";
import { toast } from "../lib/toast";
import { logger } from "../../core/shared/logger";
import { getViewer } from "../lib/viewer.server";
import { findHomeListings } from "../../core/listings/find-home-listings";

export const meta: Route.MetaFunction = () => [
  { title: "SwapShed | Swap your goods across Australia" },
  {
    name: "description",
    content: "SwapShed is the Australian marketplace for swapping goods, not selling them: cars, boats, tradie tools, electronics and more.",
  },
  { property: "og:title", content: "SwapShed | Swap your goods across Australia" },
  { property: "og:type", content: "website" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const viewer = await getViewer(ctx, request);
  try {
    return { listings: await findHomeListings(ctx.db, { viewer }), locationLabel: viewer.locationLabel, viewerId: viewer.userId, loadError: false };
  } catch (error) {
    logger.error("home listings failed", { error: String(error) });
    return { listings: [], locationLabel: viewer.locationLabel, viewerId: viewer.userId, loadError: true };
  }
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { user: unknown } | undefined;
  const navigation = useNavigation();
  // Skeletons only while a client navigation is loading this page.
  const loading = navigation.state === "loading" && navigation.location.pathname === "/";
  useEffect(() => {
    if (loaderData.loadError) toast.error("Failed to load listings");
  }, [loaderData.loadError]);
  return (
    <main id="main">
      <Hero />
      <CategoryBadges />
      <AvailableSwaps
        listings={loaderData.listings}
        signedIn={Boolean(root?.user)}
        viewerId={loaderData.viewerId}
        loading={loading}
        locationLabel={loaderData.locationLabel}
      />
      <About />
      <HowItWorks />
      <Safety />
      <Faq />
    </main>
  );
}
