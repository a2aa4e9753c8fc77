import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { ArrowLeftRight, BadgeCheck, Clock, Mail, MapPin, Phone } from "#app/components/ui/icons.ts";
import { HELD_UNTIL_BOTH_PAY, NON_REFUNDABLE_ONCE_PAID } from "#app/lib/fee-refunds.ts";
import { useSite } from "#app/lib/use-site.ts";
import { formatDayAndTime } from "#core/shared/time.ts";
import { MAX_COUNTER_ROUNDS } from "#core/swaps/bundle-limits.ts";
import { combinedRange } from "#core/swaps/fair-value.ts";
import { Thumbnail } from "../listings/cover-picture";
import { SwapReview, type SwapReviewsData } from "../reviews/swap-review";
import { Avatar } from "../ui/avatar";
import { Button, ButtonLink } from "../ui/button";
import { FairValueMeter } from "./fair-value-meter";
import { PhonePrompt } from "./phone-prompt";
import { firstName, whoHasPaid } from "./who-has-paid";

type Listing = {
  id: string;
  title: string;
  images: { key: string; widths: number[] }[];
  valueMin: number;
  valueMax: number;
  viewable?: boolean;
};
type BundleLine = { id: string; title: string; valueMin: number; valueMax: number };
export type SwapCardData = {
  id: string;
  status: string;
  message: string | null;
  rejectionReason: string | null;
  expiresAt: string | Date;
  paymentDueAt?: string | Date | null;
  myRole: "proposer" | "receiver";
  iPaid: boolean;
  theyPaid?: boolean;
  feesWaived?: boolean;
  otherParty: {
    id: string;
    name: string | null;
    avatarUrl?: string | null;
    hasPhone?: boolean | null;
    /** Whether their phone was confirmed by a text code (decision 095); null before acceptance. */
    phoneConfirmed?: boolean | null;
  };
  offered: Listing;
  target: Listing;
  /** Pending: whether this member answers the offer on the table, and how many counter-offers it has had. */
  myTurn?: boolean;
  counterRound?: number;
  /** A bundle (decision 103): the proposer's further listings in the deal, and the receiver's further one. */
  moreOffered?: BundleLine[];
  moreWanted?: BundleLine[];
  contact: { name: string; email: string; phone: string | null; location: string | null } | null;
  myReview?: { rating: number } | null;
  /** The swap's two reviews as this member may see them (double-blind, decision 094). */
  reviews?: SwapReviewsData;
  underReview?: boolean;
  /** The two members' thread about the listing, where the deal's steps are written. */
  threadId?: string | null;
  /** Arranging: each side's "We've swapped" (decision 096). */
  iSwappedAt?: string | Date | null;
  theySwappedAt?: string | Date | null;
};

/** What the badge says: the status, in words. */
const STATUS_LABEL: Record<string, string> = {
  pending: "Pending",
  accepted: "Accepted",
  arranging: "Arranging",
  completed: "Completed",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  expired: "Expired",
};

const STATUS_STYLE: Record<string, string> = {
  pending: "bg-accent-100 text-ink",
  accepted: "bg-brand-50 text-brand-800",
  arranging: "bg-accent-400 text-ink",
  completed: "bg-brand-700 text-white",
  rejected: "bg-red-50 text-danger",
  withdrawn: "bg-surface text-muted",
  expired: "bg-surface text-muted",
};

/** The query of the page the card is on (tab, cursor): a confirmation step opens on that page. */
export type PageParams = Record<string, string>;

