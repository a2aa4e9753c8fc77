/**
 * Error text as it may be kept in the logs: credentials in URLs, password/secret/token assignments, bearer
 * tokens and the payment provider's keys are replaced before anything is written, and the text is cut to a
 * length a log row can hold. Errors quote what they were given (a connection string, a header), so the
 * recorder scrubs rather than trusting every thrower to be careful.
 */
const MAX_LENGTH = 2000;
const REDACTED = "[redacted]";

const PATTERNS: [RegExp, string][] = [
  // scheme://user:password@host
  [/([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi, `$1${REDACTED}@`],
  // password=..., "secret": "...", token: ..., api_key=...
  [
    /((?:pass(?:word|wd)?|pwd|secret|token|api[_-]?key|authorization|cookie|otp|totp)["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}]+)/gi,
    `$1${REDACTED}`,
  ],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, `Bearer ${REDACTED}`],
  // Stripe-style keys and webhook secrets.
  [/\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]+/g, REDACTED],
  [/\bwhsec_[A-Za-z0-9]+/g, REDACTED],
];

export function scrubSecrets(text: string, knownSecrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of knownSecrets) if (secret && secret.length >= 8) out = out.split(secret).join(REDACTED);
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out.length > MAX_LENGTH ? `${out.slice(0, MAX_LENGTH)}…` : out;
}
