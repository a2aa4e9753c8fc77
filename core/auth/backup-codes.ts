import { randomInt } from "node:crypto";

/**
 * Backup codes are read off paper and typed by hand, so they use only characters that cannot be mistaken for one
 * another: no 0/O/D-like pairs, no 1/I/L, no 2/Z, 5/S, 8/B, and one case. Ten of these 24 characters hold about
 * 46 bits, and each code works once behind the two-factor lockout (10 misses) and our own limits.
 */
export const BACKUP_CODE_ALPHABET = "ACEFGHJKMNPQRTUVWXY34679";
export const BACKUP_CODE_COUNT = 10;

/** Ten new codes, shown as "XXXXX-XXXXX" (Better Auth's twoFactor.backupCodeOptions.customBackupCodesGenerate). */
export function makeBackupCodes(amount = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: amount }, () => {
    const chars = Array.from({ length: 10 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join(
      "",
    );
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A code as stored: spaces gone, the dash in place ("abcde12345" → "abcde-12345"). */
const withDash = (code: string) => (code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`);

/**
 * Which stored forms a typed code may be, most likely first: upper case (every code made since decision 068), then
 * exactly as typed, for the mixed-case codes made before it (matched as they always were).
 */
export function backupCodeForms(typed: string): string[] {
  const asTyped = withDash(typed.replace(/\s+/g, ""));
  const upper = asTyped.toUpperCase();
  return upper === asTyped ? [upper] : [upper, asTyped];
}

/**
 * Tries `check` (Better Auth's verifyBackupCode) with each form of the typed code until one is right; any answer
 * other than "wrong code" ends it at once. The second try of an old code counts as a failed attempt too.
 */
export async function checkBackupCode<T>(typed: string, check: (code: string) => Promise<T>): Promise<T> {
  const forms = backupCodeForms(typed);
  for (const [n, code] of forms.entries()) {
    try {
      return await check(code);
    } catch (error) {
      const wrong = (error as { body?: { code?: string } }).body?.code === "INVALID_BACKUP_CODE";
      if (!wrong || n === forms.length - 1) throw error;
    }
  }
  throw new Error("unreachable: backupCodeForms always gives a form");
}
