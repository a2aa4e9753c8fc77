import { data } from "react-router";
import type { Route } from "./+types/tools";
import { appContext } from "#app/context.ts";
import { ActionLink, PageAlert } from "#app/components/admin/detail-parts.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { ExportLogsDialog } from "#app/components/admin/tools/export-dialog.tsx";
import { ResetBaselineDialog } from "#app/components/admin/tools/reset-dialog.tsx";
import { SeedDemoDialog } from "#app/components/admin/tools/seed-dialog.tsx";
import { SnapshotDialog } from "#app/components/admin/tools/snapshot-dialog.tsx";
import { ToolCard } from "#app/components/admin/tools/tool-card.tsx";
import { usePageDialog } from "#app/components/admin/use-page-dialog.ts";
import { Database, Download, RefreshCw, Sparkles } from "#app/components/ui/icons.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { runStaffAction } from "#app/lib/staff-action.server.ts";
import { sydneyDateTime } from "#app/lib/sydney-format.ts";
import { isDemoMode } from "#core/shared/demo-mode.ts";
import { seedDemoData } from "#core/seed/seed-demo-data.ts";
import { AppError } from "#core/shared/app-error.ts";
import { createSnapshot } from "#core/snapshots/create-snapshot.ts";
import { findSnapshots } from "#core/snapshots/find-snapshots.ts";
import type { StaffAction } from "#core/staff/permissions.ts";
import { LOGS_BUNDLE_DAYS } from "#core/tools/export-logs-bundle.ts";
import { mayResetBaseline, resetStagingBaseline } from "#core/tools/reset-staging-baseline.ts";
import { seedDemoAsStaff } from "#core/tools/seed-demo-as-staff.ts";

/** What it takes to open this page: the permission table's entry (admins: "run tools"). */
export const permission: StaffAction = "view_tools";

/** Each form intent of this page and the permission its action checks (the permission test walks these). */
export const actionPermissions = {
  seed: "seed_demo_data",
  reset: "reset_staging_baseline",
  snapshot: "create_snapshot",
} as const satisfies Record<string, StaffAction>;

export const handle = { breadcrumb: "Tools" };
export const meta: Route.MetaFunction = () => [{ title: "Tools | SwapShed back office" }];

