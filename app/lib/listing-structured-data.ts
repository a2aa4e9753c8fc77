import type { MetaDescriptor } from "react-router";
import { imageUrl } from "#core/images/image-urls.ts";
import { categoryPath } from "#core/listings/category-slugs.ts";
import { categoryLabel } from "./categories";

type Listed = {
  id: string;
  title: string;
  description: string;
  category: string;
  condition: string;
  images: { key: string; widths: number[] }[];
};

/** schema.org's OfferItemCondition values for ours: anything used but whole is UsedCondition. */
const ITEM_CONDITION: Record<string, string> = {
  new: "https://schema.org/NewCondition",
  like_new: "https://schema.org/UsedCondition",
  good: "https://schema.org/UsedCondition",
  fair: "https://schema.org/UsedCondition",
  for_parts: "https://schema.org/DamagedCondition",
};

export const listingUrl = (origin: string, id: string) => `${origin}/listings/${id}`;

/**
 * A listing as schema.org Product (decision 092): name, pictures, description and condition. No offer or price
 * (nothing is sold on SwapShed) and no brand (members do not give one; a guessed brand would be wrong).
 */
export function productStructuredData(listing: Listed, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: listing.title,
    description: listing.description,
    url: listingUrl(origin, listing.id),
    image: listing.images.map((image) => `${origin}${imageUrl(image, image.widths[image.widths.length - 1])}`),
    itemCondition: ITEM_CONDITION[listing.condition] ?? "https://schema.org/UsedCondition",
    category: categoryLabel(listing.category),
  };
}

/** Home > Category > Listing, as the page's own breadcrumb links them. */
export function breadcrumbStructuredData(listing: Listed, origin: string) {
  const crumbs = [
    { name: "Home", item: `${origin}/` },
    { name: categoryLabel(listing.category), item: `${origin}${categoryPath(listing.category)}` },
    { name: listing.title, item: listingUrl(origin, listing.id) },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, ...crumb })),
  };
}

/**
 * The canonical address and both JSON-LD blocks as meta descriptors. React Router writes `script:ld+json` with
 * `<`, `>` and `&` as JSON escapes (\u003c ...), so a title holding `</script>` cannot end the element; the block
 * is data (type application/ld+json), which the Content-Security-Policy does not govern.
 */
export function listingStructuredMeta(listing: Listed, origin: string): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "canonical", href: listingUrl(origin, listing.id) },
    { "script:ld+json": productStructuredData(listing, origin) },
    { "script:ld+json": breadcrumbStructuredData(listing, origin) },
  ];
}