/** One proposal on /my-swaps: who, what for what, and the one next step this member can take. */
export function SwapCard({
  swap,
  tab,
  now,
  pageParams = {},
  myHasPhone = true,
  myPhoneConfirmed = true,
}: {
  swap: SwapCardData;
  tab: "received" | "sent";
  now: string;
  pageParams?: PageParams;
  /** Whether this member's profile has a phone: without one, the Pay step offers to add it (N17). */
  myHasPhone?: boolean;
  /** Whether that phone is confirmed by a text code: without it, the Pay step links to confirming it (decision 095). */
  myPhoneConfirmed?: boolean;
}) {
  const received = tab === "received";
  return (
    <article className="rounded-2xl border border-line bg-white p-5 shadow-sm" aria-labelledby={`swap-${swap.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={`swap-${swap.id}`} className="flex min-w-0 items-center gap-2 font-semibold">
          <Avatar name={swap.otherParty.name} url={swap.otherParty.avatarUrl} />
          <span className="min-w-0 wrap-anywhere">
            {received ? "From" : "To"}{" "}
            <Link to={`/members/${swap.otherParty.id}`} className="underline-offset-2 hover:underline">
              {swap.otherParty.name ?? "Unknown"}
            </Link>
          </span>
        </h2>
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-semibold capitalize ${STATUS_STYLE[swap.status] ?? "bg-surface"}`}
        >
          {STATUS_LABEL[swap.status] ?? swap.status}
        </span>
      </div>
      {swap.underReview && (
        <p className="mt-2 text-sm font-medium text-amber-900">Under review: our team is looking into this swap.</p>
      )}
      {swap.message && (
        <p className="mt-3 rounded-xl bg-surface px-4 py-3 text-sm italic text-ink wrap-anywhere">“{swap.message}”</p>
      )}
      <div className="mt-4 grid grid-cols-1 items-center gap-3 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
        <div className="min-w-0">
          <ListingThumb label={received ? "They offer" : "You offered"} listing={swap.offered} />
          <BundleLines lines={swap.moreOffered} />
        </div>
        <ArrowLeftRight className="mx-auto size-5 text-muted" aria-hidden="true" />
        <div className="min-w-0">
          <ListingThumb label={received ? "For your" : "For their"} listing={swap.target} />
          <BundleLines lines={swap.moreWanted} />
        </div>
      </div>
      {/* What this member gives against what they get: received, theirs is the offer; sent, it is the target. A
          bundle counts as one range, the sum of its listings' (decision 101). */}
      <FairValueMeter
        mine={received ? wantedRange(swap) : offeredRange(swap)}
        theirs={received ? offeredRange(swap) : wantedRange(swap)}
        className="mt-3"
      />
      {swap.threadId && (
        <Link
          to={`/messages/${swap.threadId}`}
          className="mt-3 inline-flex items-center gap-1.5 py-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
          aria-label={`Messages with ${swap.otherParty.name ?? "the other member"}`}
        >
          <Mail className="size-4" aria-hidden="true" />
          Messages
        </Link>
      )}
      {swap.status === "pending" && <TimeLeft expiresAt={swap.expiresAt} now={now} />}
      {swap.rejectionReason && (swap.status === "rejected" || swap.status === "expired") && (
        <p className="mt-3 text-sm text-muted">Reason: {swap.rejectionReason}</p>
      )}
      {/* Only an accepted swap can be paid, so an expired one this member paid for lapsed: their fee was only held. */}
      {swap.status === "expired" && swap.iPaid && (
        <p className="mt-1 text-sm font-medium text-ink">
          Your $9.99 was only held: the hold is released and you were not charged.
        </p>
      )}
      <NextStep
        swap={swap}
        tab={tab}
        pageParams={pageParams}
        myHasPhone={myHasPhone}
        myPhoneConfirmed={myPhoneConfirmed}
      />
    </article>
  );
}

function ListingThumb({ label, listing }: { label: string; listing: Listing }) {
  return (
    <div className="relative flex items-center gap-3 rounded-xl border border-line p-2 focus-within:ring-2 focus-within:ring-brand-200">
      <Thumbnail images={listing.images} size="large" />
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</p>
        {listing.viewable ? (
          // The whole box is the link's target (after:inset-0); its name is the listing's title.
          <Link
            to={`/listings/${listing.id}`}
            className="block truncate font-medium text-brand-700 underline-offset-2 after:absolute after:inset-0 after:rounded-xl hover:underline"
          >
            {listing.title}
          </Link>
        ) : (
          <p className="truncate font-medium">
            {listing.title} <span className="text-sm font-normal text-muted">(no longer available)</span>
          </p>
        )}
      </div>
    </div>
  );
}

