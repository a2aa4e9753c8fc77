import type { ReportReason } from "#db/schema/report-values.ts";
import { REPORT_REASON_LABELS } from "#core/moderation/report-form.ts";
import { Badge, type Tone } from "../badges";

/** Graver reasons in warmer colours; the label is always written, so colour is never the only signal. */
const REASON_TONES: Record<ReportReason, Tone> = {
  fraud: "red",
  prohibited: "red",
  inappropriate: "amber",
  copyright: "blue",
  spam: "grey",
  duplicate: "grey",
  other: "grey",
};

export function ReasonBadge({ reason }: { reason: ReportReason }) {
  return <Badge tone={REASON_TONES[reason]}>{REPORT_REASON_LABELS[reason]}</Badge>;
}
