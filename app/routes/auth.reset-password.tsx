import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/auth.reset-password";
import { appContext } from "../context";
import { PasswordField } from "../components/forms/field";
import { Button } from "../components/ui/button";
import { AuthCard } from "../components/auth/auth-card";
import { KeyRound } from "../components/ui/icons";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { runAction } from "../lib/run-action.server";
import { PASSWORD_CHANGED, resetPassword } from "#core/auth/reset-password.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | SwapShed" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  return runAction(
    () => resetPassword(ctx, { token: form.token, password: form.password, confirm: form.confirm }, ctx.meta),
    () => redirectWithFlash(ctx, "/auth", { type: "success", message: PASSWORD_CHANGED }),
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const fields: Record<string, string> = actionData?.fields ?? {};
  const formError = actionData && !fields.password && !fields.confirm ? actionData.error : undefined;
  return (
    <AuthCard icon={<KeyRound className="size-8 text-brand-600" />} title="Choose a new password">
      <p className="mt-1 text-sm text-muted">
        At least 8 characters, with an uppercase letter, a lowercase letter and a number. You'll be signed out
        everywhere else.
      </p>
      {formError && (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {formError}{" "}
          <Link to="/auth/forgot-password" className="font-semibold underline">
            Send a new link
          </Link>
        </p>
      )}
      <Form method="post" className="mt-6 space-y-4" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField name="password" label="New password" error={fields.password} autoComplete="new-password" />
        <PasswordField name="confirm" label="New password again" error={fields.confirm} autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Saving..." : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
