import { findPhoneNumbersInText } from "libphonenumber-js";
import type { ContactDetailMatch } from "./contact-detail-match";

// Phone numbers in the normalised message: libphonenumber-js (Google's libphonenumber matcher) for numbers written
// the way numbers are written, then runs of digit groups for what a matcher is right to refuse but a member means
// as a number: a number cut up with words ("0412 and then 345 678"), an 8-digit local number without its area
// code, a number the library does not know ("+1 (555) 123-4567").

type Group = { digits: string; start: number; end: number; plus: boolean };

const DIGIT_GROUP = /(?:(?<![A-Za-z0-9])\+\s?)?\d+/g;
/** How numbers are usually cut up: spaces, dots, dashes, slashes, brackets. */
const NUMBER_GAP = /^[\s./()-]{1,4}$/;
/** What members put between the pieces of a number to hide it: a few words or symbols, no more. */
const MAX_FILLER = 30;
const MAX_FILLER_WORDS = 3;
/**
 * An Australian mobile or a landline with its area code, once the gaps are gone: 0 first, or +61. Not 61 without
 * its "+" ("61 cm wide, 245 cm long, 120 cm high, 450 kg") nor 1300/1800 ("180,000 km) on Sat 10:30"): words
 * between such groups are more often sizes and times, and the library finds those numbers written plainly.
 */
const AUSTRALIAN = /^(?:0[2-578]\d{8}|\+61[2-578]\d{8})$/;
/** 12/06/2025, 30.06 - 04.07: dates, which also come as digits cut up by dots and slashes. */
const DATE = /^\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?(?:\s*-\s*\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?)?$/;
const YEAR = /^(?:19|20)\d\d$/;

function isFiller(gap: string): boolean {
  // Groups glued to letters ("6T1BF3FK50X1234" in a VIN) are one code, not a number cut up with words.
  return (
    gap.length <= MAX_FILLER &&
    /^[^A-Za-z0-9](?:.*[^A-Za-z0-9])?$/s.test(gap) &&
    (gap.match(/[A-Za-z]+/g) ?? []).length <= MAX_FILLER_WORDS
  );
}

/** A run of groups joined only by the usual gaps that reads as a number: long enough and not a date or years. */
function isSpacedNumber(text: string, groups: Group[]): boolean {
  const digits = groups.map((group) => group.digits).join("");
  if (DATE.test(text.slice(groups[0].start, groups.at(-1)!.end))) return false;
  if (groups.every((group) => YEAR.test(group.digits))) return false;
  if (groups[0].plus) return digits.length >= 7 && digits.length <= 15;
  // Local numbers in Sydney, Melbourne, Brisbane, Adelaide and Perth are 8 digits starting 3 to 9.
  return (digits.length >= 9 && digits.length <= 15) || /^[3-9]\d{7}$/.test(digits);
}

function findDigitRuns(text: string): ContactDetailMatch[] {
  const groups: Group[] = [...text.matchAll(DIGIT_GROUP)].map((match) => ({
    digits: match[0].replace(/\D/g, ""),
    start: match.index,
    end: match.index + match[0].length,
    plus: match[0].startsWith("+"),
  }));
  const found: ContactDetailMatch[] = [];
  for (let first = 0; first < groups.length; ) {
    let australian = -1;
    let spaced = -1;
    let onlyNumberGaps = true;
    let digits = "";
    for (let last = first; last < groups.length; last++) {
      if (last > first) {
        const gap = text.slice(groups[last - 1].end, groups[last].start);
        if (groups[last].plus) break;
        if (!NUMBER_GAP.test(gap)) {
          if (!isFiller(gap)) break;
          onlyNumberGaps = false;
        }
      }
      digits += groups[last].digits;
      if (digits.length > 15) break;
      if (AUSTRALIAN.test((groups[first].plus ? "+" : "") + digits)) australian = last;
      if (onlyNumberGaps && isSpacedNumber(text, groups.slice(first, last + 1))) spaced = last;
    }
    // An Australian number is the better reading: "0412 345 678 2019" is the number and then a year.
    const last = australian >= 0 ? australian : spaced;
    if (last < 0) {
      first++;
      continue;
    }
    found.push({ kind: "phone", start: groups[first].start, end: groups[last].end });
    first = last + 1;
  }
  return found;
}

/**
 * The library's matcher costs about 0.2 ms a call and tries every digit it meets: on a message full of sizes and
 * prices that was 13 ms for 2,000 characters (bench/contact-details.ts). It reads only digits joined by one space,
 * dot, dash, slash or bracket that could be a number: 8 digits or more, 7 after a "+", or a 13 number (13 12 34).
 */
const CANDIDATE = /\+?\(?\d+(?:(?:\s*[()]\s*|[\s./-])\d+)*/g;

/** Longer than any number written out ("+61 (0) 412 345 678" is 19): a wall of digits is left to the runs below. */
const MAX_CANDIDATE = 32;

function couldBeNumber(candidate: string): boolean {
  if (candidate.length > MAX_CANDIDATE) return false;
  const digits = candidate.replace(/\D/g, "");
  return digits.length >= 8 || (candidate.startsWith("+") && digits.length >= 7) || /^13\d{4}$/.test(digits);
}

function findWrittenNumbers(text: string): ContactDetailMatch[] {
  const found: ContactDetailMatch[] = [];
  for (const candidate of text.matchAll(CANDIDATE)) {
    if (!couldBeNumber(candidate[0])) continue;
    for (const number of findPhoneNumbersInText(candidate[0], { defaultCountry: "AU" })) {
      found.push({ kind: "phone", start: candidate.index + number.startsAt, end: candidate.index + number.endsAt });
    }
  }
  return found;
}

export function findPhoneNumbers(text: string): ContactDetailMatch[] {
  return [...findWrittenNumbers(text), ...findDigitRuns(text)];
}
