import { redirect } from "react-router";
import type { Route } from "./+types/swap.pay";
import { appContext } from "../context";
import { flashHeader } from "../lib/flash.server";
import { requireUser } from "../lib/require-user.server";
import { startHandshakePayment } from "../../core/payments/start-handshake-payment";
import { isAppError } from "../../core/shared/app-error";
import { readContactDetails } from "../../core/accounts/update-contact-details";

export function loader() {
  return redirect("/my-swaps");
}

/** Pay my handshake fee for an accepted swap: settled by credit at once, or off to the checkout. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const secure = ctx.env.NODE_ENV === "production";
  const form = await request.formData();
  const back = form.get("tab") === "sent" ? "/my-swaps?tab=sent" : "/my-swaps";
  // The Pay step's optional phone (N17): checked here, saved with the payment in its transaction; a bad one stops
  // here, nothing paid and nothing saved.
  const typed = String(form.get("phone") ?? "").trim();
  const contact = readContactDetails({ phone: typed, location: "" });
  if (!contact.ok) {
    return redirect(back, {
      headers: { "Set-Cookie": await flashHeader({ type: "error", message: contact.message }, secure) },
    });
  }
  const phone = contact.set.phone ?? undefined;
  try {
    const result = await startHandshakePayment(
      { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL },
      { swapId: params.id, userId: user.id, phone },
    );
    if (result.kind === "paid") {
      return redirect(back, {
        headers: { "Set-Cookie": await flashHeader({ type: "success", message: "Payment complete" }, secure) },
      });
    }
    // The local checkout page, or Stripe's hosted one.
    return redirect(result.url);
  } catch (error) {
    if (!isAppError(error)) throw error;
    return redirect(back, {
      headers: { "Set-Cookie": await flashHeader({ type: "error", message: error.message }, secure) },
    });
  }
}
