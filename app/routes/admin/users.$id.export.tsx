import type { StaffAction } from "#core/staff/permissions.ts";
import { redirect } from "react-router";
import type { Route } from "./+types/users.$id.export";
import { appContext } from "#app/context.ts";
import { authorizeDownload } from "#app/lib/staff-action.server.ts";
import { exportMemberDataAsStaff } from "#core/accounts/export-member-data.ts";
import { isAppError } from "#core/shared/app-error.ts";

/** This route has no page: its one action needs the export permission (the permission test walks these). */
export const permission: StaffAction = "export_user_data";
export const actionPermissions = { export: permission } as const satisfies Record<string, StaffAction>;

/** POST: the member's data as a JSON download (audited, rate limited, admins only). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const guarded = await authorizeDownload(ctx, request, actionPermissions.export);
  if ("refused" in guarded) return guarded.refused;
  const { actor, headers: warning } = guarded;
  const now = ctx.clock.now();
  try {
    const document = await exportMemberDataAsStaff(ctx.db, { actor, userId: params.id, now });
    const stamp = now.toISOString().replace(/[:.]/g, "-");
    return new Response(`${JSON.stringify(document, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="user-${params.id}-${stamp}.json"`,
        "Cache-Control": "no-store",
        ...warning,
      },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return Response.json({ error: `Failed to export user data: ${error.message}` }, { status: error.status });
  }
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/users/${encodeURIComponent(params.id)}`);
}
