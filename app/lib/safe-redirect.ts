/**
 * Only same-site paths: a `redirectTo` must never send a member to another site. Accepted: a single "/" followed
 * by a path character (or nothing). Refused: "//host", "/\host", and anything with a control character or a
 * backslash, which browsers strip or turn into "/" ("/\t/evil.example/" resolves to https://evil.example/).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || to.length > 2048) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (to === "/") return to;
  return /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]/.test(to) ? (asciiPath(to) ?? fallback) : fallback;
}

/**
 * A path as a Location header can carry it: every character outside printable ASCII percent-encoded ("/search?q=
 * café" becomes "/search?q=caf%C3%A9"), or null when it cannot be (a lone surrogate). A header with "é" in it is
 * not a header at all: the response fails (a 500) instead of redirecting.
 */
export function asciiPath(path: string): string | null {
  try {
    return path.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
  } catch {
    return null;
  }
}