function TimeLeft({ expiresAt, now }: { expiresAt: string | Date; now: string }) {
  const ms = new Date(expiresAt).getTime() - new Date(now).getTime();
  const hours = Math.max(0, Math.floor(ms / 3_600_000));
  const minutes = Math.max(0, Math.floor((ms % 3_600_000) / 60_000));
  return (
    <p className="mt-3 flex items-center gap-1.5 text-sm text-muted">
      <Clock className="size-4" aria-hidden="true" />
      {ms > 0 ? `Expires in ${hours} h ${minutes} min` : "Expired"}
    </p>
  );
}

/**
 * Accept, Decline and Withdraw ask first: the button opens the confirmation step on this page
 * (`?confirm=accept&swap=...`): a dialog, with or without JavaScript. Only its confirm button posts.
 */
function ConfirmStepButton({
  swapId,
  intent,
  label,
  variant,
  pageParams,
}: {
  swapId: string;
  intent: string;
  label: string;
  variant: "primary" | "outline";
  pageParams: PageParams;
}) {
  return (
    <Form method="get" action="/my-swaps" preventScrollReset>
      {Object.entries(pageParams).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirm" value={intent} />
      <input type="hidden" name="swap" value={swapId} />
      <Button type="submit" variant={variant} size="sm" aria-haspopup="dialog">
        {label}
      </Button>
    </Form>
  );
}

function NextStep({
  swap,
  tab,
  pageParams,
  myHasPhone,
  myPhoneConfirmed,
}: {
  swap: SwapCardData;
  tab: "received" | "sent";
  pageParams: PageParams;
  myHasPhone: boolean;
  myPhoneConfirmed: boolean;
}) {
  if (swap.status === "pending") {
    // The offer on the table is answered by whoever it was made to: the receiver, until a counter-offer.
    const answering = swap.myTurn ?? swap.myRole === "receiver";
    const rounds = swap.counterRound ?? 0;
    return (
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {rounds > 0 && (
          <p className="w-full text-sm font-medium text-ink">
            {answering
              ? `${firstName(swap.otherParty.name)} sent a counter-offer: your turn to answer.`
              : `You sent a counter-offer: waiting for ${firstName(swap.otherParty.name)} to answer.`}{" "}
            <span className="font-normal text-muted">
              Counter-offer {rounds} of {MAX_COUNTER_ROUNDS}.
            </span>
          </p>
        )}
        {answering ? (
          <>
            <ConfirmStepButton
              swapId={swap.id}
              intent="accept"
              label="Accept"
              variant="primary"
              pageParams={pageParams}
            />
            <ConfirmStepButton
              swapId={swap.id}
              intent="decline"
              label="Decline"
              variant="outline"
              pageParams={pageParams}
            />
            {rounds < MAX_COUNTER_ROUNDS && (
              <ButtonLink to={`/my-swaps/${swap.id}/counter`} variant="outline" size="sm">
                Counter-offer
              </ButtonLink>
            )}
          </>
        ) : (
          <ConfirmStepButton
            swapId={swap.id}
            intent="withdraw"
            label="Withdraw"
            variant="outline"
            pageParams={pageParams}
          />
        )}
      </div>
    );
  }
  if (swap.status === "accepted") {
    return (
      <div className="mt-4 rounded-xl border border-accent-400 bg-accent-100/50 p-4">
        <p className="font-semibold">Next Step: Payment</p>
        <WhoHasPaid swap={swap} />
        {swap.otherParty.hasPhone === false && <EmailOnlyNote name={swap.otherParty.name} />}
        {swap.otherParty.hasPhone && swap.otherParty.phoneConfirmed === false && (
          <UnconfirmedPhoneNote name={swap.otherParty.name} />
        )}
        {swap.iPaid ? (
          <>
            <p className="mt-1 text-sm text-muted">
              Your $9.99 is held, not charged. When {firstName(swap.otherParty.name)} pays too, both fees are charged
              and contact details unlock.
            </p>
            <PaymentDeadline dueAt={swap.paymentDueAt} />
          </>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">
              Pay the $9.99 handshake fee. When you have both paid, you'll see each other's contact details.
            </p>
            <PaymentDeadline dueAt={swap.paymentDueAt} />
            <NonRefundableNote />
            <Form method="post" action={`/my-swaps/${swap.id}/pay`} className="mt-3">
              <input type="hidden" name="tab" value={tab} />
              {!myHasPhone && (
                <PhonePrompt inputId={`pay-phone-${swap.id}`} sharedWith={firstName(swap.otherParty.name)} />
              )}
              {myHasPhone && !myPhoneConfirmed && <ConfirmPhonePrompt otherName={swap.otherParty.name} />}
              <Button type="submit" variant="accent" size="sm">
                Pay $9.99
              </Button>
            </Form>
            <TestPaymentsNote />
          </>
        )}
      </div>
    );
  }
  if ((swap.status === "arranging" || swap.status === "completed") && swap.contact) {
    return (
      <div className="mt-4 space-y-4">
        <WhoHasPaid swap={swap} />
        <section aria-label="Contact details" className="rounded-xl bg-brand-50 p-4 text-sm">
          <p className="flex items-center gap-2 font-semibold text-brand-900">
            <Avatar name={swap.contact.name} url={swap.otherParty.avatarUrl} className="ring-1 ring-brand-200" />
            <span className="min-w-0 wrap-anywhere">
              Contact{" "}
              <Link to={`/members/${swap.otherParty.id}`} className="underline underline-offset-2">
                {swap.contact.name}
              </Link>{" "}
              to arrange the swap
            </span>
          </p>
          {/* A long name or e-mail address wraps instead of widening the card at 375 px (N18). */}
          <ul className="mt-2 space-y-1 wrap-anywhere">
            <ContactLine icon={Mail} href={`mailto:${swap.contact.email}`}>
              {swap.contact.email}
            </ContactLine>
            {swap.contact.phone && (
              <ContactLine
                icon={Phone}
                href={`tel:${swap.contact.phone}`}
                after={<PhoneConfirmedMark confirmed={swap.otherParty.phoneConfirmed === true} />}
              >
                {swap.contact.phone}
              </ContactLine>
            )}
            {swap.contact.location && <ContactLine icon={MapPin}>{swap.contact.location}</ContactLine>}
          </ul>
          {!swap.contact.phone && (
            <p className="mt-2 text-muted">
              {firstName(swap.contact.name, true)} gave no phone number: e-mail is the way to reach them.
            </p>
          )}
        </section>
        {swap.status === "arranging" ? (
          <ArrangingNote swap={swap} tab={tab} />
        ) : (
          <SwapReview swapId={swap.id} otherName={swap.otherParty.name} tab={tab} reviews={swap.reviews} />
        )}
      </div>
    );
  }
  return null;
}

/**
 * An arranging swap on My Swaps: the time and place are agreed on the swap's page (its thread); "We've swapped" is
 * here too. Reviews open once it is completed.
 */
function ArrangingNote({ swap, tab }: { swap: SwapCardData; tab: "received" | "sent" }) {
  return (
    <div className="rounded-xl border border-accent-400 bg-accent-100/50 p-4 text-sm">
      <p className="font-semibold">Next Step: Arrange the swap</p>
      <p className="mt-1 text-muted">
        Agree on a time and place, then each of you confirms "We've swapped". You can review{" "}
        {firstName(swap.otherParty.name)} once the swap is completed.
      </p>
      {swap.threadId && (
        <Link
          to={`/messages/${swap.threadId}`}
          className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
        >
          Propose a time and place
        </Link>
      )}
      {swap.iSwappedAt ? (
        <p className="mt-2">You've confirmed the swap. Waiting for {firstName(swap.otherParty.name)}.</p>
      ) : (
        <Form method="post" action={`/my-swaps/${swap.id}/arrange`} className="mt-2">
          <input type="hidden" name="back" value={tab === "sent" ? "/my-swaps?tab=sent" : "/my-swaps"} />
          <Button type="submit" name="intent" value="swapped" variant="accent" size="sm">
            We've swapped
          </Button>
        </Form>
      )}
    </div>
  );
}

/** Told before paying: the contact this fee unlocks will be an e-mail address only (N17). */
function EmailOnlyNote({ name }: { name: string | null }) {
  return (
    <p className="mt-1 flex items-start gap-1.5 text-sm text-ink">
      <Mail className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
      <span>{firstName(name, true)} has no confirmed phone: you will get their e-mail address only.</span>
    </p>
  );
}

/** Told before paying: a phone will be shared, but no text code has proved it is theirs (decision 095). */
function UnconfirmedPhoneNote({ name }: { name: string | null }) {
  return (
    <p className="mt-1 flex items-start gap-1.5 text-sm text-ink">
      <Phone className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden="true" />
      <span>
        {firstName(name, true)} has not confirmed their phone number yet: you will get it with their e-mail address.
      </span>
    </p>
  );
}

/** Beside a shared phone: whether a text code proved it (decision 095). */
function PhoneConfirmedMark({ confirmed }: { confirmed: boolean }) {
  return confirmed ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-brand-800">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      Phone confirmed
    </span>
  ) : (
    <span className="text-xs text-muted">(not confirmed)</span>
  );
}

