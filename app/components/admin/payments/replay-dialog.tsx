import { ActionDialog, DialogButtons, DialogError, type DialogState, IntentForm } from "../action-dialog";

/** An admin sends the last `hours` hours of payment webhooks through the payment handler again. */
export function ReplayWebhooksDialog({ hours, closeTo, error, busy }: DialogState & { hours: number }) {
  return (
    <ActionDialog
      title="Replay payment webhooks"
      closeTo={closeTo}
      description={`The checkout.session.completed and payment_intent.payment_failed events received in the last ${hours} hours go through the payment handler again. Events already processed change nothing; events that failed get another go.`}
    >
      <IntentForm intent="replay">
        <DialogError error={error} />
        <DialogButtons confirm="Replay webhooks" closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
