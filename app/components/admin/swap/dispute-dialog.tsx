import { ActionDialog, DialogButtons, type DialogState, IntentForm } from "../action-dialog";
import { NotesField } from "../notes-field";

/** Staff mark a swap as disputed: both members see it is under review; nothing else changes. */
export function MarkDisputeDialog({ closeTo, error, busy }: DialogState) {
  return (
    <ActionDialog
      title="Mark dispute"
      closeTo={closeTo}
      description={`Both members see on My Swaps that this swap is under review until the dispute is resolved. Nothing else changes.`}
    >
      <IntentForm intent="mark-dispute">
        <NotesField
          label="Dispute notes"
          name="notes"
          error={error}
          hint="What is disputed, and by whom. Staff only."
        />
        <DialogButtons confirm="Mark dispute" closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
