import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { focusFirstError } from "#app/lib/focus-first-error.ts";
import { formatValueRange } from "#app/lib/format.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { closestInValue, combinedRange, type ValueRange } from "#core/swaps/fair-value.ts";
import { MAX_OFFERED_LISTINGS, MAX_WANTED_LISTINGS } from "#core/swaps/bundle-limits.ts";
import { FormError } from "../forms/form-error";
import { Thumbnail } from "../listings/cover-picture";
import { Button, ButtonLink } from "../ui/button";
import { FairValueMeter, FairValueTag } from "./fair-value-meter";
import { ListingChoices, OfferMessageField } from "./listing-choices";

export type Offerable = {
  id: string;
  title: string;
  images: { key: string; widths: number[] }[];
  valueMin: number;
  valueMax: number;
};

/**
 * Choose one of your active listings to offer, add an optional message, send. In the dialog it posts
 * through a fetcher (`onSent` closes it); on the page it is a plain form.
 */
export function ProposeSwapForm({
  targetId,
  targetValue,
  offerable,
  theirOthers = [],
  error,
  onSent,
}: {
  targetId: string;
  /** The listing asked for: each of the member's listings is weighed against it (the fair-value meter). */
  targetValue: ValueRange;
  offerable: Offerable[];
  /** The same owner's other listings: a bundle may ask for one of them too (decision 103). */
  theirOthers?: Offerable[];
  error?: string;
  onSent?: () => void;
}) {
  const fetcher = useFetcher<{ ok?: true; error?: string }>();
  const formRef = useRef<HTMLFormElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const hydrated = useHydrated();
  const inDialog = Boolean(onSent);
  const FormTag = inDialog ? fetcher.Form : Form;
  const busy = fetcher.state !== "idle";
  const ranges = offerable.map((l) => ({ id: l.id, min: l.valueMin, max: l.valueMax }));
  const closest = offerable.length > 1 ? closestInValue(ranges, targetValue)?.id : undefined;
  // A bundle: more of mine (up to 2 beside the chosen one), and one more of theirs.
  const [moreMine, setMoreMine] = useState<string[]>([]);
  const [moreTheirs, setMoreTheirs] = useState<string[]>([]);
  const extrasOfMine = moreMine.filter((id) => id !== chosen);
  const picked = chosen
    ? combinedRange(ranges.filter((r) => r.id === chosen || extrasOfMine.includes(r.id)))
    : undefined;
  const asked = combinedRange([
    targetValue,
    ...theirOthers.filter((l) => moreTheirs.includes(l.id)).map((l) => ({ min: l.valueMin, max: l.valueMax })),
  ]);

  // The success is a toast (the dialog closes); a refusal stays in the form, said once (decision 048).
  const shownError = fetcher.data && !fetcher.data.ok ? (fetcher.data.error ?? "Failed to send proposal") : error;
  // Runs once per answer from the server; `onSent` is only called, never a reason to run again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the fetcher's answer on purpose
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      // 'Swap proposal sent successfully!' comes from the server's flash (see the propose action).
      onSent?.();
    } else {
      focusFirstError(formRef.current);
    }
  }, [fetcher.state, fetcher.data]);
  useEffect(() => {
    if (error) focusFirstError(formRef.current);
  }, [error]);

  if (offerable.length === 0) {
    return (
      <div className="rounded-xl bg-surface p-5 text-center">
        <p className="font-semibold">You have no active listings to offer yet</p>
        <p className="mt-1 text-sm text-muted">List something of yours first, then come back to propose a swap.</p>
        {/* Back to this proposal once the listing exists (N3): a newcomer does not lose the item they wanted. */}
        <ButtonLink
          to={`/create-listing?${new URLSearchParams({ returnTo: `/listings/${targetId}/propose` })}`}
          className="mt-4"
        >
          List Item
        </ButtonLink>
      </div>
    );
  }

  return (
    <FormTag ref={formRef} method="post" action={`/listings/${targetId}/propose`} className="space-y-5">
      {inDialog && <input type="hidden" name="via" value="dialog" />}
      <FormError message={shownError} />
      {/* min-w-0: a fieldset is as wide as its widest row by default, so a long title ran past the dialog. */}
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-ink">Choose one of your listings to offer</legend>
        <ul className="mt-2 max-h-72 space-y-2 overflow-y-auto">
          {offerable.map((listing) => (
            <li key={listing.id}>
              <label
                className={`flex cursor-pointer items-center gap-3 rounded-xl border p-2 ${chosen === listing.id ? "border-brand-600 bg-brand-50" : "border-line hover:bg-surface"}`}
              >
                <input
                  type="radio"
                  name="offeredListingId"
                  value={listing.id}
                  className="size-4 shrink-0 accent-brand-700"
                  onChange={() => {
                    setChosen(listing.id);
                    // The one offered first is no longer one of the extras (else three could stay ticked).
                    setMoreMine((list) => list.filter((id) => id !== listing.id));
                  }}
                />
                <Thumbnail images={listing.images} size="small" />
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{listing.title}</span>
                  <span className="block text-sm text-muted">
                    {formatValueRange(listing.valueMin, listing.valueMax)}
                  </span>
                  <FairValueTag
                    mine={{ min: listing.valueMin, max: listing.valueMax }}
                    theirs={targetValue}
                    closest={listing.id === closest}
                  />
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {(offerable.length > 1 || theirOthers.length > 0) && (
        <details className="rounded-xl border border-line px-3 py-2">
          <summary className="cursor-pointer py-1 text-sm font-medium text-ink">Make it a bundle (optional)</summary>
          {offerable.length > 1 && (
            <ListingChoices
              quiet
              legend={`Add up to ${MAX_OFFERED_LISTINGS - 1} more of yours`}
              name="moreOffered"
              listings={offerable.filter((l) => l.id !== chosen)}
              picked={extrasOfMine}
              max={MAX_OFFERED_LISTINGS - 1}
              onChange={setMoreMine}
            />
          )}
          {theirOthers.length > 0 && (
            <ListingChoices
              quiet
              legend={`Ask for ${MAX_WANTED_LISTINGS - 1} more of theirs`}
              name="moreWanted"
              listings={theirOthers}
              picked={moreTheirs}
              max={MAX_WANTED_LISTINGS - 1}
              onChange={setMoreTheirs}
            />
          )}
        </details>
      )}
      <div aria-live="polite">{picked && <FairValueMeter mine={picked} theirs={asked} />}</div>
      <OfferMessageField id={`message-${targetId}`} placeholder="Say hello, and why this swap works for both of you." />
      <p className="text-xs text-muted">
        Proposals expire after 48 hours. If it's accepted, each of you pays a $9.99 handshake fee to swap contact
        details.
      </p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {!inDialog && (
          <Link
            to={`/listings/${targetId}`}
            className="inline-flex h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold hover:bg-surface"
          >
            Cancel
          </Link>
        )}
        {/* Disabled until a listing is chosen; without JavaScript the server says so instead. */}
        <Button type="submit" disabled={(hydrated && !chosen) || busy}>
          {busy ? "Sending..." : "Send Proposal"}
        </Button>
      </div>
    </FormTag>
  );
}
