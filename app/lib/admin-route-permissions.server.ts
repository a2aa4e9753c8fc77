import { isStaffAction } from "#core/staff/permissions.ts";

type AdminRouteModule = { permission?: string; actionPermissions?: Record<string, string> };

// Every back-office route module, as built into this server (the same files the permission test walks).
const MODULES = import.meta.glob<AdminRouteModule>(["../routes/admin/*.tsx", "../routes/admin.*.tsx"]);

/**
 * Each back-office route and each of its actions with the permission it names, read from the running build's
 * modules: the security checklist's "role-based access" item is checked against the code that serves requests.
 */
export async function readAdminRoutePermissions() {
  const entries = await Promise.all(
    Object.entries(MODULES).map(async ([file, load]) => ({
      file: file.replace(/^\.\.\/routes\//, ""),
      module: await load(),
    })),
  );
  return entries.flatMap(({ file, module }) => [
    {
      route: file,
      permission: module.permission ?? null,
      known: !!module.permission && isStaffAction(module.permission),
    },
    ...Object.entries(module.actionPermissions ?? {}).map(([intent, action]) => ({
      route: `${file} (${intent})`,
      permission: action,
      known: isStaffAction(action),
    })),
  ]);
}
