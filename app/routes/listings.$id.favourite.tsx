import { redirect } from "react-router";
import type { Route } from "./+types/listings.$id.favourite";
import { appContext } from "../context";
import { readForm } from "../lib/read-form.server";
import { runAction } from "../lib/run-action.server";
import { safeRedirect } from "../lib/safe-redirect";
import { setFavourite } from "#core/listings/toggle-favourite.ts";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/listings/${encodeURIComponent(params.id)}`);
}

/** Save or un-save a listing. Visitors are asked to sign in first. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  const user = await ctx.getUser();
  if (!user)
    return redirect(
      `/auth?reason=favourite&redirectTo=${encodeURIComponent(safeRedirect(form.redirectTo, `/listings/${params.id}`))}`,
    );
  return runAction(
    () => setFavourite(ctx.db, { userId: user.id, listingId: params.id, favourite: form.favourite === "true" }),
    // A hydrated button stays on the page; a plain form post goes back to where it came from.
    (favourite) => (form.via === "fetcher" ? { favourite } : redirect(safeRedirect(form.redirectTo))),
  );
}
