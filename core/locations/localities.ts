import { readFileSync } from "node:fs";
import path from "node:path";
import { AU_STATES, type AuState } from "#db/schema/columns.ts";
import { distanceKm, type Point } from "./distance";
import { canonicalName, nameVariants } from "./place-words";
import { prominence } from "./prominence";
import { TrigramIndex } from "./trigrams";

/** An Australian suburb or locality from the postcode data set (db/data/au-localities.tsv). */
export type Locality = {
  suburb: string;
  state: AuState;
  postcode: string;
  latitude: number;
  longitude: number;
  /** "Bondi NSW 2026" */
  label: string;
};

/** `key`: the name normalised; `canon`: with its words spelt one way ("mt" -> "mount"): names are matched on it. */
type Entry = { locality: Locality; key: string; canon: string; position: number };
type Index = { entries: Entry[]; byPostcode: Map<string, Entry[]>; bySuburb: Map<string, Entry[]> };

const STATES = new Set<string>(AU_STATES);
let index: Index | null = null;

/** Loaded on first use: about 18,000 lines, well under a megabyte, kept in memory for the process's life. */
function load(): Index {
  if (index) return index;
  const file = process.env.LOCALITIES_FILE || path.resolve(process.cwd(), "db/data/au-localities.tsv");
  const entries: Entry[] = [];
  const byPostcode = new Map<string, Entry[]>();
  const bySuburb = new Map<string, Entry[]>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const [suburb, state, postcode, lat, lng] = line.split("\t");
    if (!lng || !STATES.has(state)) continue;
    const locality: Locality = {
      suburb,
      state: state as AuState,
      postcode,
      latitude: Number(lat),
      longitude: Number(lng),
      label: `${suburb} ${state} ${postcode}`,
    };
    const key = normalise(suburb);
    const entry = { locality, key, canon: canonicalName(key), position: entries.length };
    entries.push(entry);
    push(byPostcode, postcode, entry);
    push(bySuburb, entry.canon, entry);
  }
  index = { entries, byPostcode, bySuburb };
  return index;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Case and punctuation folded: "O'Connor" ~ "oconnor", "Brighton-Le-Sands" ~ "brighton le sands", "St. Kilda" ~ "st kilda". */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019'.]/g, "")
    .replace(/[-(),/]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Text as it is typed, read into suburb words (normalised) and an optional trailing state and postcode. */
export type Query = { words: string; state?: AuState; postcode?: string };

/** "bondi", "Bondi, NSW", "bondi 2026", "Bondi NSW 2026", "2026": suburb words, then optional state and postcode. */
export function parseLocationText(text: string): Query {
  const tokens = normalise(text).split(" ").filter(Boolean);
  const query: Query = { words: "" };
  for (let i = 0; i < 2 && tokens.length > 0; i++) {
    const last = tokens[tokens.length - 1];
    if (!query.postcode && /^\d{1,4}$/.test(last)) query.postcode = last;
    else if (!query.state && tokens.length > 1 && STATES.has(last.toUpperCase()))
      query.state = last.toUpperCase() as AuState;
    else break;
    tokens.pop();
  }
  query.words = tokens.join(" ");
  return query;
}

/** A query's suburb words in every canonical spelling ("pt cook": Port Cook and Point Cook). */
function variantsOf(q: Query, partial: boolean): string[] {
  return q.words ? nameVariants(q.words, { partial }) : [];
}

function matches(entry: Entry, q: Query, names: string[], exact: boolean): boolean {
  const { canon, locality } = entry;
  if (names.length > 0 && !names.some((name) => (exact ? canon === name : canon.startsWith(name)))) return false;
  if (q.state && locality.state !== q.state) return false;
  if (q.postcode && !(exact ? locality.postcode === q.postcode : locality.postcode.startsWith(q.postcode)))
    return false;
  return true;
}

/**
 * Exact names first, then the better known (by prominence, in steps of doubling, so that near equals fall
 * through: "parra" offers Parramatta before Parrawe TAS), then shorter names, alphabetical, by postcode.
 */
function rank(names: string[]) {
  const exact = (e: Entry) => Number(names.includes(e.canon));
  const { prominence: weights } = loadFuzzy();
  const known = (e: Entry) => Math.round(Math.log2(1 + weights[e.position]));
  return (a: Entry, b: Entry) =>
    exact(b) - exact(a) ||
    known(b) - known(a) ||
    a.key.length - b.key.length ||
    a.key.localeCompare(b.key) ||
    a.locality.postcode.localeCompare(b.locality.postcode);
}

/**
 * Suburbs whose name starts with the query (case, punctuation and abbreviations like "Mt" ignored), or whose
 * postcode starts with it when the query is digits. A trailing state and/or postcode narrows the suburb search:
 * "bondi 2026", "Bondi, NSW". A name that starts no suburb's may be misspelt: the closest names are suggested
 * ("Melborne" -> Melbourne), best known first.
 */
export function searchLocalities(query: string, limit = 8): Locality[] {
  return suggestLocalities(query, limit).localities;
}

/** searchLocalities, saying how the suggestions fit: names the text starts, or names spelt like it. */
export function suggestLocalities(query: string, limit = 8): { fit: "start" | "spelling"; localities: Locality[] } {
  const { entries } = load();
  const q = parseLocationText(query);
  const start = (found: Entry[]) => ({
    fit: "start" as const,
    localities: found.slice(0, limit).map((e) => e.locality),
  });
  if (!q.words && !q.postcode) return start([]);
  const names = variantsOf(q, true);
  const found = entries.filter((e) => matches(e, q, names, false));
  // A suburb whose name ends in digits or a state-like word ("No 4 Branch"): search the whole text as a name.
  if (found.length === 0 && (q.state || q.postcode) && q.words) {
    const whole = nameVariants(normalise(query), { partial: true });
    const wholeFound = entries.filter((e) => whole.some((name) => e.canon.startsWith(name)));
    if (wholeFound.length > 0) return start(wholeFound.sort(rank(whole)));
  }
  // A misspelt name, unless it is only the postcode that fits no suburb of that name ("Bondi 2000").
  if (found.length === 0 && q.words && !entries.some((e) => matches(e, { words: q.words }, names, false)))
    return { fit: "spelling", localities: similarLocalities(q.words, { state: q.state, limit }) };
  if (!q.words) {
    // Postcode only: the exact postcode's suburbs first, alphabetically.
    found.sort((a, b) => a.locality.postcode.localeCompare(b.locality.postcode) || a.key.localeCompare(b.key));
  } else found.sort(rank(names));
  return start(found);
}

/** Exact lookup, case and punctuation ignored; with no state, the first state that has this suburb and postcode. */
export function findLocality(input: { suburb: string; state?: string | null; postcode: string }): Locality | null {
  const candidates = load().bySuburb.get(canonicalName(normalise(input.suburb))) ?? [];
  const state = input.state?.trim().toUpperCase();
  const postcode = input.postcode.trim();
  const found = candidates.find((e) => e.locality.postcode === postcode && (!state || e.locality.state === state));
  return found?.locality ?? null;
}

/** Postcodes are four digits; people drop the leading zero of the NT's and the ACT's ("800" for Darwin's 0800). */
export function fullPostcode(postcode: string): string {
  return postcode.length === 3 ? `0${postcode}` : postcode;
}

/** Every locality whose canonical name is one of `names`. */
function named(names: string[]): Entry[] {
  const { bySuburb } = load();
  return names.flatMap((name) => bySuburb.get(name) ?? []);
}

/**
 * Free text typed without the suggestions (no JavaScript): "Bondi NSW 2026", "bondi, 2026", "Parramatta NSW"
 * or "2026". Resolves only when exactly one locality fits; otherwise null and the member is asked to pick.
 */
export function resolveLocationInput(text: string): Locality | null {
  const { entries, byPostcode } = load();
  const parsed = parseLocationText(text);
  const q = parsed.postcode ? { ...parsed, postcode: fullPostcode(parsed.postcode) } : parsed;
  if (q.postcode && q.postcode.length !== 4) return null;
  let found: Entry[];
  if (!q.words) {
    if (!q.postcode) return null;
    found = (byPostcode.get(q.postcode) ?? []).filter((e) => !q.state || e.locality.state === q.state);
  } else {
    const names = variantsOf(q, false);
    found = named(names).filter((e) => matches(e, q, names, true));
    // The whole text may be a name that ends in digits ("No 4 Branch").
    if (found.length === 0 && (q.state || q.postcode)) {
      const whole = nameVariants(normalise(text));
      found = entries.filter((e) => whole.includes(e.canon));
    }
  }
  return found.length === 1 ? found[0].locality : null;
}

/**
 * The place a location field names: its text, and the suburb picked from the suggestions (the hidden
 * `…Suburb`/`…State`/`…Postcode` fields), if any. The pick wins only while the text still reads as that
 * suburb's label. The picker clears it when the text is edited, but before the page's JavaScript runs (it
 * loads after the first paint) an earlier pick rendered by the server would otherwise override whatever the
 * member typed over it, or a location they cleared.
 */
export function resolveLocationField(
  text: string,
  picked?: { suburb?: unknown; state?: unknown; postcode?: unknown } | null,
): Locality | null {
  const pick =
    picked && typeof picked.suburb === "string" && picked.suburb && typeof picked.postcode === "string"
      ? findLocality({
          suburb: picked.suburb,
          state: typeof picked.state === "string" ? picked.state : undefined,
          postcode: picked.postcode,
        })
      : null;
  if (pick && normalise(pick.label) === normalise(text)) return pick;
  return text.trim() ? resolveLocationInput(text) : null;
}

/** Every locality with exactly this name (case, punctuation and abbreviations ignored), in one state if given;
 *  by postcode. */
export function localitiesNamed(name: string, state?: AuState): Locality[] {
  return named(nameVariants(normalise(name)))
    .filter((e) => !state || e.locality.state === state)
    .map((e) => e.locality)
    .sort((a, b) => a.postcode.localeCompare(b.postcode) || a.state.localeCompare(b.state));
}

/** Every locality with this four-digit postcode, in one state if given; alphabetical. */
export function localitiesWithPostcode(postcode: string, state?: AuState): Locality[] {
  return (load().byPostcode.get(postcode.trim()) ?? [])
    .filter((e) => !state || e.locality.state === state)
    .map((e) => e.locality)
    .sort((a, b) => a.suburb.localeCompare(b.suburb));
}

/** The columns a row stores for a place (listings and profiles share them). */
export function locationColumns(locality: Locality) {
  return {
    location: locality.label,
    suburb: locality.suburb,
    state: locality.state,
    postcode: locality.postcode,
    latitude: locality.latitude,
    longitude: locality.longitude,
  };
}

// ---- How well known a place is, and names like the one typed ----

type Fuzzy = { prominence: Float32Array; names: string[]; byName: Entry[][]; trigrams: TrigramIndex };
let fuzzy: Fuzzy | null = null;

/** Built on the first misspelling or ranking, not at load: most requests never need it. */
function loadFuzzy(): Fuzzy {
  if (fuzzy) return fuzzy;
  const { entries, bySuburb } = load();
  const names = [...bySuburb.keys()];
  fuzzy = {
    prominence: prominence(entries.map((e) => e.locality)),
    names,
    byName: names.map((name) => bySuburb.get(name) ?? []),
    trigrams: new TrigramIndex(names),
  };
  return fuzzy;
}

function entryOf(locality: Locality): Entry | undefined {
  return load()
    .bySuburb.get(canonicalName(normalise(locality.suburb)))
    ?.find((e) => e.locality === locality);
}

/** How well known a place is likely to be: see prominence.ts. */
export function prominenceOf(locality: Locality): number {
  const entry = entryOf(locality);
  return entry ? loadFuzzy().prominence[entry.position] : 0;
}

/** Best known first (the postcode data's order among equals). */
export function byProminence(localities: readonly Locality[]): Locality[] {
  return localities
    .map((locality) => ({ locality, weight: prominenceOf(locality) }))
    .sort((a, b) => b.weight - a.weight)
    .map((x) => x.locality);
}

/** Below this, names share too little to be one word misspelt; pg_trgm's own default ("wooloongong" and
 *  "wollongong" share 0.4). */
const SIMILAR_NAME = 0.3;

/**
 * Localities whose names are spelt like `words` (a trigram similarity of SIMILAR_NAME or more), excluding
 * names in `except` (typed as people do). Ranked by similarity, lifted by how well known the place is, so that a misspelt city
 * suburb comes before an exactly-spelt hamlet's near neighbour: "paramatta" offers Parramatta NSW first.
 */
export function similarLocalities(
  words: string,
  {
    state,
    limit = 8,
    except = [],
    threshold = SIMILAR_NAME,
  }: { state?: AuState; limit?: number; except?: string[]; threshold?: number } = {},
): Locality[] {
  const { names, byName, prominence: weights, trigrams: index } = loadFuzzy();
  const typed = canonicalName(normalise(words));
  const excluded = except.map((name) => canonicalName(normalise(name)));
  const scored: { entry: Entry; score: number }[] = [];
  for (const { index: i, similarity } of index.similar(typed, threshold)) {
    if (excluded.includes(names[i])) continue;
    for (const entry of byName[i]) {
      if (state && entry.locality.state !== state) continue;
      scored.push({ entry, score: similarityScore(similarity, weights[entry.position]) });
    }
  }
  return scored
    .sort((a, b) => b.score - a.score || a.entry.locality.postcode.localeCompare(b.entry.locality.postcode))
    .slice(0, limit)
    .map((s) => s.entry.locality);
}

/** Similarity first; a city suburb (prominence in the hundreds) gains up to a fifth over a hamlet (a handful).
 *  Rounded, so that two postcodes of one suburb (Melbourne 3000 and 3004) stay in postcode order. */
function similarityScore(similarity: number, weight: number): number {
  return Math.round(100 * similarity * (0.8 + (0.2 * Math.log1p(weight)) / Math.log1p(500))) / 100;
}

/** The locality nearest a point (a phone's position): its label is what a location field takes. */
export function nearestLocality(point: Point): Locality {
  let best: Entry | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const entry of load().entries) {
    const km = distanceKm(point, entry.locality);
    if (km < bestKm) {
      best = entry;
      bestKm = km;
    }
  }
  if (!best) throw new Error("no localities loaded");
  return best.locality;
}
