import type { ListingImage } from "#db/schema/listings.ts";

/** Every stored file behind a listing's pictures (one WebP per width), for removing them from storage. */
export function pictureKeys(images: ListingImage[]): string[] {
  return images.flatMap((image) => image.widths.map((width) => `${image.key}-${width}.webp`));
}
