import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatusBadge } from "../badges";
import { DetailCard } from "../detail-parts";

type SwapTitles = { offeredTitle: string | null; targetTitle: string | null };

/** A swap by its two listings, as the Swaps list names it; a purged listing says so. */
function swapName(s: SwapTitles) {
  return `${s.offeredTitle ?? "Deleted listing"} ⇄ ${s.targetTitle ?? "Deleted listing"}`;
}

/** Recent records, each row opening the record as a whole: staff investigate from here (decision 070). */
function RecordLinks<T extends { id: string }>({
  records,
  to,
  name,
  facts,
}: {
  records: T[];
  to: (record: T) => string;
  name: (record: T) => ReactNode;
  facts: (record: T) => ReactNode;
}) {
  return (
    <ul className="mt-2 space-y-1.5 text-sm">
      {records.map((record) => (
        <li key={record.id}>
          <Link
            to={to(record)}
            className="-mx-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 rounded px-2 py-1 hover:bg-surface"
          >
            {name(record)}
            <span className="flex items-center gap-2 text-xs text-muted">{facts(record)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ListingsCard({
  listings,
}: {
  listings: { id: string; title: string; status: string; moderationStatus: string; createdAt: string }[];
}) {
  return (
    <DetailCard
      id="listings"
      title={`Listings (${listings.length})`}
      className="lg:col-span-2"
      empty={listings.length === 0 ? "No listings." : undefined}
    >
      <ul className="mt-2 divide-y divide-line text-sm">
        {listings.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
            <Link to={`/listings/${l.id}`} className="min-w-0 truncate text-brand-800 hover:underline">
              {l.title}
            </Link>
            <span className="flex items-center gap-2 text-xs text-muted">
              <StatusBadge status={l.status} /> <StatusBadge status={l.moderationStatus} /> {l.createdAt}
            </span>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}

export function SwapsCard({
  swaps,
}: {
  swaps: (SwapTitles & { id: string; role: string; status: string; createdAt: string })[];
}) {
  return (
    <DetailCard id="swaps" title="Recent swaps" empty={swaps.length === 0 ? "No swaps." : undefined}>
      <RecordLinks
        records={swaps}
        to={(s) => `/admin/swaps/${s.id}`}
        name={(s) => <span className="min-w-0 flex-1 font-medium text-brand-800 hover:underline">{swapName(s)}</span>}
        facts={(s) => (
          <>
            {s.role} <StatusBadge status={s.status} /> {s.createdAt}
          </>
        )}
      />
    </DetailCard>
  );
}

export function PaymentsCard({
  payments,
}: {
  payments: (SwapTitles & { id: string; swapId: string | null; amount: string; status: string; createdAt: string })[];
}) {
  return (
    <DetailCard id="payments" title="Recent payments" empty={payments.length === 0 ? "No payments." : undefined}>
      <RecordLinks
        records={payments}
        to={(p) => `/admin/payments/${p.id}`}
        name={(p) => (
          <span className="min-w-0 flex-1">
            <span className="font-semibold tabular-nums text-brand-800">{p.amount}</span>{" "}
            <span className="text-muted">for {p.swapId ? swapName(p) : "no swap"}</span>
          </span>
        )}
        facts={(p) => (
          <>
            <StatusBadge status={p.status} /> {p.createdAt}
          </>
        )}
      />
    </DetailCard>
  );
}

export function SecurityEventsCard({
  events,
}: {
  events: {
    id: string;
    eventType: string;
    success: boolean;
    createdAt: string;
    ipAddress: string | null;
    errorMessage: string | null;
  }[];
}) {
  return (
    <DetailCard id="events" title="Recent security events" empty={events.length === 0 ? "No events." : undefined}>
      <ul className="mt-2 space-y-1.5 text-sm">
        {events.map((e) => (
          <li key={e.id}>
            <span className="font-medium">{e.eventType}</span>{" "}
            <span className={e.success ? "text-brand-700" : "text-danger"}>{e.success ? "ok" : "failed"}</span>
            <span className="block text-xs text-muted">
              {e.createdAt}
              {e.ipAddress ? ` · ${e.ipAddress}` : ""}
              {e.errorMessage ? ` · ${e.errorMessage}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </DetailCard>
  );
}
