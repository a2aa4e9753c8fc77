import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { BadgeCheck, Smartphone } from "#app/components/ui/icons.ts";
import { describedBy, Field, inputClass } from "#app/components/forms/field.tsx";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { focusFirstError } from "#app/lib/focus-first-error.ts";
import { formatDayAndTime } from "#core/shared/time.ts";

/** The member's phone as the page shows it (numbers already written +61 412 345 678 by the loader). */
export type PhoneState = {
  phone: string | null;
  confirmedAt: string | Date | null;
  pending: { phone: string; expiresAt: string | Date } | null;
};

const SEND_HINT = "An Australian mobile number, for example 0412 345 678. We text it a 6-digit code.";

/**
 * "Confirm your phone" (issue 28, decision 095): the number, "Send code", then the code and "Confirm". Plain posts
 * to the profile page's action (intents phone-send and phone-confirm), so it works before the page's scripts load.
 * Once confirmed, the badge says so; the swap partner who pays to reach the member is told it too.
 */
export function PhoneConfirmationForm({
  state,
  refusal,
  outbox,
}: {
  state: PhoneState;
  /** What the last post refused, and which of the two forms it came from. */
  refusal?: { form: "phone-send" | "phone-confirm"; error: string };
  /** The demo: texts are not sent but kept in the outbox, where the member reads the code. */
  outbox: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) focusFirstError(ref.current);
  }, [refusal]);
  const confirmed = state.confirmedAt !== null && state.phone !== null;
  // A refused code shows at the code box while a code is waiting; otherwise (it died) at the number, to send anew.
  const codeError = refusal?.form === "phone-confirm" && state.pending ? refusal.error : undefined;
  const phoneError = refusal && !codeError ? refusal.error : undefined;
  return (
    <AccountSection
      id="phone"
      title={confirmed ? "Your phone" : "Confirm your phone"}
      intro="A confirmed phone shows on your member page, and a swap partner who pays the handshake fee can call or text you. Members without one share an e-mail address only."
    >
      <div ref={ref}>
        {confirmed && (
          <p className="mt-4 flex flex-wrap items-center gap-2 text-sm">
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-800">
              <BadgeCheck className="size-4" aria-hidden="true" />
              Phone confirmed
            </span>
            <span className="text-ink">{state.phone}</span>
          </p>
        )}
        {state.pending ? (
          <Form method="post" className="mt-4 space-y-3" noValidate>
            <input type="hidden" name="intent" value="phone-confirm" />
            <p className="flex items-start gap-2 rounded-xl bg-surface p-3 text-sm text-ink" role="status">
              <Smartphone className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                We texted a 6-digit code to <strong>{state.pending.phone}</strong>. It works until{" "}
                {formatDayAndTime(state.pending.expiresAt)}.
                {outbox && (
                  <>
                    {" "}
                    On this demo no text is sent: read it in your{" "}
                    <Link to="/dev/outbox" className="underline">
                      outbox
                    </Link>
                    .
                  </>
                )}
              </span>
            </p>
            <Field id="phoneCode" label="Code from the text message" error={codeError}>
              <input
                id="phoneCode"
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={9}
                required
                className={`${inputClass(codeError)} h-11 max-w-48 tracking-widest`}
                {...describedBy("phoneCode", codeError)}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                Confirm
              </Button>
            </div>
          </Form>
        ) : null}
        <Form method="post" className="mt-4 space-y-3" noValidate>
          <input type="hidden" name="intent" value="phone-send" />
          <Field
            id="confirmPhone"
            label={confirmed ? "Confirm a different number" : "Mobile number"}
            error={phoneError}
            hint={SEND_HINT}
          >
            <input
              id="confirmPhone"
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={20}
              required
              defaultValue={state.pending?.phone ? state.pending.phone : confirmed ? "" : (state.phone ?? "")}
              className={`${inputClass(phoneError)} h-11 max-w-xs`}
              {...describedBy("confirmPhone", phoneError, SEND_HINT)}
            />
          </Field>
          <Button type="submit" variant={state.pending ? "outline" : "primary"} disabled={busy}>
            {state.pending ? "Send a new code" : "Send code"}
          </Button>
        </Form>
      </div>
    </AccountSection>
  );
}
