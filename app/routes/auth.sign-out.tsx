import { redirect } from "react-router";
import type { Route } from "./+types/auth.sign-out";
import { appContext } from "../context";
import { signOut } from "../../core/users/sign-out";

// Sign-out changes state, so it is a POST only; a GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const cleared = await signOut(ctx, ctx.meta);
  const headers = new Headers();
  for (const cookie of cleared.getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect("/auth", { headers });
}
