import type { StaffAction } from "#core/staff/permissions.ts";
import { Link } from "react-router";
import type { Route } from "./+types/search";
import { appContext } from "#app/context.ts";
import { RoleBadge, StatusBadge } from "#app/components/admin/badges.tsx";
import { adminErrorBoundary } from "#app/components/admin/load-error.tsx";
import { ReasonBadge } from "#app/components/admin/moderation/reason-badge.tsx";
import { PageHeader } from "#app/components/admin/page-header.tsx";
import { requireStaff } from "#app/lib/require-staff.server.ts";
import { formatCents, sydneyDateTime } from "#app/lib/sydney-format.ts";
import { searchBackOffice } from "#core/back-office/search-back-office.ts";

/** What it takes to open this page (and, unless an action names its own, to use it): the permission table's entry. */
export const permission: StaffAction = "global_search";

export const handle = { breadcrumb: "Search" };
export const meta: Route.MetaFunction = () => [{ title: "Search | SwapShed back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  await requireStaff(ctx, request, permission);
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const results = await searchBackOffice(ctx.db, { q });
  return {
    q,
    members: results.members,
    listings: results.listings,
    swaps: results.swaps.map((s) => ({ ...s, createdAt: sydneyDateTime(s.createdAt) })),
    circles: results.circles.map((c) => ({ ...c, createdAt: sydneyDateTime(c.createdAt) })),
    payments: results.payments.map((p) => ({
      ...p,
      amount: formatCents(p.amountCents),
      createdAt: sydneyDateTime(p.createdAt),
    })),
    reports: results.reports.map((r) => ({ ...r, createdAt: sydneyDateTime(r.createdAt) })),
    logEvents: results.logEvents.map((e) => ({
      id: e.id,
      eventType: e.eventType,
      message: e.message,
      status: e.status,
      href: `/admin/logs?tab=${e.tab}&q=${encodeURIComponent(e.id)}`,
      createdAt: sydneyDateTime(e.createdAt),
    })),
  };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, members, listings, swaps, circles, payments, reports, logEvents } = loaderData;
  const nothing =
    members.length +
      listings.length +
      swaps.length +
      circles.length +
      payments.length +
      reports.length +
      logEvents.length ===
    0;
  return (
    <div>
      <PageHeader
        title="Search"
        description="Members by name or e-mail, listings by title, swaps and swap circles by id, payments by payment intent id, reports by listing (a message report by its thread's), reporter or id, log events by id or request id."
      />
      <form method="get" className="mb-4 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search members, listings and swaps
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Name, e-mail, title, swap id or pi_..."
          className="h-10 min-w-0 flex-1 rounded-md border border-line bg-white px-3 text-sm"
        />
        <button
          type="submit"
          className="h-10 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Search
        </button>
      </form>
      {q.trim().length < 2 ? (
        <p className="text-sm text-muted">Type at least 2 characters.</p>
      ) : nothing ? (
        <p role="status" className="rounded-lg border border-line bg-white p-6 text-center text-sm text-muted">
          Nothing matches "{q}".
        </p>
      ) : (
        <div className="space-y-4">
          {members.length > 0 && (
            <ResultGroup title="Members" count={members.length}>
              {members.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  <Link to={`/admin/users/${m.id}`} className="font-medium text-brand-800 hover:underline">
                    {m.name}
                  </Link>
                  <span className="text-muted">{m.email}</span>
                  <RoleBadge name={m.role} />
                  <StatusBadge status={m.status} />
                </li>
              ))}
            </ResultGroup>
          )}
          {listings.length > 0 && (
            <ResultGroup title="Listings" count={listings.length}>
              {listings.map((l) => (
                <li key={l.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  <Link
                    to={`/admin/listings?q=${encodeURIComponent(l.title)}`}
                    className="font-medium text-brand-800 hover:underline"
                  >
                    {l.title}
                  </Link>
                  <span className="text-muted">by {l.ownerName}</span>
                  <StatusBadge status={l.status} />
                  <StatusBadge status={l.moderationStatus} />
                </li>
              ))}
            </ResultGroup>
          )}
          {swaps.length > 0 && (
            <ResultGroup title="Swaps" count={swaps.length}>
              {swaps.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  <Link to={`/admin/swaps/${s.id}`} className="font-mono text-xs text-brand-800 hover:underline">
                    {s.id}
                  </Link>
                  <StatusBadge status={s.status} />
                  <span className="text-muted">
                    <Link to={`/admin/users/${s.proposerId}`} className="hover:underline">
                      {s.proposerName}
                    </Link>{" "}
                    →{" "}
                    <Link to={`/admin/users/${s.receiverId}`} className="hover:underline">
                      {s.receiverName}
                    </Link>
                  </span>
                  <span className="text-xs text-muted">{s.createdAt}</span>
                </li>
              ))}
            </ResultGroup>
          )}
          {circles.length > 0 && (
            <ResultGroup title="Swap circles" count={circles.length}>
              {circles.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  <Link to={`/admin/circles/${c.id}`} className="font-medium text-brand-800 hover:underline">
                    {c.memberNames.join(" → ")}
                  </Link>
                  <StatusBadge status={c.status} />
                  <span className="font-mono text-xs text-muted">{c.id.slice(0, 8)}</span>
                  <span className="text-xs text-muted">{c.createdAt}</span>
                </li>
              ))}
            </ResultGroup>
          )}
          {payments.length > 0 && (
            <ResultGroup title="Payments" count={payments.length}>
              {payments.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  <Link to={`/admin/payments/${p.id}`} className="font-medium text-brand-800 hover:underline">
                    {p.amount}
                  </Link>
                  <span className="text-muted">by {p.memberName}</span>
                  <StatusBadge status={p.status} />
                  <span className="break-all font-mono text-xs text-muted">{p.paymentIntentId}</span>
                  <span className="text-xs text-muted">{p.createdAt}</span>
                </li>
              ))}
            </ResultGroup>
          )}
          {reports.length > 0 && (
            <ResultGroup title="Reports" count={reports.length}>
              {reports.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  {r.subject === "message" ? (
                    // Opening a message report is audited (decision 086): its own page, never prefetched.
                    <Link
                      to={`/admin/moderation/messages/${r.id}`}
                      className="font-medium text-brand-800 hover:underline"
                    >
                      Message about {r.listingTitle ?? "a listing"}
                    </Link>
                  ) : (
                    <Link
                      to={`/admin/moderation?status=all&report=${r.id}`}
                      className="font-medium text-brand-800 hover:underline"
                    >
                      {r.listingTitle && r.listingStatus !== "deleted" ? r.listingTitle : "Deleted Listing"}
                    </Link>
                  )}
                  <ReasonBadge reason={r.reason} />
                  <StatusBadge status={r.status} />
                  <span className="text-muted">by {r.reporterName ?? "Unknown"}</span>
                  <span className="text-xs text-muted">{r.createdAt}</span>
                </li>
              ))}
            </ResultGroup>
          )}
          {logEvents.length > 0 && (
            <ResultGroup title="Log events" count={logEvents.length}>
              {logEvents.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-2 px-3 py-2">
                  <Link to={e.href} className="font-mono text-xs font-medium text-brand-800 hover:underline">
                    {e.eventType}
                  </Link>
                  <StatusBadge status={e.status} />
                  <span className="text-muted">{e.message}</span>
                  <span className="break-all font-mono text-xs text-muted">{e.id}</span>
                  <span className="text-xs text-muted">{e.createdAt}</span>
                </li>
              ))}
            </ResultGroup>
          )}
        </div>
      )}
    </div>
  );
}

function ResultGroup({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-line bg-white">
      <h2 className="border-b border-line px-3 py-2 text-sm font-semibold">
        {title} <span className="font-normal text-muted">({count})</span>
      </h2>
      <ul className="divide-y divide-line text-sm">{children}</ul>
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary({ failure: "Search failed" });
