import { redirect } from "react-router";
import type { AppContext } from "../context";

/** Member-only pages send visitors to /auth. */
export async function requireUser(ctx: AppContext) {
  const user = await ctx.getUser();
  if (!user) throw redirect("/auth");
  return user;
}
