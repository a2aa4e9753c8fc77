import { MAX_REPORT_NOTES, REPORT_REASON_LABELS, type ReportFieldErrors } from "#core/moderation/report-form.ts";
import { REPORT_REASONS } from "#db/schema/report-values.ts";
import { Link } from "react-router";
import { Button } from "../ui/button";
import { describedBy, Field, inputClass } from "./field";

/**
 * A report's reason and notes, the same for a listing and a message: `id` prefixes the fields' ids, `what` names the
 * thing in the notes' hint, and `values` refills the fields after a refusal.
 */
export function ReportReasonFields({
  id,
  what,
  errors,
  values = {},
}: {
  id: string;
  what: "listing" | "message";
  errors: ReportFieldErrors;
  values?: { reason?: string; notes?: string };
}) {
  return (
    <>
      <Field id={`${id}-reason`} label="Reason" error={errors.reason}>
        <select
          id={`${id}-reason`}
          name="reason"
          required
          defaultValue={values.reason ?? ""}
          className={`${inputClass(errors.reason)} h-11`}
          {...describedBy(`${id}-reason`, errors.reason)}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REPORT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={`${id}-notes`}
        label="Notes (optional)"
        error={errors.notes}
        hint={`What is wrong with this ${what}? Up to 2,000 characters.`}
      >
        <textarea
          id={`${id}-notes`}
          name="notes"
          rows={4}
          maxLength={MAX_REPORT_NOTES}
          defaultValue={values.notes ?? ""}
          className={`${inputClass(errors.notes)} py-2`}
          {...describedBy(`${id}-notes`, errors.notes, "hint")}
        />
      </Field>
    </>
  );
}

/** A report form's buttons: Cancel back to `cancelTo` (none when the form closes itself), and Send report. */
export function ReportFormActions({ cancelTo, busy }: { cancelTo?: string; busy: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      {cancelTo && (
        <Link
          to={cancelTo}
          className="inline-flex h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold hover:bg-surface"
        >
          Cancel
        </Link>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Send report"}
      </Button>
    </div>
  );
}