/** Typed into the reset dialog: a staging reset cannot be undone, so a click alone does not do it. */
const RESET_WORD = "RESET";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const snapshots = await findSnapshots(ctx.db);
  return {
    seedAllowed: isDemoMode(ctx.env),
    resetAllowed: mayResetBaseline(ctx.env),
    database: ctx.env.DATABASE_URL?.startsWith("postgres") ? ("PostgreSQL" as const) : ("embedded" as const),
    bundleDays: LOGS_BUNDLE_DAYS,
    snapshots: snapshots.map((s) => ({
      id: s.id,
      createdAt: sydneyDateTime(s.createdAt),
      size: formatBytes(s.sizeBytes),
      takenBy: s.takenBy ?? "—",
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const intent = form.get("intent");
  const backTo = "/admin/tools";
  const now = ctx.clock.now();
  switch (intent) {
    case "seed":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.seed,
        {
          success: (r: { createdUsers: number; createdListings: number }) =>
            `Demo data seeded: ${r.createdUsers} profiles, ${r.createdListings} listings`,
          failure: "Failed to seed demo data",
          backTo,
        },
        (actor) => seedDemoAsStaff({ ...ctx, env: ctx.env }, { actor, now }),
      );
    case "reset":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.reset,
        { success: "Staging baseline reset successfully", failure: "Failed to reset staging baseline", backTo },
        async (actor) => {
          if (String(form.get("confirm") ?? "").trim() !== RESET_WORD)
            throw new AppError("VALIDATION", `Type ${RESET_WORD} to confirm`);
          const { deleted } = await resetStagingBaseline(ctx, { actor, env: ctx.env, now });
          // After the commit, the demo data again.
          await seedDemoData(ctx);
          return deleted;
        },
      );
    case "snapshot":
      return runStaffAction(
        ctx,
        request,
        actionPermissions.snapshot,
        { success: (s: { id: string }) => `Snapshot created: ${s.id}`, failure: "Failed to create snapshot", backTo },
        (actor) =>
          createSnapshot(ctx.db, {
            actor,
            kind: ctx.env.DATABASE_URL?.startsWith("postgres") ? "postgres" : "pglite",
            dataDir: ctx.env.DATA_DIR,
            databaseUrl: ctx.env.DATABASE_URL,
            now,
          }),
      );
    default:
      return data({ ok: false as const, error: "Unknown action" }, { status: 400 });
  }
}

export default function ToolsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { seedAllowed, resetAllowed, database, snapshots, bundleDays } = loaderData;
  const { open, error, dialog } = usePageDialog(actionData);

  return (
    <div>
      <PageHeader
        title="Admin Tools"
        description="Operations on the whole marketplace. Each asks first and is written to the audit log."
      />
      {error && !open && <PageAlert>{error}</PageAlert>}
      <div className="grid gap-4 md:grid-cols-2">
        <ToolCard
          icon={<Sparkles className="size-5" />}
          title="Seed Demo Data"
          explain="Adds the demo members and their listings, skipping any that already exist. A demo listing staff deleted stays deleted."
          note={
            seedAllowed ? null : "Seeding is disabled on this deployment (production). Set ALLOW_SEED=true to allow it."
          }
        >
          {seedAllowed && <ActionLink to="?do=seed">Seed Demo Data</ActionLink>}
        </ToolCard>
        <ToolCard
          icon={<RefreshCw className="size-5" />}
          title="Reset Staging Baseline"
          explain="Empties every member, listing, swap, payment and report, then seeds the demo data again. Staff accounts, flags, logs, the audit trail and snapshots stay."
          note={
            resetAllowed
              ? null
              : "Only on a staging deployment (APP_ENV=staging) or the embedded demo: this deployment is neither."
          }
        >
          {resetAllowed && (
            <ActionLink to="?do=reset" danger>
              Reset Staging Baseline
            </ActionLink>
          )}
        </ToolCard>
        <ToolCard
          icon={<Download className="size-5" />}
          title="Export Logs Bundle"
          explain={`The audit trail, payment logs and security events of the last ${bundleDays} days as one JSON file.`}
        >
          <ActionLink to="?do=export">Export Logs Bundle</ActionLink>
        </ToolCard>
        <ToolCard
          icon={<Database className="size-5" />}
          title="Snapshot Before Deploy"
          explain={`A full copy of the ${database} database, kept on this server. Restore one with 'npm run snapshot:restore -- ID' while the app is stopped.`}
        >
          <ActionLink to="?do=snapshot">Snapshot Before Deploy</ActionLink>
        </ToolCard>
      </div>

      <section aria-labelledby="snapshots" className="mt-6 rounded-lg border border-line bg-white">
        <h2 id="snapshots" className="border-b border-line px-4 py-3 text-sm font-semibold">
          Snapshots
        </h2>
        {snapshots.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted">No snapshots yet</p>
        ) : (
          // No scroll box: under 640px each snapshot is a card (stacked-table), so nothing needs sideways
          // scrolling and no region has to be reachable by keyboard to be read.
          <div>
            <table className="stacked-table w-full text-left text-sm">
              <thead className="bg-surface text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">
                    ID
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    Taken
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Size
                  </th>
                  <th scope="col" className="px-4 py-2 font-medium">
                    By
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {snapshots.map((s) => (
                  <tr key={s.id}>
                    <td className="break-all px-4 py-2 font-mono text-xs">{s.id}</td>
                    <td data-label="Taken" className="whitespace-nowrap px-4 py-2">
                      {s.createdAt}
                    </td>
                    <td data-label="Size" className="whitespace-nowrap px-4 py-2 tabular-nums sm:text-right">
                      {s.size}
                    </td>
                    <td data-label="By" className="px-4 py-2">
                      {s.takenBy}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {open === "seed" && seedAllowed && <SeedDemoDialog {...dialog} />}
      {open === "reset" && resetAllowed && <ResetBaselineDialog word={RESET_WORD} {...dialog} />}
      {open === "export" && <ExportLogsDialog days={bundleDays} closeTo={dialog.closeTo} />}
      {open === "snapshot" && <SnapshotDialog database={database} {...dialog} />}
    </div>
  );
}

function formatBytes(bytes: number | null) {
  if (bytes == null) return "—";
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch tools" });
