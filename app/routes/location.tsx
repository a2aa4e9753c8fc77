import { redirect } from "react-router";
import type { Route } from "./+types/location";
import { appContext } from "../context";
import { flashHeader } from "../lib/flash.server";
import { safeRedirect } from "../lib/safe-redirect";
import { serializeViewerLocation } from "../lib/viewer.server";
import { resolveLocationField } from "../../core/locations/localities";
import { setMemberLocation } from "../../core/accounts/set-member-location";

export function loader() {
  return redirect("/");
}

/** Sets where distances are measured from: the member's profile suburb, or a visitor's cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const back = safeRedirect(form.get("redirectTo"));
  const locality = resolveLocationField(String(form.get("location") ?? ""), {
    suburb: form.get("locationSuburb"),
    state: form.get("locationState"),
    postcode: form.get("locationPostcode"),
  });
  const secure = ctx.env.NODE_ENV === "production";
  if (!locality) {
    return redirect(back, {
      headers: {
        "Set-Cookie": await flashHeader({ type: "error", message: "Please choose a suburb from the list" }, secure),
      },
    });
  }
  const headers = new Headers();
  const user = await ctx.getUser();
  if (user) await setMemberLocation(ctx.db, { userId: user.id, locality });
  else headers.append("Set-Cookie", await serializeViewerLocation(locality, secure));
  headers.append(
    "Set-Cookie",
    await flashHeader({ type: "success", message: `Showing distances from ${locality.label}` }, secure),
  );
  return redirect(back, { headers });
}
