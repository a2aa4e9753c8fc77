// `npx tsx bench/places.ts`: how long reading a place as people write it takes, in memory, no database
// (decision 090). The first use of the postcode data loads it; the first misspelling or ranking builds the
// prominence of every locality and the trigram index over their names, once per process. Then, per request:
// resolving a misspelt search place ("Melborne", "Paramatta", "Wooloongong"), an exact one, and the location
// field's suggestions. Figures in milliseconds: median and p99 of RUNS runs each, after a warm-up.
import { performance } from "node:perf_hooks";
import { suggestPlaces } from "../core/locations/better-known-spelling";
import { findLocality, searchLocalities, similarLocalities } from "../core/locations/localities";
import { resolveSearchPlace } from "../core/locations/resolve-search-place";

const RUNS = 2_000;

function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

function measure(name: string, fn: () => unknown) {
  for (let i = 0; i < 100; i++) fn();
  const times = Array.from({ length: RUNS }, () => time(fn)).sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
  console.log(`${name.padEnd(44)} median ${at(0.5)} ms   p99 ${at(0.99)} ms`);
}

console.log(
  `load the postcode data (first use)            ${time(() => findLocality({ suburb: "Bondi", postcode: "2026" })).toFixed(1)} ms`,
);
console.log(`prominence + trigram index (first ranking)   ${time(() => similarLocalities("melborne")).toFixed(1)} ms`);
console.log(`first suggestions after that                 ${time(() => searchLocalities("bondi")).toFixed(1)} ms`);
measure('resolveSearchPlace("Melborne")', () => resolveSearchPlace("Melborne"));
measure('resolveSearchPlace("Paramatta")', () => resolveSearchPlace("Paramatta"));
measure('resolveSearchPlace("Wooloongong")', () => resolveSearchPlace("Wooloongong"));
measure('resolveSearchPlace("Mt Druitt")', () => resolveSearchPlace("Mt Druitt"));
measure('resolveSearchPlace("Newtown, Sydney")', () => resolveSearchPlace("Newtown, Sydney"));
measure('resolveSearchPlace("Parramatta NSW 2150")', () => resolveSearchPlace("Parramatta NSW 2150"));
measure('suggestPlaces("parra") (the location field)', () => suggestPlaces("parra"));
measure('suggestPlaces("melborne")', () => suggestPlaces("melborne"));
