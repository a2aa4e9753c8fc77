import { type MappedText, mapText, type Piece, rewrite } from "./mapped-text";

// Undoes the ways members write contact details to get past a filter (decision 080), so that the libraries see
// "0412 345 678" and "sam.jones@gmail.com" where the member typed "oh four one two 3 4 5 6 7 8" and
// "sam dot jones (at) gmail [dot] com". Each step keeps the map back to what was typed.

/** Mail providers members name without the ".com" ("sam at gmail"). Not "live": "see you at live music". */
export const MAIL_PROVIDERS = "gmail|googlemail|hotmail|outlook|yahoo|icloud|bigpond|optusnet|iinet|protonmail|proton";

const ONE_CHARACTER = /[^\x20-\x7e]/gu;
// Zero-width and formatting characters, variation selectors and the keycap mark (as in the emoji "4", U+FE0F,
// U+20E3): invisible, so dropped.
const INVISIBLE = /^(?:\p{Cf}|\p{Variation_Selector}|\u{20e3})$/u;

/** Full-width and styled digits and letters (０４, 𝟬𝟰), odd dashes and dots, invisible characters. */
function foldCharacters(text: MappedText): MappedText {
  return rewrite(text, ONE_CHARACTER, (match) => {
    const character = match[0];
    if (INVISIBLE.test(character)) return [{ text: "", start: 0, end: character.length }];
    if (/^[\u2010-\u2015\u2212]$/u.test(character)) return [{ text: "-", start: 0, end: character.length }];
    if (/^[\u00b7\u2022\u2219\u2024]$/u.test(character)) return [{ text: ".", start: 0, end: character.length }];
    const folded = character.normalize("NFKC");
    if (folded === character || !/^[\x20-\x7e]+$/.test(folded)) return null;
    return [{ text: folded, start: 0, end: character.length }];
  });
}

/** O or o for 0, and l or I for 1, inside a run that already has a digit ("O4l2" is 0412). */
function lettersForDigits(text: MappedText): MappedText {
  return rewrite(text, /(?<![A-Za-z0-9])[0-9OoIl]*[0-9][0-9OoIl]*(?![A-Za-z0-9])/g, (match) => {
    if (!/[OoIl]/.test(match[0])) return null;
    const digits = match[0].replace(/[Oo]/g, "0").replace(/[Il]/g, "1");
    return [...digits].map((digit, i) => ({ text: digit, start: i, end: i + 1 }));
  });
}

const UNITS: Record<string, string> = {
  zero: "0",
  nought: "0",
  oh: "0",
  o: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
};
const TEENS: Record<string, string> = {
  ten: "10",
  eleven: "11",
  twelve: "12",
  thirteen: "13",
  fourteen: "14",
  fifteen: "15",
  sixteen: "16",
  seventeen: "17",
  eighteen: "18",
  nineteen: "19",
};
const TENS: Record<string, string> = {
  twenty: "2",
  thirty: "3",
  forty: "4",
  fifty: "5",
  sixty: "6",
  seventy: "7",
  eighty: "8",
  ninety: "9",
};
const REPEATS: Record<string, number> = { double: 2, triple: 3 };

// Longest first, so that "eighteen" is not read as "eight". "o" only as a word ("o'clock" is not a digit).
const NUMBER_WORD = `(?:${[...Object.keys(TEENS), ...Object.keys(TENS), ...Object.keys(UNITS), ...Object.keys(REPEATS)]
  .sort((a, b) => b.length - a.length)
  .map((word) => (word === "o" ? "o(?!['’])" : word))
  .join("|")})`;
const NUMBER_WORDS = new RegExp(`(?<![A-Za-z])${NUMBER_WORD}(?:[\\s,-]+${NUMBER_WORD})*(?![A-Za-z])`, "gi");

// What may stand between a spelled digit and a written one: "0412 (three) 45".
const BETWEEN_DIGITS_END = /[\s()[\]{}<>.,:;-]+$/;
const BETWEEN_DIGITS_START = /^[\s()[\]{}<>.,:;-]+/;

