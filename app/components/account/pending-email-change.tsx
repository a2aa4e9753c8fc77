import { FormError } from "../forms/form-error";
import { IntentButton } from "../forms/intent-button";
import { Mail } from "../ui/icons";

type Props = { pending: { newEmail: string; expiresAt: string }; email: string; busy: boolean; error: string | null };

/**
 * A change of address waiting for its link (pending_email_changes): which address, until when, and the two things
 * a member can do about it. Both are plain forms, so they work before the page's scripts load.
 */
export function PendingEmailChange({ pending, email, busy, error }: Props) {
  return (
    <section
      aria-labelledby="pending-email-heading"
      className="rounded-2xl border border-amber-200 bg-amber-50 p-6 shadow-sm sm:p-8"
    >
      <h2 id="pending-email-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Mail className="size-5 shrink-0 text-brand-700" aria-hidden="true" /> Change waiting for confirmation
      </h2>
      <p className="mt-2 text-sm text-ink">
        We sent a link to <strong className="break-all">{pending.newEmail}</strong>. Open it by {pending.expiresAt} to
        switch your account to that address; until then your account keeps <span className="break-all">{email}</span>.
      </p>
      <FormError message={error} className="mt-4" />
      <div className="mt-4 flex flex-wrap gap-3">
        <IntentButton intent="resend-change" busy={busy}>
          Resend link
        </IntentButton>
        <IntentButton intent="cancel-change" busy={busy}>
          Cancel change
        </IntentButton>
      </div>
    </section>
  );
}
