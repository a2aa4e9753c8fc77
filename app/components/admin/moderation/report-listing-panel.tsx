import { Link } from "react-router";
import type { ListingImage } from "#db/schema/listings.ts";
import { imageUrl } from "#core/images/image-urls.ts";
import { categoryLabel } from "#app/lib/categories.ts";
import { Badge, StatusBadge } from "../badges";

export type ReportListingData = {
  id: string;
  title: string;
  category: string;
  location: string;
  ownerId: string;
  ownerName: string | null;
  images: ListingImage[];
  status: string;
  moderationStatus: string;
  isFlagged: boolean;
} | null;

/** The Listing tab: title, category, location, owner and up to 3 pictures, or 'Listing has been deleted'. */
export function ReportListingPanel({ listing }: { listing: ReportListingData }) {
  if (!listing) return <p className="text-sm text-muted">Listing has been deleted</p>;
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-[9rem_1fr]">
        <dt className="font-medium text-muted">Title</dt>
        <dd>
          <Link
            to={`/admin/listings?q=${encodeURIComponent(listing.title)}`}
            className="font-medium text-brand-800 hover:underline"
          >
            {listing.title}
          </Link>
        </dd>
        <dt className="font-medium text-muted">Category</dt>
        <dd>{categoryLabel(listing.category)}</dd>
        <dt className="font-medium text-muted">Location</dt>
        <dd>{listing.location}</dd>
        <dt className="font-medium text-muted">Owner</dt>
        <dd>
          <Link to={`/admin/users/${listing.ownerId}`} className="hover:underline">
            {listing.ownerName ?? "Unknown"}
          </Link>
        </dd>
        <dt className="font-medium text-muted">Now</dt>
        <dd className="flex flex-wrap gap-1">
          <StatusBadge status={listing.status} />
          <StatusBadge status={listing.moderationStatus} />
          {listing.isFlagged && <Badge tone="amber">flagged</Badge>}
          {listing.moderationStatus === "pending" && <span className="text-muted">hidden until reviewed</span>}
        </dd>
      </dl>
      {listing.images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2" aria-label="Pictures">
          {listing.images.map((image, i) => (
            <li key={image.key}>
              <img
                src={imageUrl(image, image.widths[0])}
                alt={`${listing.title} (${i + 1} of ${listing.images.length})`}
                loading="lazy"
                className="aspect-square w-full rounded-md border border-line object-cover"
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
