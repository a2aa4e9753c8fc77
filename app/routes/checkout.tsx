import { CreditCard, Lock } from "~/components/ui/icons";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import { Field, describedBy, inputClass } from "../components/forms/field";
import { Button } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { appContext, type AppContext } from "../context";
import { flashHeader } from "../lib/flash.server";
import { requireUser } from "../lib/require-user.server";
import { findLocalCheckout } from "../../core/payments/find-local-checkout";
import { completeLocalCheckout, isLocalProvider } from "../../core/payments/local-provider";
import { isAppError } from "../../core/shared/app-error";

export const meta: Route.MetaFunction = () => [
  { title: "Test checkout | SwapShed" },
  { name: "robots", content: "noindex, nofollow" },
];

const ENTER_CARD = "Enter a card number";

/** The payer's open checkout, or a 404 for everyone else (and whenever payments go through Stripe). */
async function requireCheckout(ctx: AppContext, sessionId: string, request: Request) {
  const provider = ctx.paymentProvider;
  if (!isLocalProvider(provider)) throw data("Not found", { status: 404 });
  const user = await requireUser(ctx, request);
  const checkout = await findLocalCheckout(ctx.db, { sessionId, userId: user.id });
  if (!checkout) throw data("Checkout not found", { status: 404 });
  return { provider, user, checkout };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { checkout } = await requireCheckout(context.get(appContext), params.sessionId, request);
  return { checkout };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const { provider, user, checkout } = await requireCheckout(ctx, params.sessionId, request);
  const cardNumber = String((await request.formData()).get("cardNumber") ?? "");
  // A blank or garbled entry is a typo to fix here, not a declined payment.
  if (!/^[\d\s-]{12,23}$/.test(cardNumber.trim())) {
    return data({ error: ENTER_CARD }, { status: 400 });
  }
  let flash: { type: "success" | "error"; message: string };
  try {
    const result = await completeLocalCheckout(
      { db: ctx.db, provider },
      { sessionId: params.sessionId, cardNumber, now: ctx.clock.now(), userId: user.id },
    );
    flash =
      result.outcome === "paid"
        ? { type: "success", message: "Payment received. Thank you!" }
        : { type: "error", message: result.message };
  } catch (error) {
    if (!isAppError(error)) throw error;
    flash = { type: "error", message: error.message };
  }
  // Back to the tab this swap is on: the proposer's are under Sent.
  return redirect(checkout.payerIsProposer ? "/my-swaps?tab=sent" : "/my-swaps", {
    headers: { "Set-Cookie": await flashHeader(flash, ctx.env.NODE_ENV === "production") },
  });
}

const formatAud = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { checkout } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const cardError = actionData?.error;
  const amount = formatAud(checkout.amountCents);

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

          <div className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800">
            <p className="font-semibold">Test payments: no real money moves. This is a test checkout and no card is charged.</p>
            <ul className="mt-1 list-disc pl-5">
              <li>
                <span className="font-mono">4242 4242 4242 4242</span> pays
              </li>
              <li>
                <span className="font-mono">4000 0000 0000 0002</span> is declined
              </li>
            </ul>
            <p className="mt-1">Any future expiry date and any CVC will do.</p>
          </div>

          {cardError && (
            <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
              {cardError}
            </p>
          )}

          <Form method="post" className="mt-6 space-y-4">
            <Field id="card-number" label="Card number" error={cardError}>
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
                  {...describedBy("card-number", cardError)}
                  className={`${inputClass(cardError)} h-11 pr-10`}
                />
                <CreditCard
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-muted"
                />
              </div>
            </Field>
            <div className="grid grid-cols-2 gap-4">
              <Field id="card-expiry" label="Expiry date">
                <input
                  id="card-expiry"
                  name="expiry"
                  type="text"
                  autoComplete="cc-exp"
                  inputMode="numeric"
                  placeholder="MM / YY"
                  maxLength={7}
                  className={`${inputClass()} h-11`}
                />
              </Field>
              <Field id="card-cvc" label="CVC">
                <input
                  id="card-cvc"
                  name="cvc"
                  type="text"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  placeholder="123"
                  maxLength={4}
                  className={`${inputClass()} h-11`}
                />
              </Field>
            </div>
            <Button type="submit" className="w-full" disabled={busy}>
              <Lock aria-hidden="true" className="size-4" />
              {busy ? "Processing..." : `Pay ${amount}`}
            </Button>
          </Form>
          <p className="mt-6 text-center text-sm text-muted">
            <Link to="/my-swaps" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Cancel and go back to My Swaps
            </Link>
          </p>
        </div>
      </Container>
    </main>
  );
}
