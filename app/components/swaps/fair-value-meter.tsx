import { type FairValue, fairValue, type ValueRange } from "#core/swaps/fair-value.ts";
import { Scale } from "../ui/icons";

const TONE: Record<FairValue["verdict"], string> = {
  about_even: "bg-brand-50 text-brand-800",
  you_offer_more: "bg-accent-100 text-ink",
  they_offer_more: "bg-accent-100 text-ink",
};

/**
 * The fair-value meter (issue 29): the verdict as a small tag, and the plain sentence beside it, for what the viewer
 * gives against what they get. From the owners' own value ranges: a guide, never a price.
 */
export function FairValueMeter({
  mine,
  theirs,
  className = "",
}: {
  mine: ValueRange;
  theirs: ValueRange;
  className?: string;
}) {
  const meter = fairValue(mine, theirs);
  return (
    <p className={`flex flex-wrap items-center gap-2 text-sm ${className}`}>
      <span
        className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ${TONE[meter.verdict]}`}
      >
        <Scale className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Fair value: </span>
        {meter.label}
      </span>
      <span className="text-muted">{meter.detail[0].toUpperCase() + meter.detail.slice(1)}</span>
    </p>
  );
}

/** The verdict alone, as a small tag (the propose dialog's list of the member's listings). */
export function FairValueTag({ mine, theirs, closest }: { mine: ValueRange; theirs: ValueRange; closest?: boolean }) {
  const meter = fairValue(mine, theirs);
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      <span
        className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[meter.verdict]}`}
      >
        <Scale className="size-3" aria-hidden="true" />
        {meter.label}
      </span>
      {closest && (
        <span className="inline-flex items-center rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
          Closest in value
        </span>
      )}
    </span>
  );
}
