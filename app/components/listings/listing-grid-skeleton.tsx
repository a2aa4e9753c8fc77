/** Placeholder cards shown while listings load on client navigation. */
export function ListingGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul aria-hidden="true" className="listing-grid">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="animate-pulse overflow-hidden rounded-2xl border border-line">
          <div className="aspect-[4/3] bg-surface" />
          <div className="space-y-3 p-4">
            <div className="h-4 w-3/4 rounded bg-surface" />
            <div className="h-3 w-1/2 rounded bg-surface" />
            <div className="h-3 w-2/3 rounded bg-surface" />
          </div>
        </li>
      ))}
    </ul>
  );
}
