import type { StaffAction } from "../../../core/staff/permissions";
import { redirect } from "react-router";
import type { Route } from "./+types/user-export";
import { appContext } from "../../context";
import { authorizeStaffAction } from "../../lib/staff-action.server";
import { exportMemberDataAsStaff } from "../../../core/members/export-member-data";
import { isAppError } from "../../../core/shared/app-error";

/** This route has no page: its one action needs the export permission (the permission test walks these). */
export const permission: StaffAction = "export_user_data";
export const actionPermissions = { export: permission } as const satisfies Record<string, StaffAction>;

/** POST: the member's data as a JSON download (audited, rate limited, admins only). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  let actor: Awaited<ReturnType<typeof authorizeStaffAction>>["actor"];
  try {
    ({ actor } = await authorizeStaffAction(ctx, request, actionPermissions.export));
  } catch (refusal) {
    if (refusal instanceof Response) throw refusal;
    const { data: body, init } = refusal as { data: { error: string }; init?: { status?: number } };
    return Response.json(body, { status: init?.status ?? 429, headers: { "Cache-Control": "no-store" } });
  }
  const now = ctx.clock.now();
  try {
    const document = await exportMemberDataAsStaff(ctx.db, { actor, userId: params.id, now });
    const stamp = now.toISOString().replace(/[:.]/g, "-");
    return new Response(`${JSON.stringify(document, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="user-${params.id}-${stamp}.json"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return Response.json({ error: `Failed to export user data: ${error.message}` }, { status: error.status });
  }
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/users/${params.id}`);
}
