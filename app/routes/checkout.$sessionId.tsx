import { CreditCard, Lock } from "#app/components/ui/icons.ts";
import { useEffect, useRef } from "react";
import { data, Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/checkout.$sessionId";
import { Field, describedBy, inputClass } from "../components/forms/field";
import { ErrorScreen } from "../components/layout/error-screen";
import { requestIdOf } from "../components/layout/request-reference";
import { PageNotFound, pageNotFoundMeta } from "../components/layout/page-not-found";
import { Button } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { appContext, type AppContext } from "../context";
import { groupCardNumber } from "../lib/group-card-number";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import type { CheckoutCardErrors } from "#core/payments/checkout-card-rules.ts";
import { findLocalCheckout } from "#core/payments/find-local-checkout.ts";
import { isLocalProvider } from "#core/payments/local-provider.ts";
import { submitLocalCheckout } from "#core/payments/submit-local-checkout.ts";
import { HELD_UNTIL_BOTH_PAY } from "#app/lib/fee-refunds.ts";

export const meta: Route.MetaFunction = ({ error }) => {
  if (isRouteErrorResponse(error) && error.status === 404) return pageNotFoundMeta;
  if (error) return [{ title: "Something went wrong | SwapShed" }, { name: "robots", content: "noindex" }];
  return [{ title: "Test checkout | SwapShed" }, { name: "robots", content: "noindex, nofollow" }];
};

/** The payer's open checkout; the site's 404 page for everyone else (and whenever payments go through Stripe). */
async function requireCheckout(ctx: AppContext, sessionId: string, request: Request) {
  const provider = ctx.paymentProvider;
  if (!isLocalProvider(provider)) throw data(null, { status: 404 });
  const user = await requireUser(ctx, request);
  const checkout = await findLocalCheckout(ctx.db, { sessionId, userId: user.id, now: ctx.clock.now() });
  if (!checkout) throw data(null, { status: 404 });
  return { provider, user, checkout };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { checkout } = await requireCheckout(context.get(appContext), params.sessionId, request);
  return { checkout };
}

type ActionData = { errors?: CheckoutCardErrors; declined?: string; values: { cardNumber: string; expiry: string } };

/**
 * Pay: a form that breaks the card rules comes back with field messages (400, nothing recorded); a declined
 * card stays here with the reason so the member can try again (402); a payment goes back to My Swaps.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const { provider, user, checkout } = await requireCheckout(ctx, params.sessionId, request);
  const form = await readForm(request);
  const card = { cardNumber: form.cardNumber, expiry: form.expiry, cvc: form.cvc };
  // Typed values come back into the form; the CVC never does.
  const values = { cardNumber: (card.cardNumber ?? "").slice(0, 30), expiry: (card.expiry ?? "").slice(0, 30) };
  // Back to the tab this swap is on: the proposer's are under Sent.
  const back = checkout.back;
  return runAction(
    () =>
      submitLocalCheckout(
        { db: ctx.db, provider },
        { sessionId: params.sessionId, userId: user.id, now: ctx.clock.now(), card },
      ),
    async (result) => {
      if (result.outcome === "invalid") return data<ActionData>({ errors: result.errors, values }, { status: 400 });
      if (result.outcome === "declined") return data<ActionData>({ declined: result.message, values }, { status: 402 });
      return redirectWithFlash(ctx, back, { type: "success", message: "Payment received. Thank you!" });
    },
    // The checkout closed meanwhile (paid in another tab, the swap lapsed): My Swaps says why.
    { onRefusal: ({ message }) => redirectWithFlash(ctx, back, { type: "error", message }) },
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <PageNotFound />;
  return (
    <ErrorScreen
      title="Something went wrong"
      message="An unexpected error occurred. Don't worry, your data is safe."
      requestId={requestIdOf(error)}
    />
  );
}

const formatAud = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = actionData?.errors ?? {};
  const declined = actionData?.declined;
  const amount = formatAud(checkout.amountCents);
  const form = useRef<HTMLFormElement>(null);
  const back = checkout.back;

  // With JavaScript, the answer moves focus to what needs fixing: the first field with a message, or the card
  // number after a decline (the reason above it is announced as an alert).
  useEffect(() => {
    if (!actionData) return;
    const target = form.current?.querySelector<HTMLInputElement>(declined ? "#card-number" : "[aria-invalid=true]");
    target?.focus();
    if (declined) target?.select();
  }, [actionData, declined]);

  return (
    <main id="main" className="bg-surface py-12 sm:py-20">
      <Container className="max-w-md">
        <div className="rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">SwapShed test checkout</h1>
          <p className="mt-1 text-sm text-muted">Handshake fee for your swap</p>

          <dl className="mt-6 space-y-2 rounded-lg border border-line bg-surface px-4 py-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="shrink-0 text-muted">You give</dt>
              <dd className="min-w-0 text-right font-medium break-words text-ink">{checkout.yourListing}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="shrink-0 text-muted">You receive</dt>
              <dd className="min-w-0 text-right font-medium break-words text-ink">{checkout.theirListing}</dd>
            </div>
            {checkout.creditCents > 0 && (
              <div className="flex justify-between gap-4">
                <dt className="text-muted">Paid from your account credit</dt>
                <dd className="text-right text-ink">{formatAud(checkout.creditCents)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 border-t border-line pt-2">
              <dt className="font-semibold text-ink">Amount due</dt>
              <dd className="text-right text-lg font-bold text-ink">
                {amount} <span className="text-sm font-medium text-muted">AUD</span>
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-muted">{HELD_UNTIL_BOTH_PAY}</p>

          <div className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800">
            <p className="font-semibold">
              Test payments: no real money moves. This is a test checkout and no card is charged.
            </p>
            <ul className="mt-1 list-disc pl-5">
              <li>
                <span className="font-mono">4242 4242 4242 4242</span> pays
              </li>
              <li>
                <span className="font-mono">4000 0000 0000 0002</span> is declined
              </li>
            </ul>
            <p className="mt-1">Any future expiry date and any CVC (3 or 4 digits) will do.</p>
          </div>

          {declined && (
            <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
              <p className="font-semibold">{declined}</p>
              <p className="mt-1">Nothing was charged. Check the card details or use another card, then pay again.</p>
            </div>
          )}

          <Form ref={form} method="post" noValidate className="mt-6 space-y-4">
            <Field id="card-number" label="Card number" error={errors.cardNumber}>
              <div className="relative">
                <input
                  id="card-number"
                  name="cardNumber"
                  type="text"
                  autoComplete="cc-number"
                  inputMode="numeric"
                  placeholder="4242 4242 4242 4242"
                  maxLength={23}
                  required
                  defaultValue={actionData?.values.cardNumber}
                  onChange={(event) => {
                    // Grouped in fours while typing, as the number is printed on the card (N24).
                    const input = event.currentTarget;
                    const next = groupCardNumber(input.value, input.selectionStart ?? input.value.length);
                    if (next.value === input.value) return;
                    input.value = next.value;
                    input.setSelectionRange(next.caret, next.caret);
                  }}
                  {...describedBy("card-number", errors.cardNumber)}
                  className={`${inputClass(errors.cardNumber)} h-11 pr-10`}
                />
                <CreditCard
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted"
                />
              </div>
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field id="card-expiry" label="Expiry date" error={errors.expiry}>
                <input
                  id="card-expiry"
                  name="expiry"
                  type="text"
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  placeholder="MM / YY"
                  maxLength={7}
                  required
                  defaultValue={actionData?.values.expiry}
                  {...describedBy("card-expiry", errors.expiry)}
                  className={`${inputClass(errors.expiry)} h-11`}
                />
              </Field>
              <Field id="card-cvc" label="CVC" error={errors.cvc}>
                <input
                  id="card-cvc"
                  name="cvc"
                  type="text"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  placeholder="123"
                  maxLength={4}
                  required
                  {...describedBy("card-cvc", errors.cvc)}
                  className={`${inputClass(errors.cvc)} h-11`}
                />
              </Field>
            </div>
            <Button type="submit" className="w-full" disabled={busy}>
              <Lock aria-hidden="true" className="size-4" />
              {busy ? "Processing..." : declined ? `Try again: pay ${amount}` : `Pay ${amount}`}
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm text-muted">
            <Link to={back} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Cancel and go back to My Swaps
            </Link>
          </p>
        </div>
      </Container>
    </main>
  );
}
