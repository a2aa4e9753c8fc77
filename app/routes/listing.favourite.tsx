import { data, redirect } from "react-router";
import type { Route } from "./+types/listing.favourite";
import { appContext } from "../context";
import { safeRedirect } from "../lib/safe-redirect";
import { setFavourite } from "../../core/listings/toggle-favourite";
import { isAppError } from "../../core/shared/app-error";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/listings/${encodeURIComponent(params.id)}`);
}

/** Save or un-save a listing. Visitors are asked to sign in first. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const user = await ctx.getUser();
  if (!user)
    return redirect(
      `/auth?reason=favourite&redirectTo=${encodeURIComponent(safeRedirect(form.get("redirectTo"), `/listings/${params.id}`))}`,
    );
  try {
    const favourite = await setFavourite(ctx.db, {
      userId: user.id,
      listingId: params.id,
      favourite: form.get("favourite") === "true",
    });
    // A hydrated button stays on the page; a plain form post goes back to where it came from.
    if (form.get("via") === "fetcher") return { favourite };
    return redirect(safeRedirect(form.get("redirectTo")));
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}
