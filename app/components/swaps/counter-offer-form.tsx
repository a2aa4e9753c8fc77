import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { combinedRange } from "#core/swaps/fair-value.ts";
import { FormError } from "../forms/form-error";
import { Button } from "../ui/button";
import { FairValueMeter } from "./fair-value-meter";
import { type ChoosableListing, ListingChoices, OfferMessageField } from "./listing-choices";

export type CounterListing = ChoosableListing;

/**
 * A counter-offer (decision 103): what this member gives and what they ask for, ticked from both members' active
 * listings, starting from the deal on the table. The listing the offer is about is fixed (its box is ticked and
 * cannot be cleared). The limits are the server's; here a box past one is disabled once the scripts run, and the
 * meter weighs the two sides as they are ticked.
 */
export function CounterOfferForm({
  mine,
  theirs,
  fixedId,
  start,
  limits,
  otherName,
  error,
}: {
  mine: CounterListing[];
  theirs: CounterListing[];
  /** The listing the offer is about: on this member's side (they received the proposal) or the other's. */
  fixedId: string;
  start: { give: string[]; get: string[] };
  limits: { give: number; get: number };
  otherName: string;
  error?: string;
}) {
  const [give, setGive] = useState(start.give);
  const [get, setGet] = useState(start.get);
  const busy = useNavigation().state === "submitting";
  const range = (all: CounterListing[], ids: string[]) =>
    combinedRange(all.filter((l) => ids.includes(l.id)).map((l) => ({ min: l.valueMin, max: l.valueMax })));

  return (
    <Form method="post" className="mt-6 space-y-6">
      <FormError message={error} />
      <ListingChoices
        legend={`You give (up to ${limits.give})`}
        name="give"
        listings={mine}
        picked={give}
        max={limits.give}
        fixedId={fixedId}
        onChange={setGive}
      />
      <ListingChoices
        legend={`You get from ${otherName} (up to ${limits.get})`}
        name="get"
        listings={theirs}
        picked={get}
        max={limits.get}
        fixedId={fixedId}
        onChange={setGet}
      />
      <div aria-live="polite">
        {give.length > 0 && get.length > 0 && <FairValueMeter mine={range(mine, give)} theirs={range(theirs, get)} />}
      </div>
      <OfferMessageField id="counter-message" placeholder="Say why this works better for you." />
      <p className="text-xs text-muted">
        {otherName} then has 48 hours to accept, decline or send another counter-offer.
      </p>
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Send counter-offer"}
      </Button>
    </Form>
  );
}
