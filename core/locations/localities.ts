import { readFileSync } from "node:fs";
import path from "node:path";
import { AU_STATES, type AuState } from "#db/schema/columns.ts";

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

type Entry = { locality: Locality; key: string };
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
    const entry = { locality, key: normalise(suburb) };
    entries.push(entry);
    push(byPostcode, postcode, entry);
    push(bySuburb, entry.key, entry);
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

function matches(entry: Entry, q: Query, exact: boolean): boolean {
  const { key, locality } = entry;
  if (q.words && !(exact ? key === q.words : key.startsWith(q.words))) return false;
  if (q.state && locality.state !== q.state) return false;
  if (q.postcode && !(exact ? locality.postcode === q.postcode : locality.postcode.startsWith(q.postcode)))
    return false;
  return true;
}

/** Exact names first, then shorter names, then alphabetical, then by postcode. */
function rank(words: string) {
  return (a: Entry, b: Entry) =>
    Number(b.key === words) - Number(a.key === words) ||
    a.key.length - b.key.length ||
    a.key.localeCompare(b.key) ||
    a.locality.postcode.localeCompare(b.locality.postcode);
}

/**
 * Suburbs whose name starts with the query (case and punctuation ignored), or whose postcode starts with it
 * when the query is digits. A trailing state and/or postcode narrows the suburb search: "bondi 2026", "Bondi, NSW".
 */
export function searchLocalities(query: string, limit = 8): Locality[] {
  const { entries } = load();
  const q = parseLocationText(query);
  if (!q.words && !q.postcode) return [];
  let found = entries.filter((e) => matches(e, q, false));
  // A suburb whose name ends in digits or a state-like word ("No 4 Branch"): search the whole text as a name.
  if (found.length === 0 && (q.state || q.postcode) && q.words) {
    const words = normalise(query);
    found = entries.filter((e) => e.key.startsWith(words));
    return found
      .sort(rank(words))
      .slice(0, limit)
      .map((e) => e.locality);
  }
  if (!q.words) {
    // Postcode only: the exact postcode's suburbs first, alphabetically.
    found.sort((a, b) => a.locality.postcode.localeCompare(b.locality.postcode) || a.key.localeCompare(b.key));
  } else found.sort(rank(q.words));
  return found.slice(0, limit).map((e) => e.locality);
}

/** Exact lookup, case and punctuation ignored; with no state, the first state that has this suburb and postcode. */
export function findLocality(input: { suburb: string; state?: string | null; postcode: string }): Locality | null {
  const candidates = load().bySuburb.get(normalise(input.suburb)) ?? [];
  const state = input.state?.trim().toUpperCase();
  const postcode = input.postcode.trim();
  const found = candidates.find((e) => e.locality.postcode === postcode && (!state || e.locality.state === state));
  return found?.locality ?? null;
}

/**
 * Free text typed without the suggestions (no JavaScript): "Bondi NSW 2026", "bondi, 2026", "Parramatta NSW"
 * or "2026". Resolves only when exactly one locality fits; otherwise null and the member is asked to pick.
 */
export function resolveLocationInput(text: string): Locality | null {
  const { entries, byPostcode, bySuburb } = load();
  const q = parseLocationText(text);
  if (q.postcode && q.postcode.length !== 4) return null;
  let found: Entry[];
  if (!q.words) {
    if (!q.postcode) return null;
    found = (byPostcode.get(q.postcode) ?? []).filter((e) => !q.state || e.locality.state === q.state);
  } else {
    found = (bySuburb.get(q.words) ?? []).filter((e) => matches(e, q, true));
    // The whole text may be a name that ends in digits ("No 4 Branch").
    if (found.length === 0 && (q.state || q.postcode)) found = entries.filter((e) => e.key === normalise(text));
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

/** Every locality with exactly this name (case and punctuation ignored), in one state if given; by postcode. */
export function localitiesNamed(name: string, state?: AuState): Locality[] {
  return (load().bySuburb.get(normalise(name)) ?? [])
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
