import { ActionDialog, DialogButtons, type DialogState, IntentForm } from "../action-dialog";

/**
 * An admin empties a staging deployment and seeds the demo again. It cannot be undone, so a click alone does not
 * do it: the admin types `word`, which the page's action checks.
 */
export function ResetBaselineDialog({ word, closeTo, error, busy }: DialogState & { word: string }) {
  return (
    <ActionDialog
      title="Reset Staging Baseline"
      closeTo={closeTo}
      description="Every member account without a staff role, every listing and its pictures, every swap, payment, review, report, favourite and credit entry is deleted, then the demo data is seeded again. This cannot be undone: take a snapshot first if you may want any of it back."
    >
      <IntentForm intent="reset">
        <label htmlFor="reset-confirm" className="block text-sm font-medium">
          Type {word} to confirm
        </label>
        <input
          id="reset-confirm"
          name="confirm"
          autoComplete="off"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "reset-error" : undefined}
          className="mt-1 block h-10 w-full rounded-md border border-line bg-white px-3 font-mono text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
        />
        {error && (
          <p id="reset-error" role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        )}
        <DialogButtons confirm="Reset Staging Baseline" closeTo={closeTo} danger busy={busy} />
      </IntentForm>
    </ActionDialog>
  );
}
