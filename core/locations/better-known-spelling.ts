import { distanceKm } from "./distance";
import {
  type Locality,
  localitiesNamed,
  normalise,
  parseLocationText,
  prominenceOf,
  searchLocalities,
  similarLocalities,
} from "./localities";
import { canonicalName } from "./place-words";
import { doubledLetterSlip } from "./trigrams";

/** A suburb under a second postcode this close by (Melbourne 3000 and 3004) is one place. */
const SAME_PLACE_KM = 25;

/**
 * A name spelt exactly as typed still gives way to a choice when a place spelt the same but for a doubled
 * letter is far better known (this many times as prominent, and a city's suburb): "Paramatta" is a hamlet in
 * SA, but the person almost surely means Parramatta NSW. 7 of the data's 15,908 names give way so (decision 090).
 */
const SPELLING_SIMILARITY = 0.5;
const SPELLING_PROMINENCE_RATIO = 5;
const CITY_PROMINENCE = 100;

/** Places spelt like `words` but for a doubled letter that are far better known than every place in `named`. */
export function betterKnownSpelling(words: string, named: Locality[]): Locality[] {
  const known = Math.max(0, ...named.map(prominenceOf));
  const floor = Math.max(CITY_PROMINENCE, known * SPELLING_PROMINENCE_RATIO);
  const typed = canonicalName(normalise(words));
  const alike = similarLocalities(words, { except: [words], threshold: SPELLING_SIMILARITY });
  const slips = alike.filter(
    (l) => prominenceOf(l) >= floor && doubledLetterSlip(typed, canonicalName(normalise(l.suburb))),
  );
  return onePerPlace(slips).slice(0, 3);
}

/** One locality for each place: a suburb with a second postcode nearby (Melbourne 3000 and 3004) is offered once. */
export function onePerPlace(localities: Locality[]): Locality[] {
  const kept: Locality[] = [];
  for (const l of localities) {
    const same = kept.find(
      (k) =>
        k.state === l.state &&
        canonicalName(normalise(k.suburb)) === canonicalName(normalise(l.suburb)) &&
        distanceKm(k, l) <= SAME_PLACE_KM,
    );
    if (!same) kept.push(l);
    else if (l.postcode < same.postcode) kept[kept.indexOf(same)] = l;
  }
  return kept;
}

/**
 * The location field's suggestions (GET /api/v1/localities): searchLocalities, with a far better-known place
 * first when the name typed is its misspelling, as the search reads it: typing "Paramatta" suggests
 * Parramatta NSW 2150 before Paramatta SA 5558.
 */
export function suggestPlaces(query: string, limit = 8): Locality[] {
  const found = searchLocalities(query, limit);
  const q = parseLocationText(query);
  if (!q.words || q.state || q.postcode) return found;
  const named = localitiesNamed(q.words);
  if (named.length === 0) return found;
  const meant = betterKnownSpelling(q.words, named);
  if (meant.length === 0) return found;
  const labels = new Set(meant.map((l) => l.label));
  return [...meant, ...found.filter((l) => !labels.has(l.label))].slice(0, limit);
}
