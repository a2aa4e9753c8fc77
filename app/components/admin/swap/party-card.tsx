import { Link } from "react-router";
import { DetailRow } from "../detail-parts";

export type SwapParty = {
  role: string;
  id: string;
  name: string;
  email?: string | null;
  credit: string;
  paid: boolean;
  listing: { title: string; status: string } | null;
  /** A bundle's further listings on this side (decision 103). */
  more?: { title: string; status: string }[];
};

/** One side of the swap: the member, what they give, whether they have paid, and their account credit. */
export function PartyCard({ party }: { party: SwapParty }) {
  return (
    <section aria-label={party.role} className="rounded-lg border border-line bg-white p-4">
      <h2 className="text-sm font-semibold">{party.role}</h2>
      <p className="mt-1">
        <Link to={`/admin/users/${party.id}`} className="font-medium text-brand-800 hover:underline">
          {party.name}
        </Link>
      </p>
      {party.email && <p className="truncate text-sm text-muted">{party.email}</p>}
      <dl className="mt-2 space-y-1.5 text-sm">
        <DetailRow label={party.role === "Proposer" ? "Offers" : "Gives"}>{party.listing?.title ?? "—"}</DetailRow>
        <DetailRow label="Listing status">{party.listing?.status ?? "—"}</DetailRow>
        {party.more?.map((listing) => (
          <DetailRow key={listing.title} label="And">{`${listing.title} (${listing.status})`}</DetailRow>
        ))}
        <DetailRow label="Fee paid">{party.paid ? "Yes" : "No"}</DetailRow>
        <DetailRow label="Account credit">{party.credit}</DetailRow>
      </dl>
    </section>
  );
}
