import { AppError } from "../shared/app-error";

export const MOBILE_ONLY =
  "Codes go by text message, so we need an Australian mobile number (it starts with 04). A landline can't receive one.";
export const NOT_A_MOBILE = "Enter an Australian mobile number, for example 0412 345 678.";

/**
 * An Australian mobile number in the one form we store: +61 and the nine digits after the leading 0
 * (0412 345 678, +61 412 345 678, 61412345678 and 0061 412 345 678 are all +61412345678). Anything else is
 * refused with the member's message: a landline (02, 03, 07, 08) or a number that is not Australian can't
 * receive the code.
 */
export function normaliseAustralianMobile(raw: unknown): string {
  const typed = typeof raw === "string" ? raw.trim() : "";
  if (!/^[0-9 ()+.-]{1,30}$/.test(typed)) throw invalid(NOT_A_MOBILE);
  const digits = typed.replace(/[ ().-]/g, "");
  const national = digits.match(/^(?:\+61|0061|61)\(?0?(\d{9})$/)?.[1] ?? digits.match(/^0(\d{9})$/)?.[1];
  if (!national) throw invalid(NOT_A_MOBILE);
  if (!national.startsWith("4")) throw invalid(/^[2378]/.test(national) ? MOBILE_ONLY : NOT_A_MOBILE);
  return `+61${national}`;
}

/** The stored form as people read it: +61 412 345 678. Anything else is shown as it is. */
export function formatMobile(stored: string): string {
  const m = stored.match(/^\+61(\d{3})(\d{3})(\d{3})$/);
  return m ? `+61 ${m[1]} ${m[2]} ${m[3]}` : stored;
}

/** Two ways of writing one number: equal when both read as the same mobile, or as the same text otherwise. */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  const read = (v: string) => {
    try {
      return normaliseAustralianMobile(v);
    } catch {
      return v.replace(/[^0-9+]/g, "");
    }
  };
  return read(a) === read(b);
}

function invalid(message: string) {
  return new AppError("VALIDATION", message, { field: "phone" });
}
