import { useSyncExternalStore } from "react";

/** The header's two counts as the live stream last said them (app/components/layout/live-updates.tsx). */
export type LiveCounts = { notices: number; messages: number };

type Held = { counts: LiveCounts; over: unknown };

let held: Held | null = null;
const listeners = new Set<() => void>();

/**
 * Keeps counts the stream sent, over the root data they arrived on: once the root's data is read again (a
 * navigation, a revalidation) the loader's counts are at least as new, and these are dropped.
 */
export function setLiveCounts(counts: LiveCounts, over: unknown) {
  held = { counts, over };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The bell's and the Messages counts to draw: the loader's, or newer ones from the live stream while the root data
 * they came over is still the one drawn. The server (and a page without JavaScript) always draws the loader's.
 */
export function useLiveCounts(root: unknown, fromLoader: LiveCounts): LiveCounts {
  const current = useSyncExternalStore(
    subscribe,
    () => held,
    () => null,
  );
  return current && current.over === root ? current.counts : fromLoader;
}
