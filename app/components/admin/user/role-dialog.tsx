import { Form } from "react-router";
import { ActionDialog, DialogButtons, DialogError, type DialogState } from "../action-dialog";

/** An admin makes a member a moderator, or takes the role away (which signs them out everywhere). */
export function ModeratorRoleDialog({
  name,
  moderator,
  closeTo,
  error,
  busy,
}: DialogState & { name: string; moderator: boolean }) {
  return (
    <ActionDialog
      title={moderator ? "Remove the moderator role" : "Make moderator"}
      closeTo={closeTo}
      description={
        moderator
          ? `${name} loses access to the back office and is signed out everywhere.`
          : `${name} can then review listings and reports in the back office, after setting up two-factor sign-in.`
      }
    >
      <Form method="post" replace>
        <input type="hidden" name="intent" value={moderator ? "revoke-moderator" : "grant-moderator"} />
        <DialogError error={error} />
        <DialogButtons
          confirm={moderator ? "Remove role" : "Make moderator"}
          closeTo={closeTo}
          danger={moderator}
          busy={busy}
        />
      </Form>
    </ActionDialog>
  );
}
