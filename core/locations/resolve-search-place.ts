import { CITIES } from "./cities";
import { distanceKm } from "./distance";
import {
  findLocality,
  type Locality,
  localitiesNamed,
  localitiesWithPostcode,
  normalise,
  parseLocationText,
  resolveLocationInput,
  searchLocalities,
} from "./localities";

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
  /** Several places fit (`ambiguous`: the name is in several states, or far apart), or only the start of
   *  names does: the person picks one. */
  | { kind: "choose"; ambiguous: boolean; options: Locality[] }
  | { kind: "unknown" };

/** Localities of one name, in one state, this close together are one place (a suburb with a second
 *  postcode for its post office boxes or its other side: Hobart 7000/7001, Alice Springs 0870-0872). */
const SAME_PLACE_KM = 25;
const MAX_CHOICES = 20;
const SUGGESTIONS = 8;

const fromLocality = (l: Locality): SearchPlace => ({
  label: l.label,
  name: l.suburb,
  latitude: l.latitude,
  longitude: l.longitude,
});

/**
 * What someone typed in the search's "Suburb or postcode", as a place to measure distance from. Unlike a
 * listing's own location (which must be one suburb: resolveLocationInput), a search takes what people type:
 * a city ("Perth" is Perth WA), a suburb alone ("Newtown" when it is unambiguous, else a choice), a postcode
 * alone (its suburbs' middle), or a full label. Text that only starts a name offers the names it starts.
 */
export function resolveSearchPlace(text: string): SearchPlaceResult {
  if (!text.trim()) return { kind: "empty" };
  const q = parseLocationText(text);

  // Cities first: a big city's name means the city, even where a hamlet elsewhere has it too.
  if (q.words && !q.postcode) {
    const city = CITIES.find((c) => normalise(c.name) === q.words && (!q.state || c.state === q.state));
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
    // A name that ends in digits or a state-like word ("No 4 Branch") reads as a name and a postcode.
    if (named.length === 0) {
      const whole = resolveLocationInput(text);
      if (whole) named = [whole];
    }
    if (named.length === 1) return { kind: "place", place: fromLocality(named[0]) };
    if (named.length > 1) {
      // The data set spells some places two ways ("O'Connell" and "Oconnell NSW 2795"): prefer the one typed.
      const typed = named.find((l) => l.label.toLowerCase() === text.trim().replace(/\s+/g, " ").toLowerCase());
      const first = typed ?? named[0];
      const onePlace = named.every((l) => l.state === first.state && distanceKm(first, l) <= SAME_PLACE_KM);
      if (onePlace) return { kind: "place", place: fromLocality(first) };
      return { kind: "choose", ambiguous: true, options: named.slice(0, MAX_CHOICES) };
    }
  }

  // The start of a name ("Newt"), or a name with a postcode that does not fit it ("Bondi 2000").
  let options = searchLocalities(text, SUGGESTIONS);
  if (options.length === 0 && q.words) options = searchLocalities(q.words, SUGGESTIONS);
  return options.length > 0 ? { kind: "choose", ambiguous: false, options } : { kind: "unknown" };
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
