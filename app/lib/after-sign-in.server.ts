import { data, redirect } from "react-router";
import type { SignInOutcome } from "#core/auth/auth-attempt.ts";
import type { AppContext } from "../context";
import { cookiesOf, redirectWithFlash } from "./redirect-with-flash.server";

/** The offer to keep an account whose deletion is pending, as KeepAccountOffer shows it. */
export type KeepOffer = { proof: string; deletesOn: string };

/**
 * Where a sign-in that was not refused goes next, the same from every way in. Signed in: to where the member was
 * going (`redirectTo`, already made safe; home without one), welcomed back. Two-factor on: to the code from the
 * app, with the cookie that carries the first step. The member's own deletion pending: no session, the page's
 * offer to keep the account (`keepOffer` gives the page's answer for it, sent with a 403).
 */
export function afterSignIn<K>(
  ctx: Pick<AppContext, "env">,
  outcome: SignInOutcome,
  { redirectTo, keepOffer }: { redirectTo: string; keepOffer: (offer: KeepOffer) => K },
) {
  switch (outcome.kind) {
    case "signed-in":
      return redirectWithFlash(ctx, redirectTo || "/", { type: "success", message: "Welcome back!" }, outcome.headers);
    case "second-step":
      return redirect(`/auth/two-factor${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`, {
        headers: cookiesOf(outcome.headers),
      });
    case "pending-deletion":
      return data(keepOffer({ proof: outcome.proof, deletesOn: outcome.deletesOn }), { status: 403 });
  }
}
