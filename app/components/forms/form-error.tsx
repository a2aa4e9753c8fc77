/**
 * A form's error that no single field is to blame for (a wrong password, a limit reached, the server failing),
 * in the form itself: where the member is looking, there without JavaScript, and never also a toast
 * (decision 048). Focusable so that focusFirstError can bring a keyboard or screen reader user to it.
 */
export function FormError({ message, className = "" }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      tabIndex={-1}
      data-form-error=""
      className={`rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger outline-none focus-visible:ring-2 focus-visible:ring-red-300 ${className}`}
    >
      {message}
    </p>
  );
}

/**
 * Which of an answer's errors the form itself shows: none when a field already shows that message beside it
 * (it is said once), else the message. Issues without a field of their own come under the key "form".
 */
export function formLevelError(
  error: string | null | undefined,
  fields: Record<string, string> | null | undefined,
): string | null {
  if (!error) return fields?.form ?? null;
  return Object.entries(fields ?? {}).some(([name, message]) => name !== "form" && message === error) ? null : error;
}
