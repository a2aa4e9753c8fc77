import { ActionDialog, DialogButtons, type DialogState, IntentForm } from "../action-dialog";

/** An admin adds the demo members and their listings (only where seeding is allowed). */
export function SeedDemoDialog({ closeTo, busy }: DialogState) {
  return (
    <ActionDialog
      title="Seed Demo Data"
      closeTo={closeTo}
      description="Adds the demo members (sharing one published password) and their listings to this marketplace. Seeding is hard to undo: the demo accounts and listings stay until they are removed one by one, or by a staging reset."
    >
      <IntentForm intent="seed">
        <DialogButtons confirm="Seed Demo Data" closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
