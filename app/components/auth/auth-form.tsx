import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { checkForm } from "#core/shared/field-rules.ts";
import { SIGN_IN_FIELDS, SIGN_UP_FIELDS } from "#core/auth/credential-rules.ts";
import { focusFirstError } from "#app/lib/focus-first-error.ts";
import { Field } from "../forms/field";
import { FormError, formLevelError } from "../forms/form-error";
import { OtherSignInOptions } from "./other-sign-in-options";
import { ShowPasswordButton } from "./show-password-button";
import type { IdentityProviderChoice } from "./identity-provider-buttons";
import { Button } from "../ui/button";
import { Container } from "../ui/container";

export type AuthMode = "signin" | "signup";
type Result =
  | { error: string; fields: Record<string, string>; values: { email: string; fullName: string } }
  | undefined;

/**
 * One form for Sign In and Sign Up. The browser checks the spec's rules first as a convenience;
 * the server checks them again and its answer is what counts.
 */
export function AuthForm({
  mode,
  result,
  notice,
  redirectTo = "",
  identityProviders = [],
  afterError,
}: {
  mode: AuthMode;
  result: Result;
  /** Shown under the server's refusal (a suspended member's way to appeal, decision 097). */
  afterError?: React.ReactNode;
  notice?: string | null;
  redirectTo?: string;
  identityProviders?: IdentityProviderChoice[];
}) {
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/auth") === true;
  const errors = clientErrors ?? result?.fields ?? {};
  const signup = mode === "signup";
  // Each message once (decision 048): a field's error beside the field; the server's answer in the box only
  // when no field is to blame for it (a wrong password, a limit reached).
  const formError = formLevelError(clientErrors ? null : result?.error, clientErrors ?? result?.fields);
  const formRef = useRef<HTMLFormElement>(null);
  // A text box as the last answer left it: its error, and what was typed.
  const textField = (name: keyof typeof TEXT_FIELDS) => (
    <CredentialField {...TEXT_FIELDS[name]} name={name} error={errors[name]} defaultValue={result?.values[name]} />
  );

  // Switching between Sign In and Sign Up starts with a clean form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the mode changed
  useEffect(() => setClientErrors(null), [mode]);
  // Each answer that failed brings focus to what to fix.
  useEffect(() => {
    if (result?.error || clientErrors) focusFirstError(formRef.current);
  }, [result, clientErrors]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget));
    // The same rule lists the server's schemas are built from, without zod in the browser.
    const issues = checkForm(signup ? SIGN_UP_FIELDS : SIGN_IN_FIELDS, values);
    if (!issues) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(issues.fields);
  }

  return (
    <main id="main" className="bg-surface py-12 sm:py-20">
      <Container className="max-w-md">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{signup ? "Create Account" : "Welcome Back"}</h1>
          <p className="mt-1 text-sm text-muted">
            {signup
              ? "Join SwapShed to list your goods and start swapping."
              : "Sign in to manage your listings and swaps."}
          </p>
          {notice && !result?.error && (
            <p
              role="status"
              className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800"
            >
              {notice}
            </p>
          )}
          <Form
            ref={formRef}
            method="post"
            action={authHref(signup ? "signup" : "signin", redirectTo)}
            noValidate
            onSubmit={onSubmit}
            className="mt-6 space-y-4"
          >
            <FormError message={formError} />
            <input type="hidden" name="mode" value={mode} />
            {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
            {signup && textField("fullName")}
            {textField("email")}
            <CredentialField
              label="Password"
              name="password"
              type="password"
              autoComplete={signup ? "new-password" : "current-password"}
              error={errors.password}
              rules={signup ? PASSWORD_RULES : undefined}
              revealable
            />
            {!signup && (
              <p className="-mt-2 text-right text-sm">
                <Link
                  to="/auth/forgot-password"
                  className="inline-block py-1 font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  Forgot password?
                </Link>
              </p>
            )}
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Please wait..." : signup ? "Sign Up" : "Sign In"}
            </Button>
          </Form>
          {result?.error && afterError}
          {!signup && <OtherSignInOptions redirectTo={redirectTo} identityProviders={identityProviders} />}
          <p className="mt-6 text-center text-sm text-muted">
            {signup ? "Already have an account? " : "Don't have an account? "}
            <Link
              to={authHref(signup ? "signin" : "signup", redirectTo)}
              className="inline-block py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {signup ? "Sign In" : "Sign Up"}
            </Link>
          </p>
        </div>
        <p className="mt-4 text-center text-xs text-muted">
          By continuing you confirm you are 18 or older and agree to our{" "}
          <Link to="/terms" className="inline-block py-1 underline">
            Terms
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="inline-block py-1 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </Container>
    </main>
  );
}

/** /auth in one mode, keeping where the member was going. */
function authHref(mode: AuthMode, redirectTo: string) {
  const params = new URLSearchParams({ ...(mode === "signup" ? { mode } : {}), ...(redirectTo ? { redirectTo } : {}) });
  return params.size ? `/auth?${params}` : "/auth";
}

/** The spec's password rules, said before the first try (and still there beside an error). */
const PASSWORD_RULES = ["8 to 72 characters", "an uppercase letter", "a lowercase letter", "a number"];

/** The text boxes before the password (the name on Sign Up only), and what the browser may fill them with. */
const TEXT_FIELDS = {
  fullName: { label: "Full Name", autoComplete: "name" },
  email: { label: "Email", type: "email", autoComplete: "email" },
};

type CredentialFieldProps = {
  /** A list said before the box: what the value must have. */
  rules?: string[];
  /** A password box with a Show password toggle. */
  revealable?: boolean;
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  error?: string;
  defaultValue?: string;
};

function CredentialField({
  label,
  name,
  type = "text",
  autoComplete,
  error,
  defaultValue,
  rules,
  revealable,
}: CredentialFieldProps) {
  const id = `field-${name}`;
  const [shown, setShown] = useState(false);
  const describedBy = [rules && `${id}-rules`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <Field id={id} label={label} error={error}>
      {rules && (
        <div id={`${id}-rules`} className="mt-1 text-xs text-muted">
          <span>Your password needs:</span>
          <ul className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5">
            {rules.map((rule) => (
              <li key={rule} className="flex items-center gap-1">
                <span aria-hidden="true">•</span>
                {rule}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="relative mt-1">
        <input
          id={id}
          name={name}
          type={revealable && shown ? "text" : type}
          autoComplete={autoComplete}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block h-11 w-full rounded-lg border bg-white px-3 text-ink shadow-xs outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200 ${revealable ? "pr-20" : ""} ${error ? "border-danger" : "border-line"}`}
        />
        {revealable && <ShowPasswordButton shown={shown} onToggle={() => setShown(!shown)} controls={id} />}
      </div>
    </Field>
  );
}
