import { BadgeCheck, CalendarDays, Clock, MapPin, ShieldCheck, Smartphone, Star } from "#app/components/ui/icons.ts";
import { data, Link } from "react-router";
import type { Route } from "./+types/members.$id";
import { appContext } from "../context";
import { RouteError } from "../components/layout/route-error";
import { cardData, ListingCard, reviewCount } from "../components/listings/listing-card";
import { MemberReview } from "../components/reviews/member-review";
import { Avatar } from "../components/ui/avatar";
import { Container } from "../components/ui/container";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { getViewer } from "../lib/viewer.server";
import { findMemberPage } from "#core/members/find-member-page.ts";
import { describeReplyTime } from "#core/members/reply-time.ts";
import { isReportingOn } from "#core/moderation/can-report.ts";
import { findMemberReviews } from "#core/reviews/find-member-reviews.ts";
import { replyToReview } from "#core/reviews/reply-to-review.ts";
import { reportReview } from "#core/reviews/report-review.ts";
import { formatLongDate, sydneyFormat } from "#core/shared/time.ts";

/** "November 2026": how long they have been a member. */
const monthAndYear = sydneyFormat({ month: "long", year: "numeric" });

/**
 * A member's public page (decision 094): picture, name as they chose to show it, member since, suburb and state,
 * badges explained, reliability, reply time, active listings and shown reviews. A suspended, deleted or unknown
 * member is a 404, all alike.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const viewer = await getViewer(ctx, request);
  const search = new URL(request.url).searchParams;
  const member = await findMemberPage(ctx.db, {
    memberId: params.id,
    viewer,
    listingsCursor: search.get("listings"),
  });
  if (!member) throw data("Member not found", { status: 404 });
  const [shown, reportingOn] = await Promise.all([
    findMemberReviews(ctx.db, { memberId: member.id, cursor: search.get("reviews") }),
    viewer.userId ? isReportingOn(ctx.db) : false,
  ]);
  const { listings, replyHours, hidden, ...rest } = member;
  return {
    member: { ...rest, replyTime: describeReplyTime(replyHours) },
    listings: listings.map((card) => cardData(card, viewer.userId)),
    reviews: shown.reviews,
    nextReviewsCursor: shown.nextCursor,
    hidden,
    paged: Boolean(search.get("listings") || search.get("reviews")),
    viewerId: viewer.userId ?? null,
    isSelf: viewer.userId === member.id,
    reportingOn,
  };
}

const OUTCOMES = {
  reply: { ok: "Your reply is posted", failed: "Failed to post reply" },
  report: { ok: "Thanks. Our moderators will look at this review.", failed: "Failed to report review" },
} as const;

/** The reviewed member's reply, and any other member's report of a review: both back to this page with a toast. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const back = `/members/${encodeURIComponent(params.id)}#reviews`;
  const intent = form.intent === "reply" || form.intent === "report" ? form.intent : null;
  if (!intent) return redirectWithFlash(ctx, back, { type: "error", message: "An unexpected error occurred." });
  const outcome = OUTCOMES[intent];
  const reviewId = form.reviewId ?? "";
  return runAction(
    async () =>
      intent === "reply"
        ? replyToReview(ctx, { reviewId, memberId: user.id, reply: form.reply ?? "" })
        : reportReview(ctx, { reporterId: user.id, reviewId, reason: form.reason, notes: form.notes }),
    () => redirectWithFlash(ctx, back, { type: "success", message: outcome.ok }),
    {
      onRefusal: (refusal) =>
        redirectWithFlash(ctx, back, {
          type: "error",
          message: outcome.failed,
          description: refusal.unexpected ? undefined : refusal.message,
        }),
      unexpected: { message: outcome.failed, log: `review ${intent} failed` },
    },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.member.name ?? "Member"} | SwapShed` },
  // A person's page: reachable by its links, kept out of search engines' indexes.
  { name: "robots", content: "noindex, follow" },
];

export default function MemberPage({ loaderData }: Route.ComponentProps) {
  const { member, listings, reviews, hidden, isSelf, viewerId, reportingOn } = loaderData;
  const name = member.name ?? "This member";
  const place = [member.suburb, member.state].filter(Boolean).join(" ");
  return (
    <main id="main" className="py-8 sm:py-12">
      <Container>
        <section aria-labelledby="member-name" className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <Avatar name={member.name} url={member.avatarUrl} size="xl" />
          <div className="min-w-0 flex-1">
            <h1 id="member-name" className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
              {name}
            </h1>
            <dl className="mt-2 space-y-1 text-sm text-muted">
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Member since</dt>
                <dd className="flex items-center gap-1.5">
                  <CalendarDays className="size-4" aria-hidden="true" />
                  Member since {monthAndYear.format(new Date(member.memberSince))}
                </dd>
              </div>
              {place && (
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Suburb</dt>
                  <dd className="flex items-center gap-1.5">
                    <MapPin className="size-4" aria-hidden="true" />
                    {place}
                  </dd>
                </div>
              )}
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Rating</dt>
                <dd className="flex items-center gap-1.5">
                  <Star className="size-4 fill-accent-400 text-accent-500" aria-hidden="true" />
                  {member.ratingAverage != null
                    ? `${member.ratingAverage.toFixed(1)} from ${reviewCount(member.reviewCount)}`
                    : "No reviews yet"}
                </dd>
              </div>
              {member.replyTime && (
                <div className="flex items-center gap-1.5">
                  <dt className="sr-only">Reply time</dt>
                  <dd className="flex items-center gap-1.5">
                    <Clock className="size-4" aria-hidden="true" />
                    {member.replyTime}
                  </dd>
                </div>
              )}
            </dl>
            {isSelf && (
              <p className="mt-3 text-sm">
                This is how other members see you.{" "}
                <Link to="/account" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Change your picture or how your name shows
                </Link>
              </p>
            )}
          </div>
        </section>

        <div className="mt-8 grid gap-4 md:grid-cols-2">
          <Badges emailConfirmed={member.emailConfirmed} phoneConfirmed={member.phoneConfirmed} />
          <ReliabilityBox reliability={member.reliability} swapsCompleted={member.swapsCompleted} />
        </div>

        {hidden && (hidden.mineRevealsAt || hidden.theirsWaiting) && (
          <section aria-label="Reviews waiting" className="mt-6 space-y-2">
            {hidden.mineRevealsAt && (
              <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm">
                Your review of {name} is hidden for now. Shown to {name} when they review you, or on{" "}
                {formatLongDate(hidden.mineRevealsAt)}.
              </p>
            )}
            {hidden.theirsWaiting && (
              <p className="rounded-xl border border-accent-400 bg-accent-100/50 px-4 py-3 text-sm">
                {name} has reviewed you.{" "}
                <Link to="/my-swaps" className="font-medium text-brand-700 underline-offset-2 hover:underline">
                  Review them to see it.
                </Link>
              </p>
            )}
          </section>
        )}

        <section id="reviews" aria-labelledby="reviews-heading" className="mt-10 scroll-mt-20">
          <h2 id="reviews-heading" className="text-xl font-bold tracking-tight">
            Reviews
          </h2>
          <p className="mt-1 text-sm text-muted">
            Written after a completed swap. Each review stays hidden until both members have reviewed, or 14 days have
            passed.
          </p>
          {reviews.length === 0 ? (
            <p className="mt-4 text-sm text-muted">No reviews to show yet.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {reviews.map((review) => (
                <li key={review.id}>
                  <MemberReview
                    review={review}
                    memberName={member.name}
                    canReply={isSelf}
                    canReport={Boolean(viewerId) && reportingOn && review.reviewer.id !== viewerId}
                  />
                </li>
              ))}
            </ul>
          )}
          {loaderData.nextReviewsCursor && (
            <Link
              to={`?reviews=${loaderData.nextReviewsCursor}#reviews`}
              className="mt-4 inline-block py-1 text-sm font-semibold text-brand-700 hover:underline"
            >
              More reviews
            </Link>
          )}
        </section>

        <section aria-labelledby="listings-heading" className="mt-10">
          <h2 id="listings-heading" className="text-xl font-bold tracking-tight">
            Active listings <span className="text-base font-normal text-muted">({member.activeListings})</span>
          </h2>
          {listings.length === 0 ? (
            <p className="mt-4 text-sm text-muted">No active listings right now.</p>
          ) : (
            <ul className="listing-grid mt-4">
              {listings.map((listing) => (
                <li key={listing.id}>
                  <ListingCard listing={listing} signedIn={Boolean(viewerId)} viewerId={viewerId} propose={false} />
                </li>
              ))}
            </ul>
          )}
          {member.nextListingsCursor && (
            <Link
              to={`?listings=${member.nextListingsCursor}`}
              className="mt-4 inline-block py-1 text-sm font-semibold text-brand-700 hover:underline"
            >
              More listings
            </Link>
          )}
        </section>
      </Container>
    </main>
  );
}

/** Each badge says in one line what was checked, so nobody reads it as an identity check (N13). */
function Badges({ emailConfirmed, phoneConfirmed }: { emailConfirmed: boolean; phoneConfirmed: boolean }) {
  return (
    <section aria-labelledby="badges-heading" className="rounded-2xl border border-line p-4">
      <h2 id="badges-heading" className="text-sm font-semibold text-muted">
        Badges
      </h2>
      {!emailConfirmed && !phoneConfirmed ? (
        <p className="mt-2 text-sm text-muted">No badges yet.</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {emailConfirmed && (
            <li className="flex items-start gap-2">
              <BadgeCheck className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                <span className="font-semibold">E-mail confirmed</span>: they opened a link we sent to their e-mail
                address.
              </span>
            </li>
          )}
          {phoneConfirmed && (
            <li className="flex items-start gap-2">
              <Smartphone className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                <span className="font-semibold">Phone confirmed</span>: they entered a code we sent by SMS to their
                phone.
              </span>
            </li>
          )}
        </ul>
      )}
      <p className="mt-3 text-xs text-muted">Badges are not identity checks: we never see members' ID.</p>
    </section>
  );
}

