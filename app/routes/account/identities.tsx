import { data, Form, isRouteErrorResponse, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/identities";
import { appContext } from "#app/context.ts";
import { FormError } from "#app/components/forms/form-error.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { pageNotFoundMeta } from "#app/components/layout/page-not-found.tsx";
import { readForm } from "#app/lib/read-form.server.ts";
import { cookiesOf, redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { requireRecentAuth } from "#app/lib/require-recent-auth.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { identityLinkErrorMessage } from "#core/auth/identity-errors.ts";
import { identityProviderLabel, identityProvidersFromEnv } from "#core/auth/identity-providers.ts";
import { findIdentities } from "#core/auth/find-identities.ts";
import { startIdentityLink } from "#core/auth/start-identity-link.ts";
import { unlinkIdentity } from "#core/auth/unlink-identity.ts";
import { formatLongDate } from "#core/shared/time.ts";

export const meta: Route.MetaFunction = ({ error }) =>
  isRouteErrorResponse(error) && error.status === 404
    ? pageNotFoundMeta
    : [{ title: "Linked accounts | My Account | SwapShed" }, { name: "robots", content: "noindex" }];

/**
 * No identity provider configured: this page does not exist here (404). Said inside My Account's frame, with the
 * 404 page's title, so the document is titled and the member keeps the account's navigation.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <section
      aria-labelledby="not-found-heading"
      className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="not-found-heading" className="text-lg font-semibold">
        Oops! Page not found
      </h2>
      <p className="mt-1 text-sm text-muted">The page you were looking for has moved, or never existed.</p>
      <ButtonLink to="/account" variant="outline" className="mt-4">
        Back to My Account
      </ButtonLink>
    </section>
  );
}

const PAGE = "/account/identities";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const providers = identityProvidersFromEnv(ctx.env);
  const rows = await findIdentities(ctx.db, { userId: user.id, providers });
  // No provider configured: there is nothing to link (the navigation hides the page too).
  if (rows.length === 0) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const provider = url.searchParams.get("provider") ?? url.searchParams.get("linked") ?? "";
  const label = identityProviderLabel(providers, provider) ?? "The identity provider";
  const error = url.searchParams.get("error");
  // Back from the provider: say it is linked only when it is.
  const linked = url.searchParams.has("linked") && rows.some((row) => row.id === provider && row.identities.length > 0);
  return {
    rows: rows.map((row) => ({
      ...row,
      identities: row.identities.map((i) => ({ ...i, linkedAt: i.linkedAt.toISOString() })),
    })),
    error: error ? identityLinkErrorMessage(error, label) : null,
    notice: linked ? `${label} is linked: you can now sign in with it.` : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const intent = form.intent;
  const providers = identityProvidersFromEnv(ctx.env);
  if (intent !== "link" && intent !== "unlink") return data({ error: "Choose what to do." }, { status: 400 });
  await requireRecentAuth(ctx, request, user);
  if (intent === "link") {
    const provider = form.provider ?? "";
    return runAction(
      () =>
        startIdentityLink(
          { ...ctx, providers },
          {
            userId: user.id,
            provider,
            callbackURL: `${PAGE}?linked=${encodeURIComponent(provider)}`,
            errorCallbackURL: `${PAGE}?provider=${encodeURIComponent(provider)}`,
          },
          ctx.meta,
        ),
      // Off to the provider, with the state cookie its answer is checked against.
      (result) => redirect(result.url, { headers: cookiesOf(result.headers) }),
    );
  }
  return runAction(
    () =>
      unlinkIdentity(
        { ...ctx, providers, appUrl: ctx.env.APP_URL },
        { userId: user.id, identityId: form.identityId ?? "" },
        ctx.meta,
      ),
    (result) => redirectWithFlash(ctx, PAGE, { type: "success", message: `${result.label} was unlinked` }),
  );
}

export default function LinkedAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, notice } = loaderData;
  const error = actionData?.error ?? loaderData.error;
  const busy = useNavigation().state !== "idle";
  return (
    <section
      aria-labelledby="identities-heading"
      className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="identities-heading" className="text-lg font-semibold">
        Linked accounts
      </h2>
      <p className="mt-1 text-sm text-muted">
        Sign in to SwapShed with an account you already have elsewhere. You can only link one that uses the same e-mail
        address as your SwapShed account.
      </p>
      <FormError message={error} className="mt-4" />
      {notice && !error && (
        <p
          role="status"
          className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800"
        >
          {notice}
        </p>
      )}
      <ul className="mt-6 divide-y divide-line rounded-xl border border-line">
        {rows.map((row) => (
          <li key={row.id} className="p-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <h3 className="font-semibold">{row.label}</h3>
                {row.identities.length === 0 && <p className="text-sm text-muted">Not linked</p>}
              </div>
              {row.identities.length === 0 && (
                <Form method="post">
                  <input type="hidden" name="intent" value="link" />
                  <input type="hidden" name="provider" value={row.id} />
                  <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Link ${row.label}`}>
                    Link
                  </Button>
                </Form>
              )}
            </div>
            {row.identities.map((identity) => (
              <div key={identity.id} className="mt-2 text-sm">
                <p className="break-words text-ink">{identity.email ?? `Account ID ${identity.subject}`}</p>
                <p className="text-muted">Linked on {formatLongDate(identity.linkedAt)}</p>
                <details className="mt-3">
                  <summary className="inline-flex h-9 cursor-pointer items-center rounded-lg border border-line px-3 text-sm font-semibold hover:bg-surface">
                    Unlink {row.label}
                  </summary>
                  <Form method="post" className="mt-3 rounded-lg bg-surface p-4">
                    <p>You will no longer be able to sign in with {row.label}. Unlink it?</p>
                    <input type="hidden" name="intent" value="unlink" />
                    <input type="hidden" name="identityId" value={identity.id} />
                    <Button type="submit" size="sm" className="mt-3 bg-red-700 hover:bg-red-800" disabled={busy}>
                      Yes, unlink {row.label}
                    </Button>
                  </Form>
                </details>
              </div>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