/**
 * Before paying, a member whose phone is on their profile but not confirmed is asked to confirm it: a prompt, not a
 * block (decision 095). The link opens the profile's "Confirm your phone"; Pay stays right here.
 */
function ConfirmPhonePrompt({ otherName }: { otherName: string | null }) {
  return (
    <p className="mb-3 rounded-lg border border-line bg-white p-3 text-sm text-ink">
      Your phone number is not confirmed, so {firstName(otherName)} will see it without the “Phone confirmed” mark.{" "}
      <Link to="/account#phone-heading" className="font-semibold text-brand-800 underline">
        Confirm your phone
      </Link>{" "}
      first (it takes a minute), or pay now.
    </p>
  );
}

function WhoHasPaid({ swap }: { swap: SwapCardData }) {
  const words = whoHasPaid(swap);
  if (!words) return null;
  return <p className="mt-1 text-sm font-semibold text-ink">{words}</p>;
}

/** Where the local test checkout is on, the Pay step says plainly that no real money moves. */
function TestPaymentsNote() {
  if (!useSite().testPayments) return null;
  return <p className="mt-2 text-xs text-muted">Test payments: no real money moves on this site.</p>;
}

/** When both fees are due, in Sydney time (the same text on the server and in the browser). */
function PaymentDeadline({ dueAt }: { dueAt?: string | Date | null }) {
  if (!dueAt) return null;
  return (
    <p className="mt-2 flex items-start gap-1.5 text-sm font-medium text-ink">
      <Clock className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden="true" />
      Pay by {formatDayAndTime(dueAt)}, or the swap lapses: any fee held is released and nobody is charged.
    </p>
  );
}

