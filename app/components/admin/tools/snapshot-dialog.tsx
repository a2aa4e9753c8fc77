import { ActionDialog, DialogButtons, type DialogState, IntentForm } from "../action-dialog";

/** An admin copies the whole database to a file on this server before a deploy. */
export function SnapshotDialog({ database, closeTo, busy }: DialogState & { database: string }) {
  return (
    <ActionDialog
      title="Snapshot Before Deploy"
      closeTo={closeTo}
      description={`Copies the whole ${database} database to a file on this server and lists it below. It can take a while on a large database; the site keeps running meanwhile.`}
    >
      <IntentForm intent="snapshot">
        <DialogButtons confirm="Create snapshot" closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
