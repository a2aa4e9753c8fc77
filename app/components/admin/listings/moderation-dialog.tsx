import { Form } from "react-router";
import type { ListingModeration } from "#core/moderation/listing-moderation.ts";
import { ActionDialog, DialogButtons, DialogError, type DialogState, ReasonField } from "../action-dialog";
import { isFlagOnly, isRemoved, type ListingState } from "./listing-state";

/**
 * Staff approve, reject, take down or delete the selected listings (one from a row's link, or many from the
 * bulk bar). `chosen` are the selected listings this page shows: the texts say what the moderation does to each.
 */
export function ModerationDialog({
  moderation,
  verb,
  title,
  suggestions,
  selected,
  chosen,
  closeTo,
  error,
  busy,
}: DialogState & {
  moderation: ListingModeration;
  verb: string;
  title: string;
  suggestions?: string[];
  selected: string[];
  chosen: ListingState[];
}) {
  const approve = moderation === "approve";
  return (
    <ActionDialog
      title={dialogTitle(moderation, title, chosen, selected.length)}
      closeTo={closeTo}
      description={approve ? approvalConsequences(chosen, selected.length) : consequences(moderation, selected.length)}
    >
      <Form method="post" replace>
        <input type="hidden" name="moderation" value={moderation} />
        <input type="hidden" name="back" value={closeTo} />
        {selected.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        {!approve && <ReasonField suggestions={suggestions} error={error} />}
        {approve && <DialogError error={error} />}
        <DialogButtons
          confirm={approve && chosen.length === selected.length && chosen.every(isFlagOnly) ? "Clear flag" : verb}
          closeTo={closeTo}
          danger={moderation === "delete" || moderation === "takedown"}
          busy={busy}
        />
      </Form>
    </ActionDialog>
  );
}

function dialogTitle(moderation: ListingModeration, verb: string, chosen: ListingState[], n: number) {
  const what = n === 1 ? "this listing" : `${n} listings`;
  if (moderation !== "approve" || chosen.length !== n) return `${verb} ${what}?`;
  if (chosen.every(isFlagOnly)) return `Clear the flag on ${what}?`;
  if (chosen.every(isRemoved)) return `Approve and restore ${what}?`;
  return `${verb} ${what}?`;
}

const APPROVAL_IN_GENERAL =
  "Approved listings are public: a rejected or taken-down one is restored (its reason cleared, its owner told by e-mail) and any flag is cleared. Listings already approved without a flag are skipped.";

/** Approving never says "stays public" about a listing that is hidden: it says the listing comes back. */
function approvalConsequences(chosen: ListingState[], n: number) {
  if (chosen.length !== n) return APPROVAL_IN_GENERAL;
  if (n === 1) {
    const [l] = chosen;
    if (isFlagOnly(l))
      return "The listing stays public and approved; its flag is cleared and its open reports are closed as reviewed.";
    if (!isRemoved(l)) return "The listing is approved and public, and any flag is cleared.";
    const how = l.moderationStatus === "takedown" ? "taken down" : "rejected";
    const why = l.takedownReason ? ` (reason: ${l.takedownReason})` : "";
    return `The listing was ${how}${why}. Approving restores it: it is public again, the reason is cleared and the owner is told by e-mail.`;
  }
  const removed = chosen.filter(isRemoved).length;
  if (removed === 0)
    return "The listings are approved and public, and any flag is cleared. Listings already approved without a flag are skipped.";
  return `${removed === 1 ? "1 of them was" : `${removed} of them were`} rejected or taken down: approving restores ${removed === 1 ? "it" : "them"} (public again, reason cleared, owner told by e-mail). The others are approved and public, and any flag is cleared.`;
}

function consequences(moderation: ListingModeration, n: number) {
  const them = n === 1 ? "it" : "them";
  switch (moderation) {
    case "approve":
      return APPROVAL_IN_GENERAL;
    case "reject":
      return `Rejected listings are cancelled and hidden; pending offers on ${them} are declined and the owner is told why by e-mail.`;
    case "takedown":
      return `Taken-down listings are cancelled and hidden at once, with the reason and time recorded; the owner is told why by e-mail.`;
    case "delete":
      return "This cannot be undone. The pictures are removed for good; swap and payment history keeps the title. The owner is told why by e-mail.";
  }
}
