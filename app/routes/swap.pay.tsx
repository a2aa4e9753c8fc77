import { redirect } from "react-router";
import type { Route } from "./+types/swap.pay";
import { appContext } from "../context";
import { flashHeader } from "../lib/flash.server";
import { requireUser } from "../lib/require-user.server";
import { startHandshakePayment } from "../../core/payments/start-handshake-payment";
import { notifySwapEvent } from "../../core/swaps/notify-swap-event";
import { isAppError } from "../../core/shared/app-error";
import { updateContactDetails } from "../../core/users/update-contact-details";

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
  // The Pay step's optional phone (N17): checked and saved before paying; a bad one stops here, nothing paid.
  const phone = String(form.get("phone") ?? "").trim();
  if (phone) {
    const saved = await updateContactDetails(ctx.db, { userId: user.id, phone, location: "" });
    if (!saved.ok) {
      return redirect(back, { headers: { "Set-Cookie": await flashHeader({ type: "error", message: saved.message }, secure) } });
    }
  }
  try {
    const result = await startHandshakePayment(
      { db: ctx.db, clock: ctx.clock, provider: ctx.paymentProvider, appUrl: ctx.env.APP_URL },
      { swapId: params.id, userId: user.id },
    );
    if (result.kind === "paid") {
      await notifySwapEvent(ctx, { swapId: params.id, event: "payment" });
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
