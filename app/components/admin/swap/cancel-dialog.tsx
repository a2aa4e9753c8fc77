import { ActionDialog, DialogButtons, type DialogState, ReasonField, IntentForm } from "../action-dialog";

/** Staff cancel a swap: both members are told why by e-mail; fees already paid are refunded separately. */
export function CancelSwapDialog({
  proposerName,
  receiverName,
  closeTo,
  error,
  busy,
}: DialogState & { proposerName: string; receiverName: string }) {
  return (
    <ActionDialog
      title="Cancel swap"
      closeTo={closeTo}
      description={`The swap becomes rejected and reserved listings are available again; a checkout still open is closed. ${proposerName} and ${receiverName} are told by e-mail, with the reason below. Fees already paid stay paid: refund them here afterwards if they are due.`}
    >
      <IntentForm intent="cancel">
        <ReasonField error={error} suggestions={["fraud", "member request", "terms", "duplicate"]} />
        <DialogButtons confirm="Cancel swap" closeLabel="Keep swap" closeTo={closeTo} danger busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
