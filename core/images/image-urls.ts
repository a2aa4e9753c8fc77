// Pure string helpers, safe in the browser bundle: no node imports (the type import is erased).
import type { ListingImage } from "#db/schema/listings.ts";

/** Where the variant of `image` at `width` is served from. */
export function imageUrl(image: ListingImage, width: number): string {
  return `/uploads/${image.key}-${width}.webp`;
}

/** A srcset listing every stored width, narrowest first, e.g. "/uploads/…-320.webp 320w, …-640.webp 640w". */
export function srcSet(image: ListingImage): string {
  return [...image.widths]
    .sort((a, b) => a - b)
    .map((width) => `${imageUrl(image, width)} ${width}w`)
    .join(", ");
}
