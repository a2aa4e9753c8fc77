import { MapPin } from "#app/components/ui/icons.ts";
import { Form, useLocation } from "react-router";
import { LocationCombobox } from "../forms/location-combobox";
import { Button } from "../ui/button";

/** "Distances from ..." with a way to change it: saved on the member's profile, or a visitor's cookie. */
export function LocationChooser({ label }: { label: string | null }) {
  const location = useLocation();
  return (
    <details className="group rounded-xl border border-line bg-white px-4 py-3 text-sm">
      <summary className="flex cursor-pointer list-none items-center gap-2 text-muted [&::-webkit-details-marker]:hidden">
        <MapPin className="size-4 text-brand-600" aria-hidden="true" />
        {label ? (
          <span>
            Distances from <span className="font-semibold text-ink">{label}</span> ·{" "}
            <span className="text-brand-700 underline">Change</span>
          </span>
        ) : (
          <span className="text-brand-700 underline">Set your suburb to see distances</span>
        )}
      </summary>
      <Form method="post" action="/location" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}#browse`} />
        <div className="flex-1">
          <LocationCombobox id="viewer-location" name="location" label="Your suburb or postcode" placeholder="Sydney" />
        </div>
        <Button type="submit" size="md">
          Save
        </Button>
      </Form>
    </details>
  );
}
