/**
 * How people shorten the words of place names, and how the postcode data spells them. Names are compared in a
 * canonical form where each such word has one spelling: "Mt Druitt" and "Mount Druitt" are both "mount druitt",
 * "Saint Kilda" and "St Kilda" both "st kilda" (the data spells 82 names "St" and 3 "Saint"). The input is
 * already normalised (lower case, punctuation folded: see `normalise` in localities.ts).
 */
const SAME_WORD: Record<string, string> = {
  mt: "mount",
  saint: "st",
  nth: "north",
  sth: "south",
};

/** A compass letter means its direction only beside other words ("W Tree", "Robinvale ... Section E"), never alone. */
const COMPASS: Record<string, string> = { n: "north", s: "south", e: "east", w: "west" };

/** "Pt" is written for both Port (Pt Macquarie) and Point (Pt Cook): the name is tried both ways. */
const EITHER_WORD: Record<string, string[]> = { pt: ["port", "point"] };

const MAX_VARIANTS = 4;

function spellings(word: string, wordCount: number): string[] {
  if (EITHER_WORD[word]) return EITHER_WORD[word];
  if (wordCount > 1 && COMPASS[word]) return [COMPASS[word]];
  return [SAME_WORD[word] ?? word];
}

/** The canonical form of a name as the data spells it ("mt baw baw" -> "mount baw baw"). */
export function canonicalName(normalised: string): string {
  const words = normalised.split(" ");
  return words.map((w) => spellings(w, words.length)[0]).join(" ");
}

/**
 * Every canonical form of typed words ("pt cook" -> "port cook", "point cook"). With `partial`, the last word
 * may be unfinished ("mt e" is on its way to "Mount Eliza", not only "Mount East"): it is also kept as typed.
 */
export function nameVariants(normalised: string, { partial = false } = {}): string[] {
  const words = normalised.split(" ").filter(Boolean);
  if (words.length === 0) return [];
  let variants = [""];
  words.forEach((word, i) => {
    const options = spellings(word, words.length);
    const last = i === words.length - 1;
    const forms = partial && last && !options.includes(word) ? [...options, word] : options;
    variants = variants.flatMap((v) => forms.map((f) => (v ? `${v} ${f}` : f))).slice(0, MAX_VARIANTS);
  });
  return [...new Set(variants)];
}

/** Words after a city's or suburb's name that mean its centre: "Sydney CBD", "Perth city centre". */
const CENTRE_WORDS = ["cbd", "city centre", "city center", "town centre"];

/** "sydney cbd" -> "sydney"; null when the words do not end in a centre word (or are nothing else). */
export function withoutCentreWords(normalised: string): string | null {
  for (const centre of CENTRE_WORDS) {
    if (normalised.endsWith(` ${centre}`)) return normalised.slice(0, -centre.length - 1);
  }
  return null;
}
