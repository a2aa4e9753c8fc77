/**
 * What an empty search looked for, in one sentence: "No kayaks within 25 km of Parramatta NSW 2150". Words typed
 * are read as the thing wanted and made plural ("kayak" -> "kayaks", "esky" -> "eskies"); anything that is not
 * plain words is quoted rather than guessed at ("No “4x4 bullbar” listings").
 */
export function describeEmptySearch({
  q,
  category,
  place,
  radiusKm,
  filtered,
}: {
  q: string;
  /** The category's label, when one was chosen. */
  category?: string;
  /** The place searched around, as resolved ("Parramatta NSW 2150"). */
  place?: string;
  radiusKm?: number;
  /** A condition or value range narrowed it too. */
  filtered: boolean;
}): string {
  const words = q.trim().replace(/\s+/g, " ");
  let what: string;
  if (!words) what = category ? `${category} listings` : "listings";
  else {
    const things = /^[\p{L}' -]+$/u.test(words) ? plural(words) : `“${words}” listings`;
    what = category ? `${things} in ${category}` : things;
  }
  const where = place && radiusKm ? ` within ${radiusKm} km of ${place}` : "";
  const filters = filtered ? " with these filters" : "";
  const yet = where || filters ? "" : what.endsWith("listings") ? " yet" : " listed yet";
  return `No ${what}${where}${filters}${yet}`;
}

/** English plural of the last word of a phrase: "kayak" -> "kayaks", "box trailer" -> "box trailers". */
export function plural(phrase: string): string {
  const match = phrase.match(/^(.*?)([\p{L}']+)$/u);
  if (!match) return phrase;
  const [, head, word] = match;
  const lower = word.toLowerCase();
  let out: string;
  if (/(s|x|z|ch|sh)$/.test(lower)) out = lower.endsWith("s") ? word : `${word}es`;
  else if (/[^aeiou]y$/.test(lower)) out = `${word.slice(0, -1)}ies`;
  else out = `${word}s`;
  return `${head}${out}`;
}
