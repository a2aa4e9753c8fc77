import { Form } from "react-router";
import { ActionDialog, DialogButtons, type DialogState, ReasonField } from "../action-dialog";

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
      <Form method="post" replace>
        <input type="hidden" name="intent" value="refund" />
        {paymentId && <input type="hidden" name="paymentId" value={paymentId} />}
        <ReasonField error={error} suggestions={["charged in error", "dispute", "goodwill"]} />
        <DialogButtons confirm="Issue refund" closeTo={closeTo} danger busy={busy} />
      </Form>
    </ActionDialog>
  );
}
