import { ActionDialog, DialogButtons, type DialogState, ReasonField, IntentForm } from "../action-dialog";

/**
 * Staff refund a completed payment: from the payment's own page, or from its swap's page, which names the payment
 * (`paymentId`) among the swap's others.
 */
export function RefundDialog({
  consequences,
  paymentId,
  closeTo,
  error,
  busy,
}: DialogState & { consequences: string; paymentId?: string }) {
  return (
    <ActionDialog title="Issue refund" closeTo={closeTo} description={consequences}>
      <IntentForm intent="refund">
        {paymentId && <input type="hidden" name="paymentId" value={paymentId} />}
        <ReasonField error={error} suggestions={["charged in error", "dispute", "goodwill"]} />
        <DialogButtons confirm="Issue refund" closeTo={closeTo} danger busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
