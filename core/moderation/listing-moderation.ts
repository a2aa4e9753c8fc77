/** What staff can do to a listing from the Listings page and the queue (browser-safe: the dialog names them too). */
export type ListingModeration = "approve" | "reject" | "takedown" | "delete";
