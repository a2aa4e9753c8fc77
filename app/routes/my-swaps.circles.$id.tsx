import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CircleReview } from "#app/components/reviews/swap-review.tsx";
import { SwapProblemStatus } from "#app/components/swaps/swap-problem-status.tsx";
import { FairValueMeter } from "#app/components/swaps/fair-value-meter.tsx";
import { PhonePrompt } from "#app/components/swaps/phone-prompt.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { ArrowLeft } from "#app/components/ui/icons.ts";
import { appContext } from "#app/context.ts";
import { formatValueRange } from "#app/lib/format.ts";
import { formFields, readFormData } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { findContactDetails } from "#core/accounts/find-contact-details.ts";
import { readContactDetails } from "#core/accounts/update-contact-details.ts";
import { acceptCircle } from "#core/circles/accept-circle.ts";
import { confirmCircleSwapped } from "#core/circles/complete-circle.ts";
import { declineCircle } from "#core/circles/decline-circle.ts";
import { type CircleContact, type CircleLeg, findCircleForMember } from "#core/circles/find-my-circles.ts";
import { isPaidCircle } from "#core/circles/circle-problem-rules.ts";
import { findCircleProblemsForMember } from "#core/circles/find-circle-problems.ts";
import { leaveCircleReview } from "#core/circles/review-circle.ts";
import { startCircleFeePayment } from "#core/payments/start-handshake-payment.ts";
import { findCircleReviews } from "#core/reviews/find-member-reviews.ts";
import { AppError } from "#core/shared/app-error.ts";
import type { Route } from "./+types/my-swaps.circles.$id";

export const meta: Route.MetaFunction = () => [
  { title: "Swap circle | SwapShed" },
  { name: "robots", content: "noindex" },
];

