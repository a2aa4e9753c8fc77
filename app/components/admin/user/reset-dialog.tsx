import { ActionDialog, DialogButtons, DialogError, type DialogState, IntentForm } from "../action-dialog";

/** Staff send a member the password-reset link: one use, one hour, and it signs them out everywhere. */
export function PasswordResetDialog({
  name,
  email,
  closeTo,
  error,
  busy,
}: DialogState & { name: string; email: string }) {
  return (
    <ActionDialog
      title="Send a password reset"
      closeTo={closeTo}
      description={`${name} gets an e-mail at ${email} with a link to choose a new password. It works once, for one hour, and signs them out everywhere when used.`}
    >
      <IntentForm intent="reset-password">
        <DialogError error={error} />
        <DialogButtons confirm="Send the link" closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
