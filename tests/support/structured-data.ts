// The schema.org markup a listing page carries, read from its HTML and checked for what product and breadcrumb
// rich results require (https://schema.org/Product, https://schema.org/BreadcrumbList and Google's structured
// data rules for them), with no network: each `<script type="application/ld+json">` block parsed as JSON.

const CONDITIONS = [
  "https://schema.org/NewCondition",
  "https://schema.org/UsedCondition",
  "https://schema.org/RefurbishedCondition",
  "https://schema.org/DamagedCondition",
];
const ABSOLUTE = /^https?:\/\/[^\s]+$/;

type Json = Record<string, unknown>;

/** Every JSON-LD block on the page, parsed (a block that is not JSON is returned as an error). */
export function jsonLdBlocks(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) => JSON.parse(text) as Json,
  );
}

export function blockOfType(html: string, type: string): Json | undefined {
  return jsonLdBlocks(html).find((block) => block["@type"] === type);
}

const isText = (value: unknown) => typeof value === "string" && value.trim().length > 0;

/** What a Product block breaks: the required name, at least one absolute image, a description, a known condition. */
export function productProblems(product: Json | undefined, { sold = false } = {}): string[] {
  if (!product) return ["no Product block"];
  const problems: string[] = [];
  if (product["@context"] !== "https://schema.org") problems.push("@context is not https://schema.org");
  if (!isText(product.name)) problems.push("name is missing");
  const images = Array.isArray(product.image) ? product.image : [product.image];
  if (images.length === 0 || !images.every((image) => typeof image === "string" && ABSOLUTE.test(image)))
    problems.push("image must be one or more absolute addresses");
  if (!isText(product.description)) problems.push("description is missing");
  if (!CONDITIONS.includes(product.itemCondition as string))
    problems.push("itemCondition is not a schema.org condition");
  if (product.url !== undefined && !ABSOLUTE.test(String(product.url))) problems.push("url is not absolute");
  // Nothing on SwapShed is sold and members give no brand: markup that claimed either would mislead.
  if (!sold && ("offers" in product || "price" in product)) problems.push("an offer or price on a swap listing");
  if ("brand" in product) problems.push("a brand nobody gave");
  return problems;
}

/** What a BreadcrumbList breaks: ListItems numbered 1..n, each named, each with an absolute `item` (the last may omit it). */
export function breadcrumbProblems(list: Json | undefined): string[] {
  if (!list) return ["no BreadcrumbList block"];
  const problems: string[] = [];
  if (list["@context"] !== "https://schema.org") problems.push("@context is not https://schema.org");
  const items = list.itemListElement;
  if (!Array.isArray(items) || items.length < 2) return [...problems, "itemListElement needs two or more ListItems"];
  items.forEach((item: Json, index) => {
    if (item["@type"] !== "ListItem") problems.push(`item ${index + 1} is not a ListItem`);
    if (item.position !== index + 1) problems.push(`item ${index + 1} has position ${String(item.position)}`);
    if (!isText(item.name)) problems.push(`item ${index + 1} has no name`);
    const last = index === items.length - 1;
    if (!(last && item.item === undefined) && !ABSOLUTE.test(String(item.item)))
      problems.push(`item ${index + 1}'s item is not an absolute address`);
  });
  return problems;
}
