import { Form } from "react-router";
import { CodeField, describedBy, Field, inputClass } from "../forms/field";
import { FormError, formLevelError } from "../forms/form-error";
import { Button } from "../ui/button";
import { ShieldCheck } from "../ui/icons";
import { BackupCodes } from "./backup-codes";
import { AuthenticatorSetUp } from "./authenticator-set-up";

/** Where setup is: the key to confirm (again, with what was wrong with the code), or the backup codes to save. */
export type TwoFactorStep =
  | { step: "confirm"; qrSvg: string; secret: string; totpUri: string; error?: string }
  | { step: "codes"; backupCodes: string[]; fresh: "enrolled" | "regenerated" };

/** A refused form of this card: its intent, the message and the fields it names. */
type Refusal = { intent: string; error: string; fields: Record<string, string> };

type Props = {
  status: { hasPassword: boolean; twoFactorOn: boolean; isStaff: boolean; backupCodesLeft: number | null };
  email: string;
  step: TwoFactorStep | null;
  refusal: Refusal | null;
  busy: boolean;
};

/** Two-step sign-in for any member: off → set up with a QR code and a code; on → new backup codes, or turn off. */
export function TwoFactorCard({ status, email, step: answer, refusal, busy }: Props) {
  const errorFor = (intent: string) => (refusal?.intent === intent ? refusal : null);
  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="two-factor-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-5 text-brand-700" /> Two-step sign-in
      </h2>
      <p className="mt-1 text-sm text-muted">
        A code from an authenticator app on your phone, asked for after your password each time you sign in.
      </p>
      <p role="status" className="mt-3 text-sm font-medium">
        Status: {status.twoFactorOn ? <span className="text-brand-800">On</span> : <span>Off</span>}
      </p>
      {status.twoFactorOn && status.backupCodesLeft !== null && answer?.step !== "codes" && (
        <p className={`mt-1 text-sm ${status.backupCodesLeft <= 3 ? "font-medium text-danger" : "text-muted"}`}>
          {backupCodesLeftText(status.backupCodesLeft)}
        </p>
      )}

      {answer?.step === "codes" ? (
        <BackupCodes codes={answer.backupCodes} fresh={answer.fresh} />
      ) : answer?.step === "confirm" ? (
        <ConfirmStep answer={answer} email={email} busy={busy} />
      ) : status.twoFactorOn ? null : status.hasPassword ? (
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <input type="hidden" name="intent" value="2fa-start" />
          <PasswordField
            id="twoFactorPassword"
            error={errorFor("2fa-start")}
            hint="Confirm your password to get your key."
          />
          <Button type="submit" disabled={busy}>
            Turn on
          </Button>
        </Form>
      ) : (
        <p className="mt-3 rounded-lg bg-surface p-3 text-sm text-muted">
          Set a password first (above): two-step sign-in adds a code to it.
        </p>
      )}

      {status.twoFactorOn && answer?.step !== "codes" && (
        <div className="mt-4 space-y-3">
          <details className="rounded-lg border border-line p-3" open={!!errorFor("2fa-regenerate")}>
            <summary className="cursor-pointer py-1 text-sm font-semibold">Regenerate backup codes</summary>
            <Form method="post" className="mt-3 space-y-3" noValidate>
              <p className="text-sm text-muted">You'll get 10 new codes and your old ones will stop working.</p>
              <input type="hidden" name="intent" value="2fa-regenerate" />
              <PasswordField id="regeneratePassword" error={errorFor("2fa-regenerate")} />
              <Button type="submit" variant="outline" disabled={busy}>
                Make new backup codes
              </Button>
            </Form>
          </details>
          {status.isStaff ? (
            <p className="rounded-lg bg-surface p-3 text-sm text-muted">
              Staff accounts must keep two-step sign-in. It can't be turned off while you have a back-office role.
            </p>
          ) : (
            <details className="rounded-lg border border-line p-3" open={!!errorFor("2fa-off")}>
              <summary className="cursor-pointer py-1 text-sm font-semibold">Turn off two-step sign-in</summary>
              <Form method="post" className="mt-3 space-y-3" noValidate>
                <p className="text-sm text-muted">Your account will be protected by your password alone.</p>
                <FormError message={formLevelError(errorFor("2fa-off")?.error, errorFor("2fa-off")?.fields)} />
                <input type="hidden" name="intent" value="2fa-off" />
                <Field
                  id="offCode"
                  label="Code from your app, or a backup code"
                  error={errorFor("2fa-off")?.fields?.code}
                >
                  <input
                    id="offCode"
                    name="code"
                    required
                    autoComplete="one-time-code"
                    spellCheck={false}
                    maxLength={32}
                    className={`${inputClass(errorFor("2fa-off")?.fields?.code)} h-11 font-mono tracking-widest`}
                    {...describedBy("offCode", errorFor("2fa-off")?.fields?.code)}
                  />
                </Field>
                <Button type="submit" variant="outline" className="text-danger" disabled={busy}>
                  Turn off
                </Button>
              </Form>
            </details>
          )}
        </div>
      )}
    </section>
  );
}

function PasswordField({
  id,
  error,
  hint,
}: {
  id: string;
  error: { error: string; fields?: Record<string, string> } | null;
  hint?: string;
}) {
  const message = error?.fields?.password ?? error?.error;
  return (
    <Field id={id} label="Password" error={message} hint={hint}>
      <input
        id={id}
        name="password"
        type="password"
        required
        autoComplete="current-password"
        className={`${inputClass(message)} h-11`}
        {...describedBy(id, message, hint)}
      />
    </Field>
  );
}

function ConfirmStep({
  answer,
  email,
  busy,
}: {
  answer: Extract<TwoFactorStep, { step: "confirm" }>;
  email: string;
  busy: boolean;
}) {
  return (
    <AuthenticatorSetUp
      gap="mt-4"
      qrSvg={answer.qrSvg}
      qrLabel={`QR code for the two-step sign-in key of ${email}`}
      secret={answer.secret}
      totpUri={answer.totpUri}
    >
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name="intent" value="2fa-confirm" />
        <input type="hidden" name="totpUri" value={answer.totpUri} />
        <CodeField id="enrolCode" label="Code from your app" error={answer.error} />
        <Button type="submit" disabled={busy}>
          Turn on two-step sign-in
        </Button>
      </Form>
    </AuthenticatorSetUp>
  );
}

/** How many backup codes are unused, and what to do when they run low. */
function backupCodesLeftText(left: number) {
  if (left === 0) return "You have no unused backup codes left. Make new ones below.";
  const codes = left === 1 ? "1 unused backup code" : `${left} unused backup codes`;
  return left <= 3 ? `You have ${codes} left. Make new ones below before they run out.` : `You have ${codes} left.`;
}
