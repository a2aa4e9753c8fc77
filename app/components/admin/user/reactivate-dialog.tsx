import { ActionDialog, DialogButtons, DialogError, type DialogState, IntentForm } from "../action-dialog";

/** Staff lift a member's suspension: they sign in again and their active listings are public again. */
export function ReactivateDialog({ name, closeTo, error, busy }: DialogState & { name: string }) {
  return (
    <ActionDialog
      title="Reactivate user"
      closeTo={closeTo}
      description={`${name} can sign in again and their active listings are public again.`}
    >
      <IntentForm intent="reactivate">
        <DialogError error={error} />
        <DialogButtons confirm="Reactivate" closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
