export function SwapCardSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl border border-line p-5">
      <div className="h-4 w-1/3 rounded bg-surface" />
      <div className="mt-4 grid grid-cols-2 gap-4">
        <div className="h-20 rounded-xl bg-surface" />
        <div className="h-20 rounded-xl bg-surface" />
      </div>
    </div>
  );
}
