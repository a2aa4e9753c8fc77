import type { AuState } from "#db/schema/columns.ts";
import { CITIES, type City } from "./cities";
import { distanceKm } from "./distance";
import {
  byProminence,
  findLocality,
  fullPostcode,
  type Locality,
  localitiesNamed,
  localitiesWithPostcode,
  normalise,
  parseLocationText,
  type Query,
  resolveLocationInput,
  suggestLocalities,
} from "./localities";
import { canonicalName, withoutCentreWords } from "./place-words";
import { betterKnownSpelling, onePerPlace } from "./better-known-spelling";

/** Where a search measures from: a suburb, a city, or a postcode's area. */
export type SearchPlace = {
  /** In full, for "within 25 km of …": "Newtown NSW 2042", "Melbourne VIC", "postcode 2042". */
  label: string;
  /** Short, for a card's "3 km from …": "Newtown", "Melbourne", "postcode 2042". */
  name: string;
  latitude: number;
  longitude: number;
};

export type SearchPlaceResult =
  | { kind: "empty" }
  | { kind: "place"; place: SearchPlace }
  /** Several places fit, and the person picks one, best known first. `why`: the name is in several states or far
   *  apart ("ambiguous"), only the start of names fits ("partial"), or the text reads as a misspelling of a
   *  better-known place ("spelling": "Paramatta" offers Parramatta NSW before the hamlet Paramatta SA). */
  | { kind: "choose"; why: "ambiguous" | "partial" | "spelling"; options: Locality[] }
  | { kind: "unknown" };

/** Localities of one name, in one state, this close together are one place (a suburb with a second
 *  postcode for its post office boxes or its other side: Hobart 7000/7001, Alice Springs 0870-0872). */
const SAME_PLACE_KM = 25;
const MAX_CHOICES = 20;
const SUGGESTIONS = 8;
/** "Newtown, Sydney": a city narrows a name to the places this close to its centre (Greater Sydney's edge is
 *  ~60 km out: Richmond NSW is 55 km from the CBD). */
const CITY_REACH_KM = 60;

const fromLocality = (l: Locality): SearchPlace => ({
  label: l.label,
  name: l.suburb,
  latitude: l.latitude,
  longitude: l.longitude,
});

/**
 * What someone typed in the search's "Suburb or postcode", as a place to measure distance from. Unlike a
 * listing's own location (which must be one suburb: resolveLocationInput), a search takes what people type:
 * a city ("Perth" is Perth WA) or its centre ("Sydney CBD"), a suburb alone ("Newtown" when it is unambiguous,
 * else a choice), a suburb in a city or state ("Newtown, Sydney", "Newtown NSW"), abbreviations ("Mt Druitt"),
 * a postcode alone (its suburbs' middle; "800" is 0800), or a full label. Text that only starts a name offers
 * the names it starts; a misspelt name offers the names spelt like it, best known first.
 */
