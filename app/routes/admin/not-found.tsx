import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";
import { appContext } from "#app/context.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { logger } from "#core/shared/logger.ts";
import type { StaffAction } from "#core/staff/permissions.ts";

/**
 * An /admin/... address that is no page: staff get the 404 inside the back office's frame, with the way back to
 * it. The gate runs first, as on every back-office page, so anyone who is not staff gets the gate's answer
 * (sign in, or sent home), never a hint of which back-office addresses exist.
 */
export const permission: StaffAction = "view_dashboard";

export const handle = { breadcrumb: "Page not found" };
export const meta: Route.MetaFunction = () => [{ title: "Page not found | SwapShed back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  logger.warn("404 page not found", { path: new URL(request.url).pathname });
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return (
    <div className="rounded-lg border border-line bg-white px-4 py-16 text-center">
      <p className="text-6xl font-extrabold tracking-tight text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold">Oops! Page not found</h1>
      <p className="mt-2 text-sm text-muted">
        There is no back-office page at this address. The menu has every page you may open.
      </p>
      <Link
        to="/admin"
        className="mt-6 inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Back to the dashboard
      </Link>
    </div>
  );
}
