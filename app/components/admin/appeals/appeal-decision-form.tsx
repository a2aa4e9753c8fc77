import { Form } from "react-router";
import { NotesField } from "../notes-field";

/**
 * Deciding an appeal (decision 097): uphold or reverse, with the reason the member reads. A plain post: it works
 * before the page's scripts load.
 */
export function AppealDecisionForm({
  reverseWill,
  error,
  busy,
}: {
  /** What reversing undoes, in words ("reactivates the member's account"). */
  reverseWill: string;
  error?: string;
  busy: boolean;
}) {
  return (
    <Form method="post" replace className="space-y-4">
      <input type="hidden" name="intent" value="decide" />
      <fieldset>
        <legend className="text-sm font-medium">Decision</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-line px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
            <input type="radio" name="outcome" value="upheld" required className="mt-1 size-4" />
            <span>
              <span className="block font-semibold">Uphold</span>
              <span className="text-muted">The decision stands.</span>
            </span>
          </label>
          <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-line px-3 py-2 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50">
            <input type="radio" name="outcome" value="reversed" required className="mt-1 size-4" />
            <span>
              <span className="block font-semibold">Reverse</span>
              <span className="text-muted">Undo it: {reverseWill}.</span>
            </span>
          </label>
        </div>
      </fieldset>
      <NotesField
        label="Reason"
        name="reason"
        error={error}
        hint="The member reads this, by e-mail and in their notifications."
      />
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-11 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? "Saving..." : "Decide appeal"}
        </button>
      </div>
    </Form>
  );
}
