import { useCallback, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import type { FeatureFlagKey } from "#db/schema/flags.ts";
import { FLAG_TEXTS } from "./flag-texts";
import { UnsavedChangesGuard } from "./unsaved-changes";

/** `changed`: when and by whom an admin last changed it (null while it has its default from the migration). */
export type FlagView = { key: FeatureFlagKey; enabled: boolean; changed: string | null };

/**
 * The five switches and Save, as a plain form: each switch is a native checkbox with role="switch" (its state is
 * announced as on/off and it posts without JavaScript); flipping one changes nothing until Save. With JavaScript,
 * a switch that differs from what is saved is signalled ("Unsaved changes" beside Save) and leaving asks first.
 */
export function FeatureFlagsForm({ flags, busy, readOnly }: { flags: FlagView[]; busy: boolean; readOnly?: string }) {
  const form = useRef<HTMLFormElement>(null);
  const [dirty, setDirty] = useState(false);
  // Compared with what the server says is saved: after a Save the page's data is new and the note goes.
  const check = useCallback(() => {
    const fields = form.current?.elements;
    setDirty(flags.some((flag) => (fields?.namedItem(flag.key) as HTMLInputElement | null)?.checked !== flag.enabled));
  }, [flags]);
  useEffect(check, [check]);

  return (
    <Form ref={form} method="post" replace preventScrollReset onChange={check}>
      <UnsavedChangesGuard dirty={dirty} what="The feature flags" />
      <input type="hidden" name="intent" value="flags" />
      <ul className="divide-y divide-line">
        {flags.map((flag) => {
          const text = FLAG_TEXTS[flag.key];
          const id = `flag-${flag.key}`;
          return (
            <li key={flag.key} className="py-3 first:pt-0">
              <div className="flex items-start justify-between gap-4">
                <div className="min-w-0">
                  <label htmlFor={id} className="font-medium">
                    {text.label}
                  </label>{" "}
                  <code className="block text-xs text-muted">{flag.key}</code>
                  <p id={`${id}-description`} className="text-sm text-muted">
                    {text.description}
                  </p>
                  {flag.changed && <p className="text-xs text-muted">Last changed {flag.changed}</p>}
                </div>
                <span className="relative mt-1 inline-flex shrink-0 items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its own checked state; an aria-checked would go stale without JavaScript (ARIA in HTML says not to add one)
                    role="switch"
                    name={flag.key}
                    value="on"
                    defaultChecked={flag.enabled}
                    // A moderator reads the flags; `readOnly` says why they cannot change them (spec's words).
                    disabled={!!readOnly}
                    aria-describedby={`${id}-description`}
                    className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                  />
                  <span
                    aria-hidden="true"
                    className="relative h-6 w-11 rounded-full bg-gray-400 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:bg-brand-700 peer-checked:after:translate-x-5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700"
                  />
                  <span aria-hidden="true" className="w-7 text-sm font-medium text-ink peer-checked:hidden">
                    Off
                  </span>
                  <span
                    aria-hidden="true"
                    className="hidden w-7 text-sm font-medium text-brand-800 peer-checked:inline"
                  >
                    On
                  </span>
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      {readOnly ? (
        <p className="mt-3 rounded-md border border-line bg-surface px-3 py-2 text-sm text-muted">{readOnly}</p>
      ) : (
        <div className="mt-3 flex items-center justify-end gap-3">
          {/* Always in the page, so a screen reader hears the note when it appears. */}
          <p
            role="status"
            className={dirty ? "rounded-md bg-accent-100 px-2.5 py-1 text-sm font-medium text-amber-900" : "sr-only"}
          >
            {dirty ? "Unsaved changes" : ""}
          </p>
          <button
            type="submit"
            disabled={busy}
            className="h-10 rounded-md bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? "Saving..." : "Save"}
          </button>
        </div>
      )}
    </Form>
  );
}