/** The fee is held until both pay, then charged and kept: said where the member pays, in the FAQ's and the Terms'
 *  words (N9, decision 102). */
function NonRefundableNote() {
  return (
    <p className="mt-1 text-xs text-muted">
      {HELD_UNTIL_BOTH_PAY} {NON_REFUNDABLE_ONCE_PAID}
    </p>
  );
}

/** One way to reach the other member: its icon, and the value (a link where it can be opened). */
function ContactLine({
  icon: Icon,
  href,
  after,
  children,
}: {
  icon: typeof Mail;
  href?: string;
  after?: ReactNode;
  children: string;
}) {
  return (
    <li className="flex items-center gap-2">
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {/* A long address breaks inside itself; the mark beside a phone goes under it when there is no room. */}
      <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        {href ? (
          <a href={href} className="min-w-0 underline">
            {children}
          </a>
        ) : (
          children
        )}
        {after}
      </span>
    </li>
  );
}

/** A listing's value range as the fair-value meter reads it. */
function rangeOf(listing: { valueMin: number; valueMax: number }) {
  return { min: listing.valueMin, max: listing.valueMax };
}

/** Everything the proposer gives, and everything they ask for, each as one range. */
const offeredRange = (swap: SwapCardData) => combinedRange([swap.offered, ...(swap.moreOffered ?? [])].map(rangeOf));
const wantedRange = (swap: SwapCardData) => combinedRange([swap.target, ...(swap.moreWanted ?? [])].map(rangeOf));

/** A bundle's further listings on one side, each a line with its link ("+ Stihl chainsaw"). */
function BundleLines({ lines }: { lines?: BundleLine[] }) {
  if (!lines?.length) return null;
  return (
    <ul className="mt-1.5 space-y-1 pl-2 text-sm" aria-label="Also in this swap">
      {lines.map((line) => (
        <li key={line.id} className="truncate">
          <span aria-hidden="true">+ </span>
          <Link to={`/listings/${line.id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {line.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
