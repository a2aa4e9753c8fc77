import { ActionDialog, DialogButtons, type DialogState, IntentForm } from "../action-dialog";
import { NotesField } from "../notes-field";

/** Staff resolve a swap's dispute, with the notes it was marked with in view. */
export function ResolveDisputeDialog({
  disputeNotes,
  closeTo,
  error,
  busy,
}: DialogState & { disputeNotes: string | null }) {
  return (
    <ActionDialog
      title="Resolve dispute"
      closeTo={closeTo}
      description="The members' 'under review' line goes away. Refunds or credit, if due, are separate actions on this page."
    >
      <IntentForm intent="resolve-dispute">
        {disputeNotes && <p className="mb-3 rounded-md bg-surface px-3 py-2 text-sm">{disputeNotes}</p>}
        <NotesField label="Resolution notes" name="resolution" error={error} hint="How it was settled. Staff only." />
        <DialogButtons confirm="Resolve dispute" closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
