import { redirect } from "react-router";
import type { Route } from "./+types/auth.keep-account";
import { appContext } from "../context";
import { flashHeader } from "../lib/flash.server";
import { safeRedirect } from "../lib/safe-redirect";
import { ACCOUNT_KEPT, keepAccount } from "../../core/accounts/keep-account";

/** POST from the offer at sign-in: cancels the member's own pending deletion and signs them in (decision 068). */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const result = await keepAccount(
    { db: ctx.db, auth: ctx.auth, clock: ctx.clock, appUrl: ctx.env.APP_URL },
    { proof: form.get("proof") },
    ctx.meta,
  );
  const secure = ctx.env.NODE_ENV === "production";
  if (!result.ok) {
    return redirect("/auth", {
      headers: { "Set-Cookie": await flashHeader({ type: "error", message: result.message }, secure) },
    });
  }
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashHeader({ type: "success", message: ACCOUNT_KEPT }, secure));
  return redirect(safeRedirect(form.get("redirectTo")), { headers });
}

export function loader() {
  return redirect("/auth");
}
