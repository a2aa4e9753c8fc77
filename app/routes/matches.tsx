import { Link } from "react-router";
import type { Route } from "./+types/matches";
import { appContext } from "../context";
import { cardData } from "../components/listings/listing-card";
import { MatchesGrid } from "../components/saved-searches/matches-grid";
import { Container } from "../components/ui/container";
import { requireUser } from "../lib/require-user.server";
import { getViewer } from "../lib/viewer.server";
import { findMatchesForYou } from "#core/saved-searches/find-matches-for-you.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Matches for you | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const viewer = await getViewer(ctx, request);
  const matches = await findMatchesForYou(ctx.db, { userId: user.id, viewer });
  return {
    viewerId: user.id,
    matches: matches.map((m) => ({ listing: cardData(m, user.id), twoWay: m.twoWay, theyWant: m.theyWant })),
  };
}

/** "Matches for you": listings the member wants and listings of members who want what the member has. */
export default function Matches({ loaderData }: Route.ComponentProps) {
  const { matches, viewerId } = loaderData;
  return (
    <main id="main" className="py-10">
      <Container>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Matches for you</h1>
        <p className="mt-2 max-w-2xl text-muted">
          Listings that match what you're looking for, and listings of members who want something you have. Two-way
          matches come first.
        </p>
        {matches.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-line px-6 py-12 text-center text-muted">
            <p>No matches yet. We match new listings as they're listed.</p>
            <p className="mt-2">
              Add what you'd swap for to{" "}
              <Link to="/my-listings" className="font-medium text-brand-700 underline">
                your listings
              </Link>
              , a{" "}
              <Link to="/account" className="font-medium text-brand-700 underline">
                Looking for list
              </Link>{" "}
              to your profile, or save a search.
            </p>
          </div>
        ) : (
          <div className="mt-8">
            <MatchesGrid matches={matches} viewerId={viewerId} />
          </div>
        )}
      </Container>
    </main>
  );
}
