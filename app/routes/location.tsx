import { redirect } from "react-router";
import type { Route } from "./+types/location";
import { appContext } from "../context";
import { readForm } from "../lib/read-form.server";
import { flashHeaders, redirectWithFlash } from "../lib/redirect-with-flash.server";
import { safeRedirect } from "../lib/safe-redirect";
import { serializeViewerLocation } from "../lib/viewer.server";
import { resolveLocationField } from "#core/locations/localities.ts";
import { setMemberLocation } from "#core/accounts/set-member-location.ts";

export function loader() {
  return redirect("/");
}

/** Sets where distances are measured from: the member's profile suburb, or a visitor's cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await readForm(request);
  const back = safeRedirect(form.redirectTo);
  const locality = resolveLocationField(form.location ?? "", {
    suburb: form.locationSuburb,
    state: form.locationState,
    postcode: form.locationPostcode,
  });
  if (!locality)
    return redirectWithFlash(ctx, back, { type: "error", message: "Please choose a suburb from the list" });
  // A member's place is saved with their account; a visitor's goes in a cookie of its own.
  const viewerCookie = new Headers();
  const user = await ctx.getUser();
  if (user) await setMemberLocation(ctx.db, { userId: user.id, locality });
  else viewerCookie.append("Set-Cookie", await serializeViewerLocation(locality, ctx.env.NODE_ENV === "production"));
  const shown = { type: "success", message: `Showing distances from ${locality.label}` } as const;
  return redirect(back, { headers: await flashHeaders(ctx, shown, viewerCookie) });
}
