import { type ReactNode, useEffect, useId, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { DialogFrame, wrapTab } from "./dialog-frame";

/**
 * What a page gives each of its dialogs (app/components/admin/<page>/<action>-dialog.tsx): where closing goes, the
 * error its action answered, and whether a submit is under way. The page decides which dialog is open and whether
 * the staff member may use it; the dialog draws it.
 */
export type DialogState = { closeTo: string; error?: string; busy: boolean };

/**
 * A back-office confirmation: opened by a link (`?do=suspend`), so it works without JavaScript and Back closes
 * it. With JavaScript, focus moves into it, stays there (Tab wraps) and Escape closes it.
 */
export function ActionDialog({
  title,
  description,
  closeTo,
  children,
}: {
  title: string;
  description?: ReactNode;
  closeTo: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>("textarea, input:not([type=hidden]), button, a")?.focus();
    return () => opener?.focus?.();
  }, []);

  // Escape closes it wherever focus is: after a refused submit the pressed button is disabled for a moment and
  // focus falls to the page, where a listener on the panel would not hear the key.
  useEffect(() => {
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      navigate(closeTo, { preventScrollReset: true, replace: true });
    };
    window.addEventListener("keydown", onEscape);
    return () => window.removeEventListener("keydown", onEscape);
  }, [navigate, closeTo]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    wrapTab(event, panel.current, "textarea, input:not([type=hidden]), select, button, a[href]");
  };

  return (
    <DialogFrame
      closeTo={closeTo}
      panelRef={panel}
      labelledBy={titleId}
      onKeyDown={onKeyDown}
      className="relative w-full max-w-md rounded-t-xl bg-white p-5 shadow-xl sm:rounded-xl"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      <div className="mt-4">{children}</div>
    </DialogFrame>
  );
}

/**
 * The reason a staff member gives, with the spec's suggested codes as one-tap choices (listed under it as
 * examples unless `examples` is false). `name` and `required` for a form that calls it otherwise (a report's notes).
 */
export function ReasonField({
  label = "Reason",
  name = "reason",
  required = true,
  suggestions = [],
  examples = true,
  error,
}: {
  label?: string;
  name?: string;
  required?: boolean;
  suggestions?: string[];
  examples?: boolean;
  error?: string;
}) {
  const id = useId();
  const listId = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        required={required}
        maxLength={500}
        list={suggestions.length ? listId : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block h-10 w-full rounded-md border bg-white px-3 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200 ${error ? "border-danger" : "border-line"}`}
      />
      {suggestions.length > 0 && (
        <>
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
          {examples && <p className="mt-1 text-xs text-muted">For example: {suggestions.join(", ")}</p>}
        </>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The action's refusal inside a dialog that has no field to show it beside. */
export function DialogError({ error }: { error?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-danger">
      {error}
    </p>
  );
}

export function DialogButtons({
  confirm,
  closeTo,
  danger = false,
  busy = false,
  closeLabel = /^cancel\b/i.test(confirm) ? "Go back" : "Cancel",
}: {
  confirm: string;
  closeTo: string;
  danger?: boolean;
  busy?: boolean;
  /** What closing says. Never "Cancel" beside an action that itself cancels ("Cancel swap"): staff in a hurry
   *  press the wrong one (decision 070). */
  closeLabel?: string;
}) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <CloseLink to={closeTo}>{closeLabel}</CloseLink>
      <button
        type="submit"
        disabled={busy}
        className={`inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-semibold text-white disabled:opacity-60 ${danger ? "bg-danger hover:bg-red-800" : "bg-brand-700 hover:bg-brand-800"}`}
      >
        {busy ? "Working..." : confirm}
      </button>
    </div>
  );
}

/** The dialog's way out beside its confirm button: back to the page, the dialog's address replaced. */
export function CloseLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      className="inline-flex h-10 items-center justify-center rounded-md border border-line px-4 text-sm font-medium hover:bg-surface"
    >
      {children}
    </Link>
  );
}

/** A dialog's form: posts its `intent` to the page's action, replacing the dialog's address in the history. */
export function IntentForm({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <Form method="post" replace>
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
