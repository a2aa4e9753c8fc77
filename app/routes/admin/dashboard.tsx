import type { StaffAction } from "#core/staff/permissions.ts";
import { Form, isRouteErrorResponse, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard";
import { appContext } from "#app/context.ts";
import {
  Activity,
  ArrowLeftRight,
  CreditCard,
  Package,
  RefreshCw,
  Server,
  TrendingUp,
  Users,
} from "#app/components/ui/icons.ts";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { ageOf, formatCount, sydneyDateTime } from "#app/lib/sydney-format.ts";
import { latestMigrationMillis } from "#db/migrate.ts";
import { checkSystemHealth } from "#core/ops/check-system-health.ts";
import { findDashboardStats, type Trend } from "#core/staff/find-dashboard-stats.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "view_dashboard";

export const handle = { breadcrumb: "Dashboard" };

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | SwapShed back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const now = ctx.clock.now();
  const [stats, health] = [
    await findDashboardStats(ctx.db, { now }),
    await checkSystemHealth(ctx.db, { now, latestMigrationMillis: latestMigrationMillis() }),
  ];
  return {
    stats,
    health: {
      ...health,
      dailyCleanup: {
        ...health.dailyCleanup,
        lastRunAt: sydneyDateTime(health.dailyCleanup.lastRunAt),
        finishedAt: health.dailyCleanup.finishedAt ? sydneyDateTime(health.dailyCleanup.finishedAt) : null,
      },
      mail: {
        queued: health.mail.queued,
        oldestQueued: health.mail.oldestQueuedAt ? ageOf(health.mail.oldestQueuedAt, now) : null,
      },
    },
    measuredAt: sydneyDateTime(now),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, health, measuredAt } = loaderData;
  const refreshing = useNavigation().state !== "idle";
  const cleanup = health.dailyCleanup;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">System Overview</h1>
          <p className="text-sm text-muted">Figures as of {measuredAt} (Sydney time)</p>
        </div>
        <Form method="get">
          <button
            type="submit"
            className="inline-flex h-9 items-center gap-2 rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-surface"
            disabled={refreshing}
          >
            <RefreshCw className={`size-4 ${refreshing ? "animate-spin" : ""}`} /> Refresh
          </button>
        </Form>
      </div>

      <div className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          icon={Users}
          title="Total Users"
          value={stats.totalUsers}
          detail={`${formatCount(stats.activeUsers)} active in the last 7 days`}
        />
        <StatCard
          icon={Package}
          title="Active Listings"
          value={stats.activeListings}
          detail={`of ${formatCount(stats.totalListings)} listings in all`}
        />
        <StatCard
          icon={ArrowLeftRight}
          title="Swap Proposals"
          value={stats.totalSwaps}
          detail={`${formatCount(stats.pendingSwaps)} pending · ${formatCount(stats.acceptedSwaps)} accepted`}
        />
        <StatCard
          icon={CreditCard}
          title="Payments"
          value={stats.successfulPayments}
          detail={`successful, of ${formatCount(stats.totalPayments)} attempts`}
        />
      </div>

      <div className="mt-3 grid gap-3 lg:grid-cols-3">
        <section aria-labelledby="active-users" className="rounded-lg border border-line bg-white p-4">
          <h2 id="active-users" className="flex items-center gap-2 text-sm font-semibold">
            <Users className="size-4 text-brand-600" /> Active Users
          </h2>
          <p className="mt-2 text-3xl font-bold tabular-nums">{formatCount(stats.activeUsers)}</p>
          <p className="text-sm text-muted">signed in within the last 7 days</p>
        </section>
        <section aria-labelledby="activity" className="rounded-lg border border-line bg-white p-4">
          <h2 id="activity" className="flex items-center gap-2 text-sm font-semibold">
            <Activity className="size-4 text-brand-600" /> Activity (last 24 hours)
          </h2>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <Figure label="Sign-ups" value={stats.activity.signUps} />
            <Figure label="New listings" value={stats.activity.listings} />
            <Figure label="Proposals" value={stats.activity.proposals} />
            <Figure label="Payments" value={stats.activity.payments} />
          </dl>
        </section>
        <section aria-labelledby="growth" className="rounded-lg border border-line bg-white p-4">
          <h2 id="growth" className="flex items-center gap-2 text-sm font-semibold">
            <TrendingUp className="size-4 text-brand-600" /> Growth (this week vs last)
          </h2>
          <dl className="mt-2 space-y-1 text-sm">
            <TrendRow label="Sign-ups" trend={stats.growth.signUps} />
            <TrendRow label="New listings" trend={stats.growth.listings} />
            <TrendRow label="Proposals" trend={stats.growth.proposals} />
          </dl>
        </section>
      </div>

      <section aria-labelledby="health" className="mt-3 rounded-lg border border-line bg-white p-4">
        <h2 id="health" className="flex items-center gap-2 text-sm font-semibold">
          <Server className="size-4 text-brand-600" /> System Health
        </h2>
        <ul className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <HealthItem
            ok={health.database.ok}
            label="Database"
            text={health.database.ok ? `answering in ${health.database.latencyMs} ms` : "not answering"}
          />
          <HealthItem
            ok={health.migrationsCurrent}
            label="Migrations"
            text={health.migrationsCurrent ? "all applied" : "some not applied"}
          />
          <HealthItem
            ok={cleanup.ok !== false}
            label="Daily cleanup"
            text={
              cleanup.finishedAt
                ? `last ran ${cleanup.lastRunAt}${cleanup.ok ? "" : `, failed: ${cleanup.error}`}`
                : cleanup.lastRunAt !== "—"
                  ? `running since ${cleanup.lastRunAt}`
                  : "has not run yet"
            }
          />
          <HealthItem
            ok={health.mail.queued < 50}
            label="Mail queue"
            text={
              health.mail.queued === 0
                ? "empty"
                : `${formatCount(health.mail.queued)} waiting, oldest ${health.mail.oldestQueued}`
            }
          />
          <HealthItem
            ok={health.webhookFailures24h === 0}
            label="Payment webhooks"
            text={`${formatCount(health.webhookFailures24h)} failed in the last 24 hours`}
          />
        </ul>
        <p className="mt-3 text-xs text-muted">
          A daily cleanup at 2 AM (Sydney time) expires proposals older than 48 hours and clears old rate-limit
          counters.
          {cleanup.result && ` Last run: ${describeCleanup(cleanup.result)}.`}
        </p>
      </section>
    </div>
  );
}

