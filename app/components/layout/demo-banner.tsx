/**
 * Said on every page, member side and back office, while the test checkout is on: an exposed demo must never be
 * taken for a live market (attack F1, decision 066). Not shown when real payments are on.
 */
export function DemoBanner() {
  return (
    <aside aria-label="Demo notice" className="border-b border-accent-400/40 bg-accent-100 text-ink">
      <p className="mx-auto max-w-7xl px-4 py-2 text-center text-sm leading-snug">
        <strong className="font-semibold">This is a demo of SwapShed.</strong> Payments are tests: no real money moves.
      </p>
    </aside>
  );
}
