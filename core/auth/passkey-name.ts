/** A passkey's name is the member's own label for it ("Chrome on macOS", "Work YubiKey"). */
export const PASSKEY_NAME_MAX = 50;
export const PASSKEY_NAME_REQUIRED = "Give your passkey a name";
export const PASSKEY_NAME_TOO_LONG = `Passkey names can be at most ${PASSKEY_NAME_MAX} characters`;

/** The name as stored, or what is wrong with it (checked in the browser too, before the passkey is made). */
export type PasskeyName = { ok: true; name: string } | { ok: false; message: string };

/** Trims the name and checks it is 1 to 50 characters (counted as a person counts them, emoji as one). */
export function parsePasskeyName(input: unknown): PasskeyName {
  // Control characters (a pasted tab or newline) become spaces; runs of spaces become one.
  const name = typeof input === "string" ? input.replace(/[\p{Cc}\s]+/gu, " ").trim() : "";
  if (!name) return { ok: false, message: PASSKEY_NAME_REQUIRED };
  if ([...name].length > PASSKEY_NAME_MAX) return { ok: false, message: PASSKEY_NAME_TOO_LONG };
  return { ok: true, name };
}
