import { ActionDialog, DialogButtons, type DialogState, ReasonField, IntentForm } from "../action-dialog";

type Party = { id: string; name: string; role: string; credit: string };

/** Staff give one of the swap's two members the fixed amount of account credit, with a reason. */
export function ApplyCreditDialog({
  creditAmount,
  parties,
  closeTo,
  error,
  busy,
}: DialogState & { creditAmount: string; parties: Party[] }) {
  return (
    <ActionDialog
      title="Apply credit"
      closeTo={closeTo}
      description={`Adds ${creditAmount} of account credit for the member you choose. They see it on My Account, and it pays their next handshake fee first.`}
    >
      <IntentForm intent="credit">
        <fieldset className="mb-3">
          <legend className="text-sm font-medium">Member</legend>
          {parties.map((party, i) => (
            <label key={party.id} className="mt-1 flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="userId"
                value={party.id}
                required
                defaultChecked={i === 0}
                className="size-4 accent-brand-700"
              />
              {party.name}{" "}
              <span className="text-muted">
                ({party.role.toLowerCase()}, credit {party.credit})
              </span>
            </label>
          ))}
        </fieldset>
        <ReasonField error={error} suggestions={["goodwill", "dispute", "service issue"]} />
        <DialogButtons confirm={`Apply ${creditAmount} credit`} closeTo={closeTo} busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
