import { Form } from "react-router";

/**
 * One way to settle a reported message or review (decisions 086 and 094): what it does, optional review notes,
 * and its button (red for the one that removes something).
 */
export function ReportDecisionForm({
  decision,
  title,
  explanation,
  submit,
  busy,
  danger = false,
}: {
  decision: string;
  title: string;
  explanation: string;
  submit: string;
  busy: boolean;
  danger?: boolean;
}) {
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="decision" value={decision} />
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className="text-xs text-muted">{explanation}</p>
      <label className="block text-xs font-medium text-muted">
        Review notes (optional)
        <textarea
          name="notes"
          rows={2}
          maxLength={500}
          className="mt-1 w-full rounded-md border border-line p-2 text-sm text-ink"
        />
      </label>
      <button
        type="submit"
        disabled={busy}
        className={
          danger
            ? "h-10 rounded-md bg-danger px-3 text-sm font-semibold text-white hover:opacity-90"
            : "h-10 rounded-md border border-line bg-white px-3 text-sm font-semibold hover:bg-surface"
        }
      >
        {submit}
      </button>
    </Form>
  );
}
