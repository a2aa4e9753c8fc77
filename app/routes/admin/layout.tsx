import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "#app/context.ts";
import { ADMIN_NAV } from "#app/components/admin/admin-nav.ts";
import { AdminShell, type AdminHandle } from "#app/components/admin/admin-shell.tsx";
import { readSidebarState } from "#app/components/admin/sidebar-state.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { accessLevel, can, type StaffAction } from "#core/staff/permissions.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_dashboard";

export const handle: AdminHandle = { breadcrumb: "Back office" };

export const meta: Route.MetaFunction = () => [{ title: "Back office | SwapShed" }];

/**
 * The frame's data: who is here and which pages they may open. This check is for the frame only; every page
 * and action below checks its own permission again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const staff = await requireStaff(ctx, request, permission);
  const nav = ADMIN_NAV.map((group) => ({
    ...group,
    items: group.items.filter((item) => can(staff.roles, item.permission)),
  })).filter((group) => group.items.length > 0);
  return {
    staff: { name: staff.name, email: staff.email, accessLevel: accessLevel(staff.roles) },
    nav,
    sidebar: readSidebarState(request.headers.get("cookie")),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell staff={loaderData.staff} nav={loaderData.nav} sidebar={loaderData.sidebar}>
      {/* Once for every page in the frame, whatever it draws (its view, a refusal, a 404): React puts it in <head>
          (decision 074). A page's own `meta` export gives its title only. */}
      <meta name="robots" content="noindex, nofollow" />
      <Outlet />
    </AdminShell>
  );
}