/** Digits spelled as words, read as a member would say a number: "four double one" is 411, "twenty five" 25. */
function numberWords(text: MappedText): MappedText {
  return rewrite(text, NUMBER_WORDS, (match) => {
    const words = [...match[0].matchAll(/[a-z]+/gi)].map((word) => ({
      word: word[0].toLowerCase(),
      start: word.index,
      end: word.index + word[0].length,
    }));
    const before = text.text.slice(0, match.index).replace(BETWEEN_DIGITS_END, "").at(-1) ?? "";
    const after = text.text.slice(match.index + match[0].length).replace(BETWEEN_DIGITS_START, "")[0] ?? "";
    const nextToDigits = /\d/.test(before) || /\d/.test(after);
    // One number word in a sentence ("one bike", "oh, fine") is not a number being spelled out.
    if (words.length < 2 && !nextToDigits) return null;
    const read: (Piece & { digits: boolean })[] = [];
    for (let i = 0; i < words.length; i++) {
      const { word, start, end } = words[i];
      const next = words[i + 1];
      if (word in REPEATS && next && next.word in UNITS) {
        read.push({ text: UNITS[next.word].repeat(REPEATS[word]), start, end: next.end, digits: true });
        i++;
      } else if (word in TENS && next && next.word in UNITS && UNITS[next.word] !== "0") {
        read.push({ text: TENS[word] + UNITS[next.word], start, end: next.end, digits: true });
        i++;
      } else {
        const digits = UNITS[word] ?? TEENS[word] ?? (word in TENS ? `${TENS[word]}0` : undefined);
        read.push({ text: digits ?? match[0].slice(start, end), start, end, digits: digits !== undefined });
      }
    }
    // Spelled digits run together ("oh four" is 04); a word left as a word ("double" with nothing to double)
    // keeps a space on each side.
    const pieces: Piece[] = [];
    read.forEach((piece, i) => {
      const previous = read[i - 1];
      if (previous && !(previous.digits && piece.digits))
        pieces.push({ text: " ", start: previous.end, end: piece.start });
      pieces.push(piece);
    });
    return pieces;
  });
}

/** "plus 61 …" or "plus sixty one …" (after the words are digits) is "+61 …". */
function spelledPlus(text: MappedText): MappedText {
  return rewrite(text, /(?<![A-Za-z])plus\s*(?=\d)/gi, (match) => [{ text: "+", start: 0, end: match[0].length }]);
}

const OPEN = "[([{<]";
const CLOSE = "[)\\]}>]";

/** "dot", "(dot)", "[.]" and " . " between two words, as in "gmail dot com" or "example . com . au". */
function spelledDots(text: MappedText): MappedText {
  const dot = new RegExp(
    `(?<=[A-Za-z0-9])(?:\\s*${OPEN}\\s*(?:dot|\\.)\\s*${CLOSE}\\s*|\\s+dot\\s+|\\s+\\.\\s+)(?=[A-Za-z0-9])`,
    "gi",
  );
  return rewrite(text, dot, (match) => [{ text: ".", start: 0, end: match[0].length }]);
}

/**
 * "at", "(at)", "[@]" and " @ " before a domain or a mail provider, as in "sam at gmail.com" (after the dots
 * are undone) or "sam (at) bigpond". Not before a plain word, so "meet @ Bunnings" stays as it is.
 */
function spelledAts(text: MappedText): MappedText {
  const at = new RegExp(
    `(?<=[A-Za-z0-9_.+-])(?:\\s*${OPEN}\\s*(?:at|@)\\s*${CLOSE}\\s*|\\s+at\\s+|\\s+@\\s*|\\s*@\\s+)` +
      `(?=[A-Za-z0-9-]+(?:\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}\\b|(?:${MAIL_PROVIDERS})\\b)`,
    "gi",
  );
  return rewrite(text, at, (match) => [{ text: "@", start: 0, end: match[0].length }]);
}

/** The message as the detectors read it, mapped back to the message as typed. */
export function normaliseContactText(text: string): MappedText {
  const steps = [foldCharacters, lettersForDigits, numberWords, spelledPlus, spelledDots, spelledAts];
  return steps.reduce((mapped, step) => step(mapped), mapText(text));
}
