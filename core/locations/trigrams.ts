/**
 * Trigram similarity as PostgreSQL's pg_trgm computes it, over the place names held in memory: each word is
 * padded ("  word "), its three-letter runs form a set, and two names' similarity is shared / (all distinct)
 * runs. "melborne" and "melbourne" share 7 of 12 (0.58); "paramatta" and "parramatta" 9 of 12 (0.75).
 */
export function trigrams(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3));
  }
  return set;
}

export type SimilarName = { index: number; similarity: number };

/**
 * An inverted index from trigram to the names that have it: a lookup counts shared trigrams only for names
 * that share at least one, so a misspelling is compared with a few hundred of ~16,000 names, not all.
 */
export class TrigramIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly sizes: Uint16Array;

  constructor(names: readonly string[]) {
    this.sizes = new Uint16Array(names.length);
    names.forEach((name, index) => {
      const grams = trigrams(name);
      this.sizes[index] = grams.size;
      for (const gram of grams) {
        const list = this.postings.get(gram);
        if (list) list.push(index);
        else this.postings.set(gram, [index]);
      }
    });
  }

  /** Names at least `threshold` similar to `text`, most similar first. */
  similar(text: string, threshold: number): SimilarName[] {
    const grams = trigrams(text);
    const shared = new Map<number, number>();
    for (const gram of grams) {
      for (const index of this.postings.get(gram) ?? []) shared.set(index, (shared.get(index) ?? 0) + 1);
    }
    const found: SimilarName[] = [];
    for (const [index, count] of shared) {
      const similarity = count / (grams.size + this.sizes[index] - count);
      if (similarity >= threshold) found.push({ index, similarity });
    }
    return found.sort((a, b) => b.similarity - a.similarity);
  }
}

/**
 * Whether one name is the other with a doubled letter written once, or a single letter doubled: "paramatta" and
 * "parramatta", "wolongong" and "wollongong". Australian place names are full of double letters that people
 * miss; a name one other letter away is as often a different place of its own ("Armidale" and "Armadale").
 */
export function doubledLetterSlip(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) !== 1) return false;
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < shorter.length && longer[i] === shorter[i]) i++;
  const doubled = longer[i] === longer[i - 1] || longer[i] === longer[i + 1];
  return doubled && longer.slice(i + 1) === shorter.slice(i);
}
