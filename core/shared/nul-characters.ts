// U+0000 (NUL) cannot be stored in a PostgreSQL text column or sent as a text parameter: a query carrying one
// fails. No field of ours has a use for it, so a request carrying one is refused before any handler runs.

export const NUL_REFUSED = "Text can't contain the NUL character (U+0000).";

/** Whether a parsed JSON value holds a NUL in any string or key, however deeply nested (walked without recursion). */
export function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\0")) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next && typeof next === "object") {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes("\0")) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Whether a form holds a NUL in a field's name or text value (files are bytes: they may hold anything). */
export function formHasNul(form: FormData): boolean {
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) return true;
  }
  return false;
}

/** Whether a request's address (path or query, percent-encoded as sent) carries a NUL. */
export function addressHasNul(url: string): boolean {
  const { pathname, search } = new URL(url);
  return /%00/i.test(pathname + search);
}