function describeCleanup(result: Record<string, unknown>) {
  return `${Number(result.expiredSwaps ?? 0)} proposals expired, ${Number(result.rateLimitsDeleted ?? 0)} rate-limit counters removed`;
}

function StatCard({
  icon: Icon,
  title,
  value,
  detail,
}: {
  icon: typeof Users;
  title: string;
  value: number;
  detail: string;
}) {
  return (
    <section className="rounded-lg border border-line bg-white p-4">
      <h2 className="flex items-center justify-between text-sm font-medium text-muted">
        {title} <Icon className="size-4 text-brand-600" />
      </h2>
      <p className="mt-1 text-3xl font-bold tabular-nums">{formatCount(value)}</p>
      <p className="text-xs text-muted">{detail}</p>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

function TrendRow({ label, trend }: { label: string; trend: Trend }) {
  const change = trend.lastWeek === 0 ? null : Math.round(((trend.thisWeek - trend.lastWeek) / trend.lastWeek) * 100);
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="tabular-nums">
        <span className="font-semibold">{formatCount(trend.thisWeek)}</span> vs {formatCount(trend.lastWeek)}
        {change !== null && (
          <span className={change >= 0 ? "ml-1 text-brand-700" : "ml-1 text-danger"}>
            ({change >= 0 ? "+" : ""}
            {change}%)
          </span>
        )}
      </dd>
    </div>
  );
}

function HealthItem({ ok, label, text }: { ok: boolean; label: string; text: string }) {
  return (
    <li className="flex items-start gap-2">
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${ok ? "bg-brand-500" : "bg-danger"}`} />
      <span>
        <span className="font-medium">{label}:</span> {text}
        <span className="sr-only">{ok ? " (healthy)" : " (needs attention)"}</span>
      </span>
    </li>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A redirect from the gate never lands here; anything else that failed is said plainly.
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
      <p className="font-semibold text-danger">Error loading dashboard</p>
      <p className="mt-1 text-ink">Failed to fetch statistics. Ensure you have admin permissions.</p>
      {isRouteErrorResponse(error) && <p className="mt-1 text-muted">({error.status})</p>}
    </div>
  );
}
