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
  return /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]/.test(to) ? to : fallback;
}
