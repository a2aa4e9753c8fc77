import { redirect } from "react-router";
import type { Route } from "./+types/auth.keep-account";
import { appContext } from "../context";
import { flashHeader } from "../lib/flash.server";
import { ACCOUNT_KEPT, keepAccount } from "../../core/users/keep-account";

/** POST from the offer at sign-in: cancels the member's own pending deletion, then they sign in as usual. */
export async function action({ context, request }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const result = await keepAccount({ db: ctx.db, auth: ctx.auth, clock: ctx.clock, appUrl: ctx.env.APP_URL }, { proof: form.get("proof") }, ctx.meta);
  const flash = result.ok ? { type: "success" as const, message: ACCOUNT_KEPT } : { type: "error" as const, message: result.message };
  return redirect("/auth", { headers: { "Set-Cookie": await flashHeader(flash, ctx.env.NODE_ENV === "production") } });
}

export function loader() {
  return redirect("/auth");
}
