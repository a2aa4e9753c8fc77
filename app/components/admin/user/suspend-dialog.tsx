import { ActionDialog, DialogButtons, type DialogState, ReasonField, IntentForm } from "../action-dialog";

/** Staff suspend a member: signed out at once, listings hidden, told so at their next sign-in. */
export function SuspendDialog({ name, closeTo, error, busy }: DialogState & { name: string }) {
  return (
    <ActionDialog
      title="Suspend user"
      closeTo={closeTo}
      description={`${name} will be signed out at once, their listings hidden from everyone, and they will be told their account is suspended when they try to sign in.`}
    >
      <IntentForm intent="suspend">
        <ReasonField error={error} suggestions={["spam", "fraud", "harassment", "terms"]} />
        <DialogButtons confirm="Suspend" closeTo={closeTo} danger busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
