import { Form } from "react-router";
import { Bell } from "#app/components/ui/icons.ts";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { SearchParams } from "#core/listings/search-query.ts";

/** The search's fields as the save form posts them (the search page's URL names, core/listings/search-query.ts). */
export function searchFields(params: Partial<SearchParams>): Record<string, string> {
  const fields: Record<string, string | number | undefined> = {
    q: params.q,
    location: params.location,
    radius: params.radiusKm,
    category: params.category,
    condition: params.condition,
    min: params.minValue,
    max: params.maxValue,
  };
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => value !== undefined && value !== "")
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * "Save this search": a plain form posting the search (words, place, radius, filters) to My Account → Saved
 * searches, so it works before the page's scripts load and on an empty result too. A signed-out visitor is sent
 * to sign in and back to this search.
 */
export function SaveSearchButton({
  params,
  label = "Save this search",
  className = "",
}: {
  params: Partial<SearchParams>;
  label?: string;
  className?: string;
}) {
  // A search with nothing in it, or only a place with no distance, would match everything: nothing to save (the
  // rule saveSearch enforces).
  if (!params.q && !params.category && !(params.location && params.radiusKm)) return null;
  return (
    <Form method="post" action="/account/saved-searches" className={className}>
      <input type="hidden" name="intent" value="save" />
      {Object.entries(searchFields(params)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClass({ variant: "outline", size: "sm" }, "gap-2")}>
        <Bell className="size-4" aria-hidden="true" />
        {label}
      </button>
    </Form>
  );
}
