/** The one error type the product's rules throw. `message` is the exact text the user sees. */
export type AppErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "SUSPENDED"
  /** Busy: the request may well succeed in a moment (a search that ran out of time). */
  | "UNAVAILABLE"
  /** A service we depend on (an identity provider, the payment provider) failed to answer properly. */
  | "UPSTREAM"
  | "INTERNAL";

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  UPSTREAM: 502,
  INTERNAL: 500,
};

/**
 * What a refusal is about: `field`, the one form field the message belongs to; `fields`, several fields each with
 * its own message (a form refused on more than one field); `retryAfterSeconds`, when a limit lets the client retry.
 */
export type AppErrorDetails = {
  field?: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
  /** A suspended member's sign-in refusal: the token of their one appeal form (decision 097). */
  appealToken?: string;
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status() {
    return HTTP_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
