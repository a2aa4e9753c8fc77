import type { ListingModeration } from "#core/moderation/listing-moderation.ts";
import { SelectAll } from "../select-all";

/**
 * The bar above the Listings table: select every row on the page, then one moderation for the ticked ones. Its
 * buttons submit the table's form (a GET that opens the moderation's dialog for them), so it works without JavaScript.
 */
export function BulkActions({
  formId,
  actions,
}: {
  formId: string;
  actions: { key: ListingModeration; verb: string }[];
}) {
  return (
    <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
      <SelectAll formId={formId} name="ids" label="Select all on this page" />
      <span className="text-muted">With selected:</span>
      {actions.map(({ key, verb }) => (
        <button
          key={key}
          type="submit"
          name="do"
          value={key}
          className={`h-8 rounded-md border px-3 font-medium ${key === "delete" ? "border-red-200 text-danger hover:bg-red-50" : "border-line bg-white hover:bg-surface"}`}
        >
          {verb}
        </button>
      ))}
    </div>
  );
}
