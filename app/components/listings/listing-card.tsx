import { BadgeCheck, ImageOff, MapPin } from "lucide-react";
import { categoryLabel } from "../../lib/categories";
import { conditionLabel, formatValueRange } from "../../lib/format";

export type ListingCardData = {
  id: string;
  title: string;
  category: string;
  condition: string;
  valueMin: number;
  valueMax: number;
  location: string;
  images: { key: string; widths: number[] }[];
  ownerName: string | null;
  ownerVerified: boolean;
};

/** A listing in a grid: cover image, title, category, location, value range, condition and owner. */
export function ListingCard({ listing }: { listing: ListingCardData }) {
  const cover = listing.images[0];
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <div className="relative aspect-[4/3] bg-surface">
        {cover ? (
          <img
            src={`/uploads/${cover.key}-${cover.widths[0]}.webp`}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted">
            <ImageOff className="size-8" aria-hidden="true" />
          </div>
        )}
        <span className="absolute left-3 top-3 rounded-full bg-white/95 px-2.5 py-1 text-xs font-semibold text-brand-800">
          {categoryLabel(listing.category)}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold text-ink">
          <a href={`/listings/${listing.id}`} className="hover:underline">{listing.title}</a>
        </h3>
        <p className="flex items-center gap-1 text-sm text-muted">
          <MapPin className="size-4" aria-hidden="true" />
          {listing.location}
        </p>
        <p className="text-sm text-muted">
          Value range <span className="font-semibold text-ink">{formatValueRange(listing.valueMin, listing.valueMax)}</span>
        </p>
        <div className="mt-auto flex items-center justify-between pt-2 text-sm">
          <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800">
            {conditionLabel(listing.condition)}
          </span>
          <span className="flex items-center gap-1 text-muted">
            {listing.ownerName ?? "Unknown"}
            {listing.ownerVerified && <BadgeCheck className="size-4 text-brand-600" aria-label="Verified" />}
          </span>
        </div>
      </div>
    </article>
  );
}