export function resolveSearchPlace(text: string): SearchPlaceResult {
  if (!text.trim()) return { kind: "empty" };
  const parsed = parseLocationText(text);
  const q: Query = parsed.postcode ? { ...parsed, postcode: fullPostcode(parsed.postcode) } : parsed;

  // "Sydney CBD": a city's centre is the locality that stands for it; another place's centre is that place.
  const centreOf = q.words && !q.postcode ? withoutCentreWords(q.words) : null;
  if (centreOf) {
    const city = cityNamed(centreOf, q.state);
    if (city) return { kind: "place", place: fromLocality(cityCentre(city.at)) };
    return resolveSearchPlace(q.state ? `${centreOf} ${q.state}` : centreOf);
  }

  // Cities first: a big city's name means the city, even where a hamlet elsewhere has it too.
  if (q.words && !q.postcode) {
    const city = cityNamed(q.words, q.state);
    if (city) {
      const at = cityCentre(city.at);
      return {
        kind: "place",
        place: { label: `${city.name} ${city.state}`, name: city.name, latitude: at.latitude, longitude: at.longitude },
      };
    }
  }

  if (!q.words && q.postcode?.length === 4) {
    const area = localitiesWithPostcode(q.postcode, q.state);
    if (area.length > 0) return { kind: "place", place: postcodeArea(q.postcode, area) };
  }

  if (q.words && (!q.postcode || q.postcode.length === 4)) {
    let named = localitiesNamed(q.words, q.state).filter((l) => !q.postcode || l.postcode === q.postcode);
    if (named.length === 0 && !q.postcode) named = namedInCity(q.words, q.state);
    // A name that ends in digits or a state-like word ("No 4 Branch") reads as a name and a postcode.
    if (named.length === 0) {
      const whole = resolveLocationInput(text);
      if (whole) named = [whole];
    }
    if (named.length > 0 && !q.postcode && !q.state) {
      const meant = betterKnownSpelling(q.words, named);
      if (meant.length > 0) return { kind: "choose", why: "spelling", options: [...meant, ...byProminence(named)] };
    }
    if (named.length === 1) return { kind: "place", place: fromLocality(named[0]) };
    if (named.length > 1) {
      // The data set spells some places two ways ("O'Connell" and "Oconnell NSW 2795"): prefer the one typed.
      const typed = named.find((l) => l.label.toLowerCase() === text.trim().replace(/\s+/g, " ").toLowerCase());
      const first = typed ?? named[0];
      const onePlace = named.every((l) => l.state === first.state && distanceKm(first, l) <= SAME_PLACE_KM);
      if (onePlace) return { kind: "place", place: fromLocality(first) };
      return { kind: "choose", why: "ambiguous", options: byProminence(named).slice(0, MAX_CHOICES) };
    }
  }

  // The start of a name ("Newt"), a name with a postcode that does not fit it ("Bondi 2000"), or a misspelling.
  let suggested = suggestLocalities(text, SUGGESTIONS);
  if (suggested.localities.length === 0 && q.words) suggested = suggestLocalities(q.words, SUGGESTIONS);
  if (suggested.localities.length === 0) return { kind: "unknown" };
  const why = suggested.fit === "start" ? "partial" : "spelling";
  return { kind: "choose", why, options: onePerPlace(suggested.localities) };
}

function cityNamed(words: string, state?: AuState): City | undefined {
  const canon = canonicalName(words);
  return CITIES.find((c) => canonicalName(normalise(c.name)) === canon && (!state || c.state === state));
}

/** "Newtown, Sydney" or "newtown sydney": a name, then a city that narrows it to the places near that city. */
function namedInCity(words: string, state?: AuState): Locality[] {
  for (const city of CITIES) {
    const suffix = ` ${normalise(city.name)}`;
    if (!words.endsWith(suffix) || (state && city.state !== state)) continue;
    const centre = cityCentre(city.at);
    const near = localitiesNamed(words.slice(0, -suffix.length), city.state).filter(
      (l) => distanceKm(l, centre) <= CITY_REACH_KM,
    );
    if (near.length > 0) return near;
  }
  return [];
}

function cityCentre(label: string): Locality {
  const q = parseLocationText(label);
  const found = q.postcode ? findLocality({ suburb: q.words, state: q.state, postcode: q.postcode }) : null;
  if (!found) throw new Error(`cities.ts: no locality "${label}" in the postcode data`);
  return found;
}

/** A postcode names an area, not a point: measure from the middle of its suburbs. */
function postcodeArea(postcode: string, area: Locality[]): SearchPlace {
  if (area.length === 1) return fromLocality(area[0]);
  const mean = (pick: (l: Locality) => number) => area.reduce((sum, l) => sum + pick(l), 0) / area.length;
  const label = `postcode ${postcode}`;
  return { label, name: label, latitude: mean((l) => l.latitude), longitude: mean((l) => l.longitude) };
}
