import { data } from "react-router";
import { isAppError } from "#core/shared/app-error.ts";
import { logger } from "#core/shared/logger.ts";

/** What a page's action gives back when the use case refused: the spec's message, and the fields it is about. */
export type ActionFailure = { error: string; fields: Record<string, string> };

/**
 * A refusal: its status, the text the member sees, the fields it names (the error's one field, or each of several).
 * `unexpected`: not a refusal at all but a failure the page has a text for (see `unexpected` below).
 */
export type Refusal = { status: number; message: string; fields: Record<string, string>; unexpected?: true };

/**
 * Only where the spec gives a text for an unexpected failure ('Failed to send proposal'): anything that is not a
 * refusal (nor a guard's redirect) is logged under `log` and becomes a 500 refusal with this text, instead of
 * the error page.
 */
type Unexpected = { unexpected?: { message: string; log: string } };

type PageOptions<X> = Unexpected & {
  /**
   * Page-specific keys the failure's body carries too (what was typed, to put back into the form). Called when
   * the refusal comes, so that it can give what the use case had read by then.
   */
  echo?: () => X;
};
type ElsewhereOptions<F> = Unexpected & {
  /** A refusal that is not shown on this page (a redirect back with the message as a toast, PRG). */
  onRefusal: (refusal: Refusal) => F | Promise<F>;
};

/**
 * One form action: runs the use case, then `onSuccess` with its value (usually a redirect with a flash). A refusal
 * (an AppError thrown) becomes the page's `{ error, fields }` with the error's HTTP status, or what `onRefusal`
 * makes of it. Anything else is rethrown: the error page (and the log) for a bug, and a guard's redirect goes
 * through as it is.
 */
export async function runAction<T, S, F>(
  run: () => Promise<T>,
  onSuccess: (value: T) => S | Promise<S>,
  options: ElsewhereOptions<F>,
): Promise<S | F>;
export async function runAction<T, S, X extends object = Record<never, never>>(
  run: () => Promise<T>,
  onSuccess: (value: T) => S | Promise<S>,
  options?: PageOptions<X>,
): Promise<S | ReturnType<typeof data<ActionFailure & X>>>;
export async function runAction<T, S>(
  run: () => Promise<T>,
  onSuccess: (value: T) => S | Promise<S>,
  options: PageOptions<object> | ElsewhereOptions<unknown> = {},
) {
  let value: T;
  try {
    value = await run();
  } catch (error) {
    if (isAppError(error)) {
      const { field, fields } = error.details;
      return refuse({
        status: error.status,
        message: error.message,
        fields: { ...(field ? { [field]: error.message } : {}), ...fields },
      });
    }
    if (error instanceof Response || !options.unexpected) throw error;
    logger.error(options.unexpected.log, { error: String((error as Error)?.stack ?? error) });
    return refuse({ status: 500, message: options.unexpected.message, fields: {}, unexpected: true });
  }
  return onSuccess(value);

  function refuse(refusal: Refusal) {
    if ("onRefusal" in options) return options.onRefusal(refusal);
    const echo = "echo" in options ? options.echo?.() : undefined;
    return data({ error: refusal.message, fields: refusal.fields, ...echo }, { status: refusal.status });
  }
}
