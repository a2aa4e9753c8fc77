import { type AppError, isAppError } from "#core/shared/app-error.ts";

/**
 * A use case's answer, or the AppError it refused with: for a run of attempts where some are refused and the test
 * looks at each (a thrown error that is not a refusal still fails the test).
 */
export function answerOrRefusal<T>(run: Promise<T>): Promise<T | AppError> {
  return run.catch((error: unknown) => {
    if (isAppError(error)) return error;
    throw error;
  });
}
