import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/data";
import { appContext } from "#app/context.ts";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { describedBy, Field, inputClass } from "#app/components/forms/field.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { requireRecentAuth } from "#app/lib/require-recent-auth.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { RETENTION_DAYS } from "#core/accounts/member-guards.ts";
import { deleteOwnAccount, deletionProofs, type DeletionProof } from "#core/accounts/delete-own-account.ts";
import { formatLongDate } from "#core/shared/time.ts";
import { isRecentlyAuthenticated, REAUTH_MINUTES } from "#core/auth/reauthentication.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Your data | My Account | SwapShed" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const now = ctx.clock.now();
  const url = new URL(request.url);
  const proofs = await deletionProofs(ctx.db, user.id);
  const wanted = url.searchParams.get("confirmWith");
  return {
    email: user.email,
    proofs,
    proof: proofs.find((p) => p === wanted) ?? proofs[0],
    recent: await isRecentlyAuthenticated(ctx.db, user.session, now),
    deletesOn: formatLongDate(new Date(now.getTime() + RETENTION_DAYS * 24 * 60 * 60 * 1000)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  await requireRecentAuth(ctx, request, user);
  const form = await readForm(request);
  return runAction(
    () =>
      deleteOwnAccount(
        { db: ctx.db, auth: ctx.auth, clock: ctx.clock, appUrl: ctx.env.APP_URL },
        { userId: user.id, method: form.method, secret: form.secret },
        ctx.meta,
      ),
    // Signed out (the use case's cookies), with when the account goes and how to keep it.
    (result) =>
      redirectWithFlash(
        ctx,
        "/",
        {
          type: "success",
          message: `Your account is set to be deleted on ${formatLongDate(result.permanentDeletionAt)}.`,
          description: "You have been signed out. To keep your account, sign in before then.",
        },
        result.headers,
      ),
  );
}

const PROOF_FIELD: Record<DeletionProof, { label: string; type: string; autoComplete: string; other: string }> = {
  password: {
    label: "Your password",
    type: "password",
    autoComplete: "current-password",
    other: "Use my password instead",
  },
  totp: {
    label: "Code from your authenticator app",
    type: "text",
    autoComplete: "one-time-code",
    other: "Use a code from my authenticator app instead",
  },
  email: { label: "Type your e-mail address to confirm", type: "email", autoComplete: "off", other: "" },
};

export default function YourData({ loaderData, actionData }: Route.ComponentProps) {
  const { email, proofs, proof, recent, deletesOn } = loaderData;
  const busy = useNavigation().state === "submitting";
  const error = actionData?.error;
  const field = PROOF_FIELD[proof];
  const other = proofs.find((p) => p !== proof && p !== "email");
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (error) detailsRef.current?.querySelector<HTMLElement>("#secret")?.focus();
  }, [error]);
  return (
    <>
      <AccountSection
        id="download"
        title="Download my data"
        intro="One JSON file with everything SwapShed holds about you: your profile, listings, swaps, payments, credit, reviews and favourites. It never includes your password or sign-in secrets."
      >
        <form method="post" action="/account/data/export" className="mt-5">
          <Button type="submit" variant="outline">
            Download my data
          </Button>
        </form>
      </AccountSection>

      <AccountSection id="delete" title="Delete my account" danger>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-muted">
          <li>Your profile and listings are hidden at once, and you are signed out on every device.</li>
          <li>
            On <strong className="text-ink">{deletesOn}</strong> your account is deleted for good: your name, e-mail
            address, phone, suburb, picture, listings and favourites.
          </li>
          <li>
            Records of your swaps and payments are kept, with your name replaced by "Deleted member": the members you
            swapped with, and our accounts, still need them.
          </li>
          <li>Changed your mind? Sign in before {deletesOn} and choose Keep my account.</li>
        </ul>
        {!recent ? (
          <p className="mt-5 rounded-lg bg-surface p-4 text-sm text-muted">
            You signed in more than {REAUTH_MINUTES} minutes ago. To delete your account,{" "}
            <Link
              to={`/auth/reauthenticate?${new URLSearchParams({ redirectTo: "/account/data" })}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              confirm it's you
            </Link>{" "}
            first.
          </p>
        ) : (
          <details ref={detailsRef} open={!!error} className="mt-5 rounded-lg border border-line p-4">
            <summary className="cursor-pointer text-sm font-semibold text-danger">I want to delete my account</summary>
            <Form method="post" className="mt-4 space-y-4" noValidate>
              <input type="hidden" name="method" value={proof} />
              <Field id="secret" label={field.label} error={error} hint={proof === "email" ? email : undefined}>
                <input
                  id="secret"
                  name="secret"
                  type={field.type}
                  required
                  autoComplete={field.autoComplete}
                  inputMode={proof === "totp" ? "numeric" : undefined}
                  className={`${inputClass(error)} h-11`}
                  {...describedBy("secret", error, proof === "email" ? "hint" : undefined)}
                />
              </Field>
              <button
                type="submit"
                disabled={busy}
                className="inline-flex h-11 items-center justify-center rounded-lg bg-danger px-5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
              >
                {busy ? "Deleting..." : "Delete my account"}
              </button>
              {other && (
                <p className="text-sm">
                  <Link
                    to={`?confirmWith=${other}`}
                    className="font-semibold text-brand-700 underline-offset-2 hover:underline"
                  >
                    {PROOF_FIELD[other].other}
                  </Link>
                </p>
              )}
            </Form>
          </details>
        )}
      </AccountSection>
    </>
  );
}
