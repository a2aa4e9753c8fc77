import { Form, Link } from "react-router";
import { PasswordField } from "../forms/field";
import { FormError, formLevelError } from "../forms/form-error";
import { Button } from "../ui/button";

export type PasswordAnswer = { error?: string; fields?: Record<string, string> } | null;

/** Change password with the current one; a member without one (identity provider only) sets one by e-mail instead. */
export function PasswordCard({
  hasPassword,
  answer,
  busy,
}: {
  hasPassword: boolean;
  answer: PasswordAnswer;
  busy: boolean;
}) {
  const fields = answer?.fields ?? {};
  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="password-heading" className="text-lg font-semibold">
        Password
      </h2>
      {hasPassword ? (
        <Form method="post" className="mt-4 space-y-4" noValidate>
          <p className="text-sm text-muted">
            At least 8 characters, with an uppercase letter, a lowercase letter and a number. You'll stay signed in here
            and be signed out on your other devices.
          </p>
          <FormError message={formLevelError(answer?.error, fields)} />
          <input type="hidden" name="intent" value="change-password" />
          <PasswordField
            name="currentPassword"
            label="Current password"
            error={fields.currentPassword}
            autoComplete="current-password"
          />
          <PasswordField
            name="newPassword"
            label="New password"
            error={fields.newPassword}
            autoComplete="new-password"
          />
          <PasswordField name="confirm" label="New password again" error={fields.confirm} autoComplete="new-password" />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <Button type="submit" disabled={busy}>
              Change password
            </Button>
            <Link
              to="/auth/forgot-password"
              className="py-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              Forgot password?
            </Link>
          </div>
        </Form>
      ) : (
        <div className="mt-2 text-sm text-muted">
          <p>You sign in without a password. To add one, we'll e-mail you a link to set it.</p>
          <Link
            to="/auth/forgot-password"
            className="mt-3 inline-block py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            Set a password
          </Link>
        </div>
      )}
    </section>
  );
}
