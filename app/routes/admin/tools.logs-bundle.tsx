import { redirect } from "react-router";
import type { Route } from "./+types/tools.logs-bundle";
import { appContext } from "#app/context.ts";
import { authorizeDownload } from "#app/lib/staff-action.server.ts";
import type { StaffAction } from "#core/staff/permissions.ts";
import { exportLogsBundle } from "#core/tools/export-logs-bundle.ts";

/** This route has no page: its one action needs the export permission (the permission test walks these). */
export const permission: StaffAction = "export_logs_bundle";
export const actionPermissions = { export: permission } as const satisfies Record<string, StaffAction>;

/** POST: `logs-bundle-{timestamp}.json`, streamed (audited, rate limited, admins only). */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const guarded = await authorizeDownload(ctx, request, actionPermissions.export, "Failed to export logs");
  if ("refused" in guarded) return guarded.refused;
  const { actor, headers: warning } = guarded;
  const now = ctx.clock.now();
  const { entries, stream } = await exportLogsBundle(ctx.db, { actor, now });
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return new Response(stream, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="logs-bundle-${stamp}.json"`,
      "X-Total-Entries": String(entries),
      "Cache-Control": "no-store",
      ...warning,
    },
  });
}

export async function loader() {
  return redirect("/admin/tools");
}
