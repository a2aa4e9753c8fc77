/** What the Listings page knows of a listing's state: enough to say what a moderation would do to it. */
export type ListingState = {
  status: string;
  moderationStatus: string;
  isFlagged: boolean;
  takedownReason: string | null;
};

/** A listing staff removed (rejected or taken down): approving it restores it. */
export const isRemoved = (l: ListingState) => l.status === "cancelled";
/** An approved, public listing with a flag: "approving" it only clears the flag. */
export const isFlagOnly = (l: ListingState) => l.moderationStatus === "approved" && l.isFlagged && !isRemoved(l);

/**
 * What the approve link on a row says, or null when there is nothing to approve (hidden when already approved).
 * A flagged approved listing offers "Clear flag": the same approval, named for what it does.
 */
export function approveLabel(l: ListingState): string | null {
  if (isFlagOnly(l)) return "Clear flag";
  if (l.moderationStatus === "approved" && !isRemoved(l)) return null;
  return isRemoved(l) ? "Approve & restore" : "Approve";
}
