import { Form, Link, useNavigation } from "react-router";
import { readForm } from "../lib/read-form.server";
import { runAction } from "../lib/run-action.server";
import type { Route } from "./+types/auth.forgot-password";
import { appContext } from "../context";
import { EmailField } from "../components/forms/field";
import { Button } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { KeyRound } from "../components/ui/icons";
import { requestPasswordReset } from "../../core/auth/request-password-reset";

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
    <main id="main" className="bg-surface py-12 sm:py-20">
      <Container className="max-w-md">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <KeyRound className="size-8 text-brand-600" />
          <h1 className="mt-3 text-2xl font-bold tracking-tight">Forgot your password?</h1>
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
          <p className="mt-6 text-center text-sm">
            <Link
              to="/auth"
              className="inline-block py-1 font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              Back to sign in
            </Link>
          </p>
        </div>
      </Container>
    </main>
  );
}
