import { useEffect, useId } from "react";
import { Form, useFetcher } from "react-router";
import { toast } from "#app/lib/toast.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { MAX_EVIDENCE_LINKS, type ReportFieldErrors } from "#core/moderation/report-form.ts";
import { describedBy, Field, inputClass } from "../forms/field";
import { ReportFormActions, ReportReasonFields } from "../forms/report-reason-fields";

export const REPORT_SENT = "Thanks for your report. Our moderators will review it.";

/** The action's answer (runAction's refusal: the message, and the field it is about, if any). */
export type ReportAnswer = { ok?: true; error?: string; fields?: ReportFieldErrors };

/**
 * Why a member reports a listing: a reason, optional notes and up to 10 evidence links. Inline on the listing page
 * it posts through a fetcher (`onSent` closes it); on its own page (and before JavaScript) it is a plain form.
 */
export function ReportListingForm({
  listingId,
  answer,
  onSent,
}: {
  listingId: string;
  answer?: ReportAnswer;
  onSent?: () => void;
}) {
  const fetcher = useFetcher<ReportAnswer>();
  const hydrated = useHydrated();
  const inline = Boolean(onSent) && hydrated;
  const FormTag = inline ? fetcher.Form : Form;
  const shown = inline ? fetcher.data : answer;
  const errors = shown?.fields ?? {};
  const busy = fetcher.state !== "idle";
  const id = useId();

  // Once per answer from the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the fetcher's answer on purpose
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      toast.success(REPORT_SENT);
      onSent?.();
    } else if (fetcher.data.error) toast.error(fetcher.data.error);
  }, [fetcher.state, fetcher.data]);

  return (
    <FormTag method="post" action={`/listings/${listingId}/report`} className="space-y-4">
      {inline && <input type="hidden" name="via" value="fetcher" />}
      {shown?.error && !Object.keys(errors).length && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {shown.error}
        </p>
      )}
      <ReportReasonFields id={id} what="listing" errors={errors} />
      <Field
        id={`${id}-evidence`}
        label="Evidence links (optional)"
        error={errors.evidence}
        hint={`Web addresses (http:// or https://), one per line, up to ${MAX_EVIDENCE_LINKS}. Only our moderators see them.`}
      >
        <textarea
          id={`${id}-evidence`}
          name="evidence"
          rows={3}
          inputMode="url"
          placeholder="https://"
          className={`${inputClass(errors.evidence)} py-2 font-mono text-sm`}
          {...describedBy(`${id}-evidence`, errors.evidence, "hint")}
        />
      </Field>
      <p className="text-xs text-muted">Reports are private: the member who listed it is not told who reported it.</p>
      <ReportFormActions cancelTo={onSent ? undefined : `/listings/${listingId}`} busy={busy} />
    </FormTag>
  );
}
