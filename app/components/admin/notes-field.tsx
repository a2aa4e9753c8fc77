import { useId } from "react";

/** Longer staff notes (a dispute and its resolution): a required text area, with the refusal next to it. */
export function NotesField({
  label,
  name,
  error,
  hint,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        required
        rows={4}
        maxLength={2000}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200 ${error ? "border-danger" : "border-line"}`}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
