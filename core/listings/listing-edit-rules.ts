// What an owner may still do with a listing in each state: shared by the use cases (which enforce it) and the
// pages (which offer only what will work, and say why the rest is not offered). Browser-safe: no database.

export const LISTING_RESERVED_NOT_EDITABLE =
  "This listing is reserved for an accepted swap, so it can't be edited: the other member agreed to swap for it as it is.";
export const LISTING_SWAPPED_NOT_EDITABLE =
  "This listing has been swapped, so it can't be edited. It stays in your swap history.";
export const LISTING_REMOVED_NOT_EDITABLE = "This listing was removed by our moderators, so it can't be edited.";

/** Why the owner cannot edit a listing in this state, or null when they can (only active listings change). */
export function whyNotEditable(status: string): string | null {
  switch (status) {
    case "active":
      return null;
    case "reserved":
      return LISTING_RESERVED_NOT_EDITABLE;
    case "swapped":
      return LISTING_SWAPPED_NOT_EDITABLE;
    default:
      return LISTING_REMOVED_NOT_EDITABLE;
  }
}

/** Whether the owner may delete a listing in this state: not while it is reserved or swapped (deleteListing refuses too). */
export function isDeletable(status: string): boolean {
  return status === "active" || status === "cancelled";
}
