import type { ReactNode } from "react";
import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/tools";
import { appContext } from "../../context";
import { ActionDialog, DialogButtons } from "../../components/admin/action-dialog";
import { ActionLink } from "../../components/admin/detail-parts";
import { ExportButton, type ExportTexts } from "../../components/admin/export-button";
import { adminErrorBoundary } from "../../components/admin/load-error";
import { PageHeader } from "../../components/admin/page-header";
import { useFailureToast } from "../../components/admin/use-failure-toast";
import { Database, Download, RefreshCw, Sparkles } from "../../components/ui/icons";
import { requireStaff } from "../../lib/require-staff.server";
import { runStaffAction } from "../../lib/staff-action.server";
import { sydneyDateTime } from "../../lib/sydney-format";
import { isDemoMode } from "../../../core/seed/demo-mode";
import { seedDemoData } from "../../../core/seed/seed-demo-data";
import { AppError } from "../../../core/shared/app-error";
import { createSnapshot } from "../../../core/snapshots/create-snapshot";
import { findSnapshots } from "../../../core/snapshots/find-snapshots";
import type { StaffAction } from "../../../core/staff/permissions";
import { LOGS_BUNDLE_DAYS } from "../../../core/tools/export-logs-bundle";
import { mayResetBaseline, resetStagingBaseline } from "../../../core/tools/reset-staging-baseline";
import { seedDemoAsStaff } from "../../../core/tools/seed-demo-as-staff";

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

const LOGS_BUNDLE_TEXTS: ExportTexts = {
  label: "Export Logs Bundle",
  busy: "Exporting...",
  success: (response) => `Logs exported: ${response.headers.get("x-total-entries") ?? "0"} total entries`,
  failure: "Failed to export logs",
  fallbackName: "logs-bundle.json",
};

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
          const { deleted, pictures } = await resetStagingBaseline(ctx.db, { actor, env: ctx.env, now });
          // After the commit: the pictures of the listings that went, then the demo data again.
          await ctx.storage.delete(pictures);
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
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const open = new URLSearchParams(location.search).get("do");
  const here = location.pathname;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  useFailureToast(actionData);

  return (
    <div>
      <PageHeader
        title="Admin Tools"
        description="Operations on the whole marketplace. Each asks first and is written to the audit log."
      />
      {error && !open && (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
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

      {open === "seed" && seedAllowed && (
        <ActionDialog
          title="Seed Demo Data"
          closeTo={here}
          description="Adds the demo members (sharing one published password) and their listings to this marketplace. Seeding is hard to undo: the demo accounts and listings stay until they are removed one by one, or by a staging reset."
        >
          <Form method="post" replace>
            <input type="hidden" name="intent" value="seed" />
            <DialogButtons confirm="Seed Demo Data" closeTo={here} busy={busy} />
          </Form>
        </ActionDialog>
      )}
      {open === "reset" && resetAllowed && (
        <ActionDialog
          title="Reset Staging Baseline"
          closeTo={here}
          description="Every member account without a staff role, every listing and its pictures, every swap, payment, review, report, favourite and credit entry is deleted, then the demo data is seeded again. This cannot be undone: take a snapshot first if you may want any of it back."
        >
          <Form method="post" replace>
            <input type="hidden" name="intent" value="reset" />
            <label htmlFor="reset-confirm" className="block text-sm font-medium">
              Type {RESET_WORD} to confirm
            </label>
            <input
              id="reset-confirm"
              name="confirm"
              autoComplete="off"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "reset-error" : undefined}
              className="mt-1 block h-10 w-full rounded-md border border-line bg-white px-3 font-mono text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
            />
            {error && (
              <p id="reset-error" role="alert" className="mt-1 text-sm text-danger">
                {error}
              </p>
            )}
            <DialogButtons confirm="Reset Staging Baseline" closeTo={here} danger busy={busy} />
          </Form>
        </ActionDialog>
      )}
      {open === "export" && (
        <ActionDialog
          title="Export Logs Bundle"
          closeTo={here}
          description={`Downloads the audit trail, payment logs and security events of the last ${bundleDays} days as one JSON file. It holds members' addresses and account ids: keep it where staff data belongs, and delete it when done.`}
        >
          {/* Cancel beside the download, as in every other dialog (Escape and a click outside close it too). */}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link
              to={here}
              replace
              preventScrollReset
              className="inline-flex h-10 items-center justify-center rounded-md border border-line px-4 text-sm font-medium hover:bg-surface"
            >
              Cancel
            </Link>
            <ExportButton action="/admin/tools/logs-bundle" texts={LOGS_BUNDLE_TEXTS} closeTo={here} />
          </div>
        </ActionDialog>
      )}
      {open === "snapshot" && (
        <ActionDialog
          title="Snapshot Before Deploy"
          closeTo={here}
          description={`Copies the whole ${database} database to a file on this server and lists it below. It can take a while on a large database; the site keeps running meanwhile.`}
        >
          <Form method="post" replace>
            <input type="hidden" name="intent" value="snapshot" />
            <DialogButtons confirm="Create snapshot" closeTo={here} busy={busy} />
          </Form>
        </ActionDialog>
      )}
    </div>
  );
}

function ToolCard({
  icon,
  title,
  explain,
  note = null,
  children,
}: {
  icon: ReactNode;
  title: string;
  explain: string;
  note?: string | null;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4">
      <div className="flex items-start gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-md bg-brand-50 text-brand-800"
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="min-w-0">
          <h2 className="font-semibold">{title}</h2>
          <p className="mt-0.5 text-sm text-muted">{explain}</p>
        </div>
      </div>
      {note && <p className="rounded-md bg-surface px-3 py-2 text-sm">{note}</p>}
      <div className="mt-auto flex flex-wrap gap-2">{children}</div>
    </section>
  );
}

function formatBytes(bytes: number | null) {
  if (bytes == null) return "—";
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Failed to fetch tools" });