type ReliabilityData = { accepted: number; completed: number; lapses: number; noShows: number; rate: number | null };

/** Completed ÷ accepted, with the lapses and reported no-shows behind it, as counts. */
function ReliabilityBox({ reliability, swapsCompleted }: { reliability: ReliabilityData; swapsCompleted: number }) {
  const { accepted, completed, lapses, noShows, rate } = reliability;
  return (
    <section aria-labelledby="reliability-heading" className="rounded-2xl border border-line p-4">
      <h2 id="reliability-heading" className="flex items-center gap-1.5 text-sm font-semibold text-muted">
        <ShieldCheck className="size-4" aria-hidden="true" />
        Reliability
      </h2>
      <p className="mt-2 text-sm">
        {swapsCompleted} {swapsCompleted === 1 ? "swap" : "swaps"} completed.
      </p>
      <p className="mt-1 text-sm">
        {rate == null
          ? "No accepted swaps finished yet."
          : `Completed ${completed} of ${accepted} accepted ${accepted === 1 ? "swap" : "swaps"} (${Math.round(rate * 100)}%).`}
      </p>
      <ul className="mt-1 text-sm text-muted">
        <li>
          {lapses} {lapses === 1 ? "swap" : "swaps"} lapsed with their fee unpaid
        </li>
        <li>
          {noShows} reported {noShows === 1 ? "no-show" : "no-shows"}
        </li>
      </ul>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
