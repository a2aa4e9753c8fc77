import type { StaffAction } from "#core/staff/permissions.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/sidebar";
import { appContext } from "#app/context.ts";
import { sidebarCookie } from "#app/components/admin/sidebar-state.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_dashboard";

/** The sidebar toggle without JavaScript: the server writes the 7-day cookie and sends the page back. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const form = await request.formData();
  const state = form.get("state") === "collapsed" ? "collapsed" : "expanded";
  const back = safeRedirect(form.get("redirectTo"), "/admin");
  return redirect(back.startsWith("/admin") ? back : "/admin", {
    headers: { "Set-Cookie": sidebarCookie(state, ctx.env.NODE_ENV === "production") },
  });
}

export function loader() {
  return redirect("/admin");
}
