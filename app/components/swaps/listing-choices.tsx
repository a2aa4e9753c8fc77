import { useEffect, useRef } from "react";
import { formatValueRange } from "#app/lib/format.ts";

export type ChoosableListing = { id: string; title: string; valueMin: number; valueMax: number };

/**
 * Checkboxes for the listings of one side of a deal (decision 103): a bundle's extras in the propose dialog, or what
 * a counter-offer gives and gets. Each row shows the title and, on its own line, the value (a long title must not
 * hide what a listing is worth on a phone). The limit is the server's; here a box past it is disabled once the
 * page's scripts run. `fixedId` is the listing the offer is about: ticked, and sent by a hidden field (a disabled box
 * is not sent).
 */
export function ListingChoices({
  legend,
  name,
  listings,
  picked,
  max,
  fixedId,
  onChange,
  quiet = false,
}: {
  legend: string;
  name: string;
  listings: ChoosableListing[];
  picked: string[];
  max: number;
  fixedId?: string;
  onChange: (ids: string[]) => void;
  /** A group inside another (the dialog's bundle section): a smaller legend and tighter rows. */
  quiet?: boolean;
}) {
  // Boxes ticked before the page's scripts ran (a slow phone): React hydrates without reading them, and its next
  // render would clear them. Once, on hydration, what the boxes show becomes the state (as the message box does).
  const group = useRef<HTMLFieldSetElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on hydration
  useEffect(() => {
    const shown = [...(group.current?.querySelectorAll<HTMLInputElement>("input[type=checkbox]") ?? [])]
      .filter((box) => box.checked)
      .map((box) => box.value);
    if (shown.length !== picked.length || shown.some((id) => !picked.includes(id))) onChange(shown);
  }, []);

  return (
    <fieldset ref={group} className={quiet ? "mt-2 min-w-0" : "min-w-0"}>
      <legend className={quiet ? "text-sm text-muted" : "text-sm font-medium text-ink"}>{legend}</legend>
      <ul className={`mt-1 overflow-y-auto ${quiet ? "max-h-48 space-y-1" : "max-h-72 space-y-1.5"}`}>
        {listings.map((listing) => {
          const on = picked.includes(listing.id);
          const fixed = listing.id === fixedId;
          return (
            <li key={listing.id}>
              <label
                className={`flex items-start gap-3 rounded-lg p-2 has-[:disabled]:opacity-60 ${quiet ? "" : "border"} ${on && !quiet ? "border-brand-600 bg-brand-50" : "border-line"} ${fixed ? "" : "cursor-pointer hover:bg-surface has-[:disabled]:cursor-not-allowed"}`}
              >
                <input
                  type="checkbox"
                  name={name}
                  value={listing.id}
                  checked={on}
                  disabled={fixed || (!on && picked.length >= max)}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...picked, listing.id] : picked.filter((id) => id !== listing.id))
                  }
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                />
                {fixed && <input type="hidden" name={name} value={listing.id} />}
                <span className="min-w-0 text-sm">
                  <span className={`block truncate ${quiet ? "" : "font-semibold"}`}>{listing.title}</span>
                  <span className="block text-xs text-muted">
                    {formatValueRange(listing.valueMin, listing.valueMax)}
                    {fixed ? " · this offer is about it" : ""}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The optional note sent with an offer or a counter-offer (1000 characters, as the server allows). */
export function OfferMessageField({ id, placeholder }: { id: string; placeholder: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Message (optional)
      </label>
      <textarea
        id={id}
        name="message"
        rows={3}
        maxLength={1000}
        placeholder={placeholder}
        className="mt-1 block w-full rounded-lg border border-line px-3 py-2 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
      />
    </div>
  );
}
