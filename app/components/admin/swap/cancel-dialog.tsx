import { ActionDialog, DialogButtons, type DialogState, ReasonField, IntentForm } from "../action-dialog";

/** Staff cancel a swap: both members are told why by e-mail; a fee held is released, not charged. */
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
      description={`The swap becomes rejected and reserved listings are available again; a checkout still open is closed. ${proposerName} and ${receiverName} are told by e-mail, with the reason below. A fee either of them has paid is only held, so its hold is released and nothing is charged.`}
    >
      <IntentForm intent="cancel">
        <ReasonField error={error} suggestions={["fraud", "member request", "terms", "duplicate"]} />
        <DialogButtons confirm="Cancel swap" closeLabel="Keep swap" closeTo={closeTo} danger busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
