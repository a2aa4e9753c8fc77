// The fair-value meter (issue 29): how two sides of a swap compare, from the owners' own value ranges. Pure: the
// propose dialog, My Swaps and the deal screen all show the same words for the same two ranges.

/** What an owner says an item is worth, in whole dollars (listings.value_min and value_max). */
export type ValueRange = { min: number; max: number };

export type FairVerdict = "about_even" | "you_offer_more" | "they_offer_more";

export type FairValue = {
  verdict: FairVerdict;
  /** How much of the two ranges together both share: 1 for the same range, 0 for ranges that do not meet. */
  overlap: number;
  /** How much more the side that offers more is worth, middle to middle, in whole dollars (0 when about even). */
  difference: number;
  /** The verdict in a few words ("About even"). */
  label: string;
  /** What it means, from the viewer's side ("yours is worth about $200 more"). */
  detail: string;
  /** The label and the detail as one plain sentence. */
  sentence: string;
};

/** Ranges sharing at least half of their span together are about even... */
const EVEN_OVERLAP = 0.5;
/** ...as are ranges whose middles are within a tenth of the larger one (two exact prices of $1,000 and $950). */
const EVEN_SHARE = 0.1;

const dollars = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });

/** Several listings offered together count as one range: the sum of the lows to the sum of the highs. */
export function combinedRange(ranges: readonly ValueRange[]): ValueRange {
  return ranges.reduce((sum, r) => ({ min: sum.min + r.min, max: sum.max + r.max }), { min: 0, max: 0 });
}

/** The meter for what the viewer gives (`mine`) against what they get (`theirs`). */
export function fairValue(mine: ValueRange, theirs: ValueRange): FairValue {
  const shared = Math.max(0, Math.min(mine.max, theirs.max) - Math.max(mine.min, theirs.min));
  const span = Math.max(mine.max, theirs.max) - Math.min(mine.min, theirs.min);
  // Two exact prices (min = max) share everything when they are the same, nothing otherwise.
  const overlap = span === 0 ? 1 : shared / span;
  const gap = (mine.min + mine.max) / 2 - (theirs.min + theirs.max) / 2;
  const larger = Math.max((mine.min + mine.max) / 2, (theirs.min + theirs.max) / 2);
  const even = overlap >= EVEN_OVERLAP || larger === 0 || Math.abs(gap) / larger <= EVEN_SHARE;
  const percent = Math.round(overlap * 100);
  if (even)
    return said(
      "about_even",
      overlap,
      0,
      percent > 0 ? `the two value ranges overlap by ${percent}%.` : "the two values are within 10% of each other.",
    );
  const difference = Math.round(Math.abs(gap));
  const more = dollars.format(difference);
  return gap > 0
    ? said("you_offer_more", overlap, difference, `yours is worth about ${more} more.`)
    : said("they_offer_more", overlap, difference, `theirs is worth about ${more} more.`);
}

const LABELS: Record<FairVerdict, string> = {
  about_even: "About even",
  you_offer_more: "You offer more",
  they_offer_more: "They offer more",
};

function said(verdict: FairVerdict, overlap: number, difference: number, detail: string): FairValue {
  const label = LABELS[verdict];
  return { verdict, overlap, difference, label, detail, sentence: `${label}: ${detail}` };
}

/**
 * Of the viewer's listings, the one that would make the fairest swap for `theirs`: about even, the most overlap,
 * then the smallest difference of middles. Undefined when none of them is about even.
 */
export function closestInValue<T extends ValueRange & { id: string }>(
  candidates: readonly T[],
  theirs: ValueRange,
): T | undefined {
  let best: { candidate: T; overlap: number; gap: number } | undefined;
  for (const candidate of candidates) {
    const meter = fairValue(candidate, theirs);
    if (meter.verdict !== "about_even") continue;
    const gap = Math.abs((candidate.min + candidate.max - theirs.min - theirs.max) / 2);
    if (!best || meter.overlap > best.overlap || (meter.overlap === best.overlap && gap < best.gap))
      best = { candidate, overlap: meter.overlap, gap };
  }
  return best?.candidate;
}
