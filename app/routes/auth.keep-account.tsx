import { redirect } from "react-router";
import type { Route } from "./+types/auth.keep-account";
import { appContext } from "../context";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { runAction } from "../lib/run-action.server";
import { safeRedirect } from "../lib/safe-redirect";
import { ACCOUNT_KEPT, keepAccount } from "#core/accounts/keep-account.ts";

/** POST from the offer at sign-in: cancels the member's own pending deletion and signs them in (decision 068). */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  return runAction(
    () =>
      keepAccount(
        { db: ctx.db, auth: ctx.auth, clock: ctx.clock, appUrl: ctx.env.APP_URL },
        { proof: form.proof },
        ctx.meta,
      ),
    // Signed in again (the use case's session cookie), where the member was going.
    (result) =>
      redirectWithFlash(ctx, safeRedirect(form.redirectTo), { type: "success", message: ACCOUNT_KEPT }, result.headers),
    { onRefusal: ({ message }) => redirectWithFlash(ctx, "/auth", { type: "error", message }) },
  );
}

export function loader() {
  return redirect("/auth");
}