/** A swap circle as one of its members sees it (decisions 104 and 105); anyone else gets a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const circle = await findCircleForMember(ctx.db, { circleId: params.id, userId: user.id });
  if (!circle) throw data("Swap circle not found", { status: 404 });
  const confirming = new URL(request.url).searchParams.get("confirm") === "decline" && circle.status === "offered";
  // Without a phone, the Pay step asks for one (N17), as a swap's does.
  const myHasPhone = Boolean((await findContactDetails(ctx.db, user.id))?.phone);
  // After completion each member reviews the member they got from (decision 111).
  const reviews =
    circle.status === "completed" ? await findCircleReviews(ctx.db, { userId: user.id, circleId: circle.id }) : null;
  // Once paid, any member may report a problem (decision 112); everyone sees where reports stand.
  const problems = isPaidCircle(circle)
    ? await findCircleProblemsForMember(ctx.db, { circleId: circle.id, userId: user.id, status: circle.status })
    : null;
  return { circle, confirming, myHasPhone, reviews, problems, now: ctx.clock.now().toISOString() };
}

const INTENTS = ["accept", "decline", "pay", "swapped", "review"] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (value: unknown): value is Intent => INTENTS.includes(value as Intent);

/** Accept, decline, pay, "We've swapped" and a review: each answers with a redirect back and a toast, with or without JavaScript. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const raw = await readFormData(request);
  const form = formFields(raw);
  // Escaped: the id is whatever the address said, and a header cannot carry every character.
  const back = `/my-swaps/circles/${encodeURIComponent(params.id)}`;
  const deps = { db: ctx.db, clock: ctx.clock, env: ctx.env };
  const circleId = params.id;
  const intent = form.intent;
  return runAction(
    async () => {
      if (!isIntent(intent)) throw new AppError("VALIDATION", "Choose accept, decline, pay, we've swapped or review");
      if (intent === "accept") return { intent, accepted: await acceptCircle(deps, { circleId, userId: user.id }) };
      if (intent === "swapped")
        return { intent, swapped: await confirmCircleSwapped(deps, { circleId, userId: user.id }) };
      if (intent === "review") {
        // A missing rating is 0, refused by the review's rules like any other (as on My Swaps).
        const tags = raw.getAll("tags").filter((tag) => typeof tag === "string");
        const review = { rating: Number(form.rating ?? 0), comment: form.comment ?? "", tags };
        return { intent, reviewed: await leaveCircleReview(deps, { circleId, reviewerId: user.id, ...review }) };
      }
      if (intent === "decline") {
        await declineCircle(deps, { circleId, userId: user.id });
        return { intent };
      }
      // The Pay step's optional phone (N17): checked first, saved with the payment in its transaction; a bad one
      // stops here, nothing paid and nothing saved.
      const { phone } = readContactDetails({ phone: (form.phone ?? "").trim(), location: "" });
      const paying = { ...deps, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL };
      return {
        intent,
        paid: await startCircleFeePayment(paying, { circleId, userId: user.id, phone: phone ?? undefined }),
      };
    },
    (done) => {
      if (done.intent === "pay" && "paid" in done && done.paid?.kind === "redirect") return redirect(done.paid.url);
      const message =
        done.intent === "review"
          ? "Thanks! Your review has been saved."
          : "swapped" in done
            ? done.swapped?.completed
              ? "Swap circle completed!"
              : "Thanks! We'll complete the circle when everyone has confirmed"
            : done.intent === "decline"
              ? "Swap circle declined"
              : done.intent === "pay"
                ? "Payment complete"
                : "accepted" in done && done.accepted?.status === "offered"
                  ? "Swap circle accepted"
                  : "Everyone accepted the swap circle!";
      return redirectWithFlash(ctx, back, { type: "success", message });
    },
    { onRefusal: ({ message }) => redirectWithFlash(ctx, back, { type: "error", message }) },
  );
}

export default function SwapCirclePage({ loaderData }: Route.ComponentProps) {
  const { circle, confirming, myHasPhone, reviews, problems } = loaderData;
  const problemOpen = Boolean(problems?.problems.some((p) => p.status === "open"));
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const mine = circle.give;
  const size = circle.legs.length;
  return (
    <main id="main" className="bg-surface py-6 sm:py-10">
      <Container className="max-w-2xl">
        <Link to="/my-swaps" className="inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          My Swaps
        </Link>
        <div className="mt-3 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">Swap circle</h1>
          <p className="mt-1 text-sm text-muted">
            {size === 3
              ? "Three members who each want what the next one has: each gives one item and gets one."
              : "Two members who each want what the other has."}
          </p>
          <CircleStatus circle={circle} problemOpen={problemOpen} />

          <div className="mt-5 grid gap-3 sm:grid-cols-2">
            <Side label={`You give to ${mine.receiver.name}`} leg={mine} />
            <Side label={`You get from ${circle.get.giver.name}`} leg={circle.get} />
          </div>
          <FairValueMeter
            className="mt-3"
            mine={{ min: mine.listing.valueMin, max: mine.listing.valueMax }}
            theirs={{ min: circle.get.listing.valueMin, max: circle.get.listing.valueMax }}
          />

          <h2 className="mt-6 text-base font-semibold">The whole circle</h2>
          <ol className="mt-2 divide-y divide-line rounded-xl border border-line">
            {circle.legs.map((leg) => (
              <li key={leg.position} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 text-sm">
                <span className="min-w-0 wrap-anywhere">
                  {leg.giver.id === mine.giver.id ? (
                    <span className="font-semibold">You</span>
                  ) : (
                    // Who you trade with: their profile, reviews and reliability, one tap away.
                    <Link to={`/members/${leg.giver.id}`} className="font-semibold underline-offset-2 hover:underline">
                      {leg.giver.name}
                    </Link>
                  )}{" "}
                  {leg.giver.id === mine.giver.id ? "give" : "gives"} {leg.listing.title} to{" "}
                  <span className="font-semibold">{leg.receiver.id === mine.giver.id ? "you" : leg.receiver.name}</span>
                </span>
                <LegProgress leg={leg} status={circle.status} />
              </li>
            ))}
          </ol>

          {circle.status === "offered" && !mine.accepted && !confirming && (
            <div className="mt-6 flex flex-wrap gap-3">
              <Form method="post" replace>
                <Button name="intent" value="accept" disabled={busy}>
                  Accept swap circle
                </Button>
              </Form>
              <ButtonLink variant="outline" to="?confirm=decline" replace>
                Decline
              </ButtonLink>
            </div>
          )}
          {confirming && (
            <div role="alertdialog" aria-labelledby="decline-title" className="mt-6 rounded-xl bg-surface p-4">
              <h2 id="decline-title" className="font-semibold">
                Decline this swap circle?
              </h2>
              <p className="mt-1 text-sm text-muted">
                It closes for everyone in it: nobody swaps in this circle, and your {mine.listing.title} stays on offer.
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Form method="post" action="?" replace>
                  <Button name="intent" value="decline" disabled={busy}>
                    Decline swap circle
                  </Button>
                </Form>
                <ButtonLink variant="outline" to="?" replace>
                  Keep it
                </ButtonLink>
              </div>
            </div>
          )}
          {circle.status === "accepted" && !mine.paid && (
            <Form method="post" replace className="mt-6">
              {!myHasPhone && (
                <PhonePrompt
                  inputId="pay-phone"
                  sharedWith={
                    circle.give.receiver.id === circle.get.giver.id
                      ? circle.give.receiver.name
                      : `${circle.give.receiver.name} and ${circle.get.giver.name}`
                  }
                />
              )}
              <Button name="intent" value="pay" disabled={busy}>
                Pay $9.99
              </Button>
            </Form>
          )}
          {circle.status === "arranging" && !mine.swapped && (
            <Form method="post" replace className="mt-6">
              <p className="mb-2 text-sm text-muted">
                Handed over your {mine.listing.title} and got {circle.get.listing.title}? Tell everyone in the circle.
              </p>
              <Button name="intent" value="swapped" disabled={busy}>
                We've swapped
              </Button>
            </Form>
          )}
          {circle.contacts && <Contacts contacts={circle.contacts} />}
          {reviews && (
            <section aria-labelledby="circle-reviews" className="mt-6">
              <h2 id="circle-reviews" className="mb-2 text-base font-semibold">
                Reviews
              </h2>
              <CircleReview
                circleId={circle.id}
                getFromName={circle.get.giver.name}
                giveToName={mine.receiver.name}
                reviews={reviews}
              />
            </section>
          )}
        </div>
        {problems && (
          <SwapProblemStatus
            swapId={circle.id}
            problems={problems.problems}
            canReport={problems.canReport}
            otherName="A member"
            circle
          />
        )}
      </Container>
    </main>
  );
}

type View = Route.ComponentProps["loaderData"]["circle"];

/** Where the circle stands, in one sentence, with its deadline. */
function CircleStatus({ circle, problemOpen }: { circle: View; problemOpen: boolean }) {
  const line = {
    offered: circle.give.accepted
      ? `You accepted. Waiting for everyone else, until ${sydneyDateTime(circle.expiresAt)}. Nothing is reserved until all accept.`
      : `Offered to everyone in it. Answer by ${sydneyDateTime(circle.expiresAt)}; nothing is reserved until all accept.`,
    accepted: `Everyone accepted, and every item is reserved. Each member pays the $9.99 handshake fee by ${sydneyDateTime(circle.paymentDueAt)}. Your fee is held on your card, not charged, until every member has paid; if anyone doesn't pay in time, every hold is released and nobody is charged.`,
    arranging: circle.give.swapped
      ? problemOpen
        ? "You confirmed the swap. The circle completes when everyone has confirmed; while a reported problem is open, it does not complete on its own."
        : `You confirmed the swap. The circle completes when everyone has confirmed, or on its own on ${sydneyDateTime(circle.completesOnItsOwnAt)}.`
      : "Everyone has paid. Contact the member you give to and the member you get from to hand over the items, then confirm below.",
    completed:
      circle.completedHow === "confirmed"
        ? "Completed: everyone confirmed the swap."
        : "Completed: a week passed after everyone paid.",
    declined: "Declined: this swap circle is closed, and every item stays on offer.",
    lapsed:
      circle.closeReason === "not_paid"
        ? "Lapsed: not every member paid within 48 hours. Every hold was released and nobody was charged."
        : "Lapsed: not everyone answered within 48 hours.",
    cancelled: "Closed: one of its items was swapped or withdrawn.",
  }[circle.status];
  return (
    <p role="status" className="mt-4 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
      {line}
    </p>
  );
}

