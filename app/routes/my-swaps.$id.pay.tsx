import { redirect } from "react-router";
import type { Route } from "./+types/my-swaps.$id.pay";
import { appContext } from "../context";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { startHandshakePayment } from "#core/payments/start-handshake-payment.ts";
import { readContactDetails } from "#core/accounts/update-contact-details.ts";

export function loader() {
  return redirect("/my-swaps");
}

/** Pay my handshake fee for an accepted swap: settled by credit at once, or off to the checkout. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const back = form.tab === "sent" ? "/my-swaps?tab=sent" : "/my-swaps";
  return runAction(
    () => {
      // The Pay step's optional phone (N17): checked first, saved with the payment in its transaction; a bad one
      // stops here, nothing paid and nothing saved.
      const { phone } = readContactDetails({ phone: (form.phone ?? "").trim(), location: "" });
      return startHandshakePayment(
        { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL },
        { swapId: params.id, userId: user.id, phone: phone ?? undefined },
      );
    },
    // Paid at once (nothing to pay), or on to the local checkout page or Stripe's hosted one.
    (result) =>
      result.kind === "paid"
        ? redirectWithFlash(ctx, back, { type: "success", message: "Payment complete" })
        : redirect(result.url),
    { onRefusal: ({ message }) => redirectWithFlash(ctx, back, { type: "error", message }) },
  );
}
