import { Badge, StatusBadge } from "../badges";
import { ActionLink, DetailHeader } from "../detail-parts";

type SwapHeaderProps = {
  swap: { id: string; status: string; cancellable: boolean; isDisputed: boolean };
  titles: [string, string];
  may: { cancel: boolean; "mark-dispute": boolean; "resolve-dispute": boolean; credit: boolean };
};

/** The swap's head: its two listings, id and state, and the actions this staff member may take on it. */
export function SwapHeader({ swap, titles, may }: SwapHeaderProps) {
  return (
    <DetailHeader
      back={{ to: "/admin/swaps", label: "Swaps" }}
      title={`${titles[0]} ⇄ ${titles[1]}`}
      facts={
        <>
          <span className="font-mono text-xs">{swap.id}</span> <StatusBadge status={swap.status} />
          {swap.isDisputed && <Badge tone="amber">under dispute</Badge>}
        </>
      }
    >
      {may.cancel &&
        (swap.cancellable ? (
          <ActionLink to="?do=cancel" danger>
            Cancel swap
          </ActionLink>
        ) : (
          <button
            type="button"
            disabled
            title={swap.status === "rejected" ? "Already cancelled" : `A ${swap.status} swap cannot be cancelled`}
            className="inline-flex h-9 cursor-not-allowed items-center rounded-md border border-line bg-surface px-3 text-sm font-medium text-muted"
          >
            Cancel swap
          </button>
        ))}
      {may["mark-dispute"] && !swap.isDisputed && <ActionLink to="?do=dispute">Mark dispute</ActionLink>}
      {may["resolve-dispute"] && swap.isDisputed && <ActionLink to="?do=resolve">Resolve dispute</ActionLink>}
      {may.credit && <ActionLink to="?do=credit">Apply credit</ActionLink>}
    </DetailHeader>
  );
}
