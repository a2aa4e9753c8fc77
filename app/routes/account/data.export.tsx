import { redirect } from "react-router";
import type { Route } from "./+types/data.export";
import { appContext } from "#app/context.ts";
import { redirectWithFlash } from "#app/lib/redirect-with-flash.server.ts";
import { runAction } from "#app/lib/run-action.server.ts";
import { requireUser } from "#app/lib/require-user.server.ts";
import { exportOwnData } from "#core/accounts/export-own-data.ts";

/** POST: the member's own data as a JSON download, the same document an admin's export gives. No page. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  return runAction(
    () => exportOwnData(ctx, { userId: user.id }, ctx.meta),
    (document) => {
      const stamp = document.exportedAt.slice(0, 10);
      return new Response(`${JSON.stringify(document, null, 2)}\n`, {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Disposition": `attachment; filename="swapshed-my-data-${stamp}.json"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
    // A download has no page to show a refusal on: back to Your Data, which says why.
    { onRefusal: ({ message }) => redirectWithFlash(ctx, "/account/data", { type: "error", message }) },
  );
}

export function loader() {
  return redirect("/account/data");
}
