import { ActionDialog, DialogButtons, type DialogState, ReasonField, IntentForm } from "../action-dialog";

/** What staff confirm before a member is deleted. */
export const DELETE_CONFIRMATION =
  "Are you sure you want to delete this user? They will be permanently deleted in 30 days.";

/** Staff mark a member for deletion: purged after 30 days, their swap and payment records kept anonymised. */
export function DeleteMemberDialog({ closeTo, error, busy }: DialogState) {
  return (
    <ActionDialog title="Delete user" closeTo={closeTo} description={DELETE_CONFIRMATION}>
      <IntentForm intent="delete">
        <ReasonField error={error} suggestions={["member request", "fraud", "terms"]} />
        <p className="mt-2 text-xs text-muted">
          Their swap and payment records are kept, anonymised, when the account is purged.
        </p>
        <DialogButtons confirm="Delete user" closeTo={closeTo} danger busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
