import { use } from "react";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { type MatchCard, MatchesGrid } from "./matches-grid";

/**
 * Home's "Matches for you", for a signed-in member with matches: the first few (two-way first) and a link to all
 * of them. Nothing at all for a visitor, or a member with no matches yet.
 */
export function MatchesForYouSection({ matches, viewerId }: { matches: MatchCard[]; viewerId: string | null }) {
  if (!viewerId || matches.length === 0) return null;
  return (
    <section aria-labelledby="matches-heading" className="py-12">
      <Container>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="matches-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Matches for you
            </h2>
            <p className="mt-1 text-muted">Listings you want, from members who want what you have.</p>
          </div>
          <ButtonLink to="/matches" variant="outline">
            See all matches
          </ButtonLink>
        </div>
        <div className="mt-8">
          <MatchesGrid matches={matches} viewerId={viewerId} />
        </div>
      </Container>
    </section>
  );
}

type HomeMatchesData = { matches?: MatchCard[]; viewerId: string | null };

/** The section from home's loader data, which a client navigation gives as a promise (home's clientLoader). */
export function HomeMatches({ data }: { data: HomeMatchesData | { pending: Promise<HomeMatchesData> } }) {
  const home = "pending" in data ? use(data.pending) : data;
  return <MatchesForYouSection matches={home.matches ?? []} viewerId={home.viewerId} />;
}