function Side({ label, leg }: { label: string; leg: CircleLeg }) {
  return (
    <div className="rounded-xl border border-line p-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</p>
      <Link to={`/listings/${leg.listing.id}`} className="mt-1 block font-semibold wrap-anywhere hover:underline">
        {leg.listing.title}
      </Link>
      <p className="text-sm text-muted">{formatValueRange(leg.listing.valueMin, leg.listing.valueMax)}</p>
    </div>
  );
}

function LegProgress({ leg, status }: { leg: CircleLeg; status: View["status"] }) {
  const shown =
    status === "offered"
      ? leg.accepted
        ? "Accepted"
        : "Not yet answered"
      : status === "accepted"
        ? leg.paid
          ? "Paid"
          : "Not yet paid"
        : status === "arranging"
          ? leg.swapped
            ? "Swapped"
            : "Not yet confirmed"
          : null;
  if (!shown) return null;
  const done = shown === "Accepted" || shown === "Paid" || shown === "Swapped";
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${done ? "bg-brand-50 text-brand-800" : "bg-accent-100 text-ink"}`}
    >
      {shown}
    </span>
  );
}

function Contacts({ contacts }: { contacts: { giveTo: CircleContact; getFrom: CircleContact } }) {
  const same = contacts.giveTo.email === contacts.getFrom.email;
  const people = same
    ? [{ role: "You swap with", contact: contacts.giveTo }]
    : [
        { role: "You give to", contact: contacts.giveTo },
        { role: "You get from", contact: contacts.getFrom },
      ];
  return (
    <section aria-labelledby="circle-contacts" className="mt-6">
      <h2 id="circle-contacts" className="text-base font-semibold">
        Contact details
      </h2>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {people.map(({ role, contact }) => (
          <dl key={role} className="rounded-xl border border-line p-3 text-sm">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{role}</dt>
            <dd className="mt-1 font-semibold">{contact.name}</dd>
            <dd className="wrap-anywhere">
              <a href={`mailto:${contact.email}`} className="text-brand-800 hover:underline">
                {contact.email}
              </a>
            </dd>
            {contact.phone && (
              <dd>
                <a href={`tel:${contact.phone}`} className="text-brand-800 hover:underline">
                  {contact.phone}
                </a>
              </dd>
            )}
            {contact.location && <dd className="text-muted">{contact.location}</dd>}
          </dl>
        ))}
      </div>
    </section>
  );
}
