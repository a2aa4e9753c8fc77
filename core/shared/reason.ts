// What staff write when they act on someone: a reason or notes, required. core/shared imports nothing else of core
// but the error type.
import { AppError } from "./app-error";

export const REASON_REQUIRED = "A reason is required";

/** Text staff must give: trimmed and at most `max` characters; empty (or not text at all) is refused with `message`. */
export function requireText(value: unknown, message: string, max: number): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) throw new AppError("VALIDATION", message);
  return text.slice(0, max);
}

/** The reason a staff member gave for an action on a member, a listing, a swap or a payment: at most 500 characters. */
export const requireReason = (reason: unknown): string => requireText(reason, REASON_REQUIRED, 500);
