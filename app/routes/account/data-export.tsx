import { redirect } from "react-router";
import type { Route } from "./+types/data-export";
import { appContext } from "../../context";
import { flashHeader } from "../../lib/flash.server";
import { requireUser } from "../../lib/require-user.server";
import { exportOwnData } from "../../../core/accounts/export-own-data";

/** POST: the member's own data as a JSON download, the same document an admin's export gives. No page. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const result = await exportOwnData(ctx, { userId: user.id }, ctx.meta);
  if (!result.ok) {
    const flash = await flashHeader({ type: "error", message: result.message }, ctx.env.NODE_ENV === "production");
    return redirect("/account/data", { headers: { "Set-Cookie": flash } });
  }
  const stamp = result.document.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(result.document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="swapshed-my-data-${stamp}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export function loader() {
  return redirect("/account/data");
}
