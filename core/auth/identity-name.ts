import { firstBroken } from "../shared/field-rules";
import { FULL_NAME } from "./credential-rules";

/**
 * The full name a new account gets from an identity provider, made to fit the spec's name rules (letters, spaces,
 * apostrophes and hyphens; 1 to 100): other characters become spaces ("J. R. R. Tolkien" -> "J R R Tolkien"),
 * curly apostrophes straight ones. Without a usable name the e-mail's local part is tried ("jane.doe" ->
 * "jane doe"); null when neither gives one, and the sign-up is refused.
 */
export function nameFromIdentity(name: string | null | undefined, email: string): string | null {
  for (const candidate of [name ?? "", email.split("@")[0] ?? ""]) {
    const cleaned = clean(candidate);
    if (cleaned && !firstBroken(FULL_NAME, cleaned)) return cleaned;
  }
  return null;
}

function clean(raw: string): string {
  return raw
    .normalize("NFC")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^\p{L}\s'-]+/gu, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ""))
    .filter(Boolean)
    .join(" ")
    .slice(0, 100)
    .trim();
}
