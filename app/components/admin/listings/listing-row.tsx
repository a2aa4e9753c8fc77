import { Link } from "react-router";
import type { ListingModeration } from "#core/moderation/listing-moderation.ts";
import { categoryLabel } from "#app/lib/categories.ts";
import { Badge, StatusBadge } from "../badges";
import { MemberCell } from "../list-table";
import { approveLabel, type ListingState } from "./listing-state";
import { RowAction } from "./row-action";

type ListingRowData = ListingState & {
  id: string;
  title: string;
  ownerId: string;
  ownerName: string;
  category: string;
  createdAt: string;
};

/**
 * One listing of the Listings table: its checkbox for the bulk actions, what it is and whose, its state, and a
 * link for each moderation this staff member may take on it (`rowLink` opens that moderation's dialog for it).
 */
export function ListingRow({
  listing: l,
  may,
  rowLink,
}: {
  listing: ListingRowData;
  may: Record<ListingModeration, boolean>;
  rowLink: (moderation: ListingModeration, id: string) => string;
}) {
  return (
    <tr className="hover:bg-surface">
      <td className="float-right px-3 py-2 sm:float-none">
        <input type="checkbox" name="ids" value={l.id} aria-label={`Select ${l.title}`} className="size-4" />
      </td>
      {/* Titles wrap rather than being cut off; the narrow columns (owner, dates) keep to one line. */}
      <td className="px-3 py-2 sm:min-w-48">
        <Link to={`/listings/${l.id}`} className="font-medium text-brand-800 hover:underline">
          {l.title}
        </Link>
        {l.takedownReason && <span className="block break-words text-xs text-muted">Reason: {l.takedownReason}</span>}
      </td>
      <MemberCell label="Owner" id={l.ownerId} name={l.ownerName} className="px-3 py-2 sm:whitespace-nowrap" />
      <td data-label="Category" className="px-3 py-2 text-muted sm:whitespace-nowrap">
        {categoryLabel(l.category)}
      </td>
      <td data-label="Status" className="px-3 py-2">
        <StatusBadge status={l.status} />
      </td>
      <td data-label="Moderation" className="px-3 py-2">
        <StatusBadge status={l.moderationStatus} />
        {l.isFlagged && (
          <>
            {" "}
            <Badge tone="amber">flagged</Badge>
          </>
        )}
      </td>
      <td data-label="Listed" className="px-3 py-2 text-muted sm:whitespace-nowrap">
        {l.createdAt}
      </td>
      {/* Up to four actions: they wrap inside the cell (two to a line) instead of running off the table. */}
      <td className="px-3 py-2 sm:w-44">
        <span className="flex flex-wrap gap-1">
          {may.approve && l.status !== "deleted" && approveLabel(l) && (
            <RowAction to={rowLink("approve", l.id)} label={approveLabel(l) as string} title={l.title} />
          )}
          {may.reject && l.moderationStatus !== "rejected" && l.status !== "deleted" && (
            <RowAction to={rowLink("reject", l.id)} label="Reject" title={l.title} />
          )}
          {may.takedown && l.moderationStatus !== "takedown" && l.status !== "deleted" && (
            <RowAction to={rowLink("takedown", l.id)} label="Take down" title={l.title} />
          )}
          {may.delete && l.status !== "deleted" && (
            <RowAction to={rowLink("delete", l.id)} label="Delete" title={l.title} danger />
          )}
        </span>
      </td>
    </tr>
  );
}
