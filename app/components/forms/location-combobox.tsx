import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Locality } from "#core/locations/localities.ts";
import { describedBy, Field, inputClass } from "./field";
import { UseMyLocation } from "./use-my-location";
import { useTypedBeforeHydration } from "./use-typed-before-hydration";

type LocalityLike = { suburb: string; state: string; postcode: string; label?: string };

type Props = {
  /** The text input's name; hidden `${name}Suburb`, `${name}State` and `${name}Postcode` carry a picked suburb. */
  name: string;
  label: string;
  /** A suburb already chosen, or text typed before (shown back after a failed submission without JavaScript). */
  defaultValue?: LocalityLike | string;
  error?: string;
  hint?: string;
  id?: string;
  placeholder?: string;
  /** Send the hidden pick fields (default). A search leaves them out to keep its URL short: there the text is
   *  enough, since every suggestion's label resolves to that suburb on its own. */
  pickFields?: boolean;
  /** Offer "Use my location" (browser geolocation, asked only when pressed) inside the box. */
  locate?: boolean;
  /** The label for screen readers only, and the box's own look and leading icon (the home page's hero). */
  hideLabel?: boolean;
  boxClassName?: string;
  icon?: ReactNode;
};

const DEBOUNCE_MS = 150;
const labelOf = (l: LocalityLike) => l.label ?? `${l.suburb} ${l.state} ${l.postcode}`;
const countMessage = (n: number) => (n === 0 ? "No suburbs found" : n === 1 ? "1 suburb found" : `${n} suburbs found`);

/**
 * A suburb picker (WAI-ARIA 1.2 combobox with a list of suggestions). Without JavaScript it is a plain text
 * field: the server resolves what was typed ("Bondi NSW 2026", "bondi 2026"). With it, typing two or more
 * characters suggests suburbs from /api/v1/localities, and picking one fills the hidden fields, which the
 * server prefers. Editing the text after a pick clears them, so a stale pick is never sent.
 */
export function LocationCombobox({
  name,
  label,
  defaultValue,
  error,
  hint,
  id = `field-${name}`,
  placeholder,
  pickFields = true,
  locate = false,
  hideLabel = false,
  boxClassName,
  icon,
}: Props) {
  const initial = typeof defaultValue === "string" ? null : (defaultValue ?? null);
  const [text, setText] = useState(typeof defaultValue === "string" ? defaultValue : initial ? labelOf(initial) : "");
  const [picked, setPicked] = useState<LocalityLike | null>(initial);
  const [query, setQuery] = useState<string | null>(null); // what was last typed; null until the member types
  const [options, setOptions] = useState<Locality[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState("");
  const [locateMessage, setLocateMessage] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listboxId = `${id}-listbox`;
  const optionId = (i: number) => `${id}-option-${i}`;
  const expanded = open && options.length > 0;

  useEffect(() => {
    if (query === null) return;
    const q = query.trim();
    if (q.length < 2) {
      setOptions([]);
      setOpen(false);
      setActive(-1);
      setStatus("");
      return;
    }
    // Each keystroke cancels the previous wait and request, so an older answer never replaces a newer one.
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/v1/localities?q=${encodeURIComponent(q)}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const { localities } = (await response.json()) as { localities: Locality[] };
        setOptions(localities);
        setActive(-1);
        setOpen(document.activeElement === inputRef.current); // not if the member has moved on
        setStatus(countMessage(localities.length));
      } catch {
        if (controller.signal.aborted) return;
        // Typed text still works: the server resolves it on submit.
        setOptions([]);
        setOpen(false);
        setStatus("Suburb suggestions are unavailable. Type your suburb, state and postcode.");
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // Text typed before the page's JavaScript ran is taken up as if it had just been typed, so its suggestions follow.
  useTypedBeforeHydration(inputRef, text, (typed) => {
    setText(typed);
    setPicked(null);
    setQuery(typed);
  });

  // Keep the highlighted suggestion visible when moving through a long list with the keyboard.
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.children[active]?.scrollIntoView?.({ block: "nearest" });
  }, [active]);

  function choose(locality: Locality) {
    setLocateMessage("");
    setText(locality.label);
    setPicked(locality);
    setOpen(false);
    setActive(-1);
    setStatus(`${locality.label} selected`);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    const n = options.length;
    switch (event.key) {
      case "ArrowDown":
        if (n === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else setActive((i) => (i + 1) % n);
        return;
      case "ArrowUp":
        if (n === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(n - 1);
        } else setActive((i) => (i <= 0 ? n - 1 : i - 1));
        return;
      case "Enter":
        // With a suggestion highlighted, Enter picks it instead of submitting the form.
        if (expanded && active >= 0) {
          event.preventDefault();
          choose(options[active]);
        }
        return;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  }

  const aria = describedBy(id, error, hint);
  return (
    <Field id={id} label={label} error={error} hint={hint} hideLabel={hideLabel}>
      <div className="relative">
        {icon}
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          {...aria}
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          autoCapitalize="words"
          spellCheck={false}
          maxLength={100}
          onChange={(event) => {
            setLocateMessage("");
            setText(event.target.value);
            setPicked(null);
            setQuery(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => options.length > 0 && !picked && setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          className={`${boxClassName ?? `${inputClass(error)} h-11`}${locate ? " pr-11" : ""}`}
        />
        {locate && (
          <UseMyLocation
            onFound={(locality) => {
              choose(locality);
              setStatus(`${locality.label} selected, from your location`);
            }}
            onMessage={setLocateMessage}
          />
        )}
        <div
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-line bg-white py-1 shadow-lg"
        >
          {options.map((locality, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the text field (aria-activedescendant)
            <div
              key={locality.label}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              // Keep focus in the text field so the click lands and the list does not close first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(locality)}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-800" : "text-ink hover:bg-surface"}`}
            >
              <span className="font-medium">{locality.suburb}</span>{" "}
              <span className="shrink-0 text-xs text-muted">
                {locality.state} {locality.postcode}
              </span>
            </div>
          ))}
        </div>
        {open && options.length === 0 && status === countMessage(0) && (
          <p
            aria-hidden="true"
            className="absolute inset-x-0 top-full z-20 mt-1 rounded-lg border border-line bg-white px-3 py-2 text-sm text-muted shadow-lg"
          >
            No suburbs match. Check the spelling or try the postcode.
          </p>
        )}
      </div>
      {locate && (
        // Present from the start, so that what it comes to say is announced.
        <p aria-live="polite" className={locateMessage ? "mt-1 text-sm text-muted" : undefined}>
          {locateMessage}
        </p>
      )}
      {pickFields && (
        <>
          <input type="hidden" name={`${name}Suburb`} value={picked?.suburb ?? ""} />
          <input type="hidden" name={`${name}State`} value={picked?.state ?? ""} />
          <input type="hidden" name={`${name}Postcode`} value={picked?.postcode ?? ""} />
        </>
      )}
      <div role="status" className="sr-only">
        {status}
      </div>
    </Field>
  );
}
