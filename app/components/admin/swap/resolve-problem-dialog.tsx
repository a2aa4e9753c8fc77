import { ActionDialog, DialogButtons, type DialogState, IntentForm } from "../action-dialog";
import { NotesField } from "../notes-field";

/** Staff resolve a member's reported problem: the resolution both members read (decision 097). */
export function ResolveProblemDialog({
  problemId,
  summary,
  closeTo,
  error,
  busy,
  told = "Both members are told, and see the resolution on the swap. Refunds or credit, if due, are separate actions on this page.",
}: DialogState & { problemId: string; summary: string; told?: string }) {
  return (
    <ActionDialog title="Resolve problem" closeTo={closeTo} description={told}>
      <IntentForm intent="resolve-problem">
        <input type="hidden" name="problemId" value={problemId} />
        <p className="mb-3 rounded-md bg-surface px-3 py-2 text-sm">{summary}</p>
        <NotesField
          label="Resolution"
          name="resolution"
          error={error}
          hint="What was decided. The members read this."
        />
        <DialogButtons confirm="Resolve problem" closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
