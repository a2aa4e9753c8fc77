import type { InputHTMLAttributes, ReactNode } from "react";

export const inputClass = (error?: string) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 text-ink shadow-xs outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200 ${error ? "border-danger" : "border-line"}`;

/** Label, control, hint and error in one accessible block; the control gets `id` and aria wiring from the caller. */
export function Field({
  id,
  label,
  error,
  hint,
  hideLabel = false,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** Read by screen readers only: where the box's look already says what it is (the home page's search). */
  hideLabel?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-ink"}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes that tie a control to its hint and error. */
export function describedBy(id: string, error?: string, hint?: string) {
  const ids = [error && `${id}-error`, hint && !error && `${id}-hint`].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined } as const;
}

type BoxProps = { label: string; error?: string; defaultValue?: string };

/**
 * A required box in its Field, tied to its label and error; `look` is what it adds to the usual box (its height,
 * its lettering) and `input` the rest of what the box is.
 */
function RequiredBox({
  id,
  label,
  error,
  look,
  ...input
}: BoxProps & { id: string; look: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} required {...input} className={`${inputClass(error)} ${look}`} {...describedBy(id, error)} />
    </Field>
  );
}

/** A required password box in its Field: the browser's password manager reads `autoComplete` (current or new). */
export function PasswordField({
  name,
  autoComplete,
  ...box
}: Omit<BoxProps, "defaultValue"> & { name: string; autoComplete: "current-password" | "new-password" }) {
  return <RequiredBox {...box} id={name} name={name} type="password" autoComplete={autoComplete} look="h-11" />;
}

/** A required e-mail box in its Field; the browser offers the member's own address. */
export function EmailField({ name, ...box }: BoxProps & { name: string }) {
  return <RequiredBox {...box} id={name} name={name} type="email" autoComplete="email" look="h-11" />;
}

/**
 * The box for a one-time code, sent as `code`: the six digits from an authenticator app or an e-mail (typed with
 * or without a space in the middle), or with `backup` one of the backup codes. The phone's keyboard and autofill
 * offer the code; big monospaced characters make it easy to check against the screen it came from.
 */
export function CodeField({ id, backup = false, ...box }: BoxProps & { id: string; backup?: boolean }) {
  return (
    <RequiredBox
      {...box}
      id={id}
      name="code"
      autoComplete="one-time-code"
      inputMode={backup ? "text" : "numeric"}
      pattern={backup ? undefined : "[0-9 ]{6,7}"}
      maxLength={backup ? 32 : 7}
      spellCheck={false}
      look="h-12 font-mono text-lg tracking-widest"
    />
  );
}
