import { Form, useNavigation } from "react-router";
import { readForm } from "../lib/read-form.server";
import { runAction } from "../lib/run-action.server";
import type { Route } from "./+types/auth.forgot-password";
import { appContext } from "../context";
import { EmailField } from "../components/forms/field";
import { Button } from "../components/ui/button";
import { AuthCard, AuthCardLink } from "../components/auth/auth-card";
import { KeyRound } from "../components/ui/icons";
import { requestPasswordReset } from "#core/auth/request-password-reset.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  return runAction(
    () => requestPasswordReset(ctx, { email: form.email }, ctx.meta),
    // The same words whether or not the address has an account.
    (result) => ({ sent: result.message, error: null, email: "" }),
    { echo: () => ({ sent: null, email: form.email ?? "" }) },
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const error = actionData?.error ?? undefined;
  return (
    <AuthCard icon={<KeyRound className="size-8 text-brand-600" />} title="Forgot your password?">
      <p className="mt-1 text-sm text-muted">
        Enter your account's e-mail and we'll send you a link to choose a new password.
      </p>
      {actionData?.sent ? (
        <p
          role="status"
          className="mt-5 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800"
        >
          {actionData.sent}
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <EmailField name="email" label="Email" error={error} defaultValue={actionData?.email} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </Form>
      )}
      <AuthCardLink to="/auth">Back to sign in</AuthCardLink>
    </AuthCard>
  );
}
