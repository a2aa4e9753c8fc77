import { AppError } from "../shared/app-error";
import { firstBroken } from "../shared/field-rules";
import { NUL_REFUSED } from "../shared/nul-characters";
import { captionField, messageField } from "./message-rules";

/**
 * A message's text as sent (a form's field or an API client's JSON value), trimmed and checked, or a VALIDATION
 * refusal. With pictures the words may be left out (then "").
 */
export function readMessageBody(input: unknown, { withPictures = false }: { withPictures?: boolean } = {}): string {
  const text = typeof input === "string" ? input : "";
  // The request layer refuses a NUL before any handler runs; a caller that skipped it gets the same words.
  if (text.includes("\0")) throw new AppError("VALIDATION", NUL_REFUSED, { field: "body" });
  const broken = firstBroken(withPictures ? captionField : messageField, text);
  if (broken) throw new AppError("VALIDATION", broken, { field: "body" });
  return text.trim();
}
