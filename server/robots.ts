/**
 * robots.txt, written here rather than kept in public/: the Sitemap line must be an absolute address, and only the
 * running app knows its own (APP_URL). Members' own pages are left out of crawls; everything public is in.
 */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /my-listings",
    "Disallow: /my-swaps",
    "Disallow: /favourites",
    "Disallow: /checkout/",
    "Disallow: /create-listing",
    "Disallow: /seed",
    "Disallow: /dev/",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin.replace(/\/$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}
