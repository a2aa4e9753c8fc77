import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * Whether React runs this page: false in the server's HTML and while React hydrates it (the page's JavaScript
 * loads after its first paint, decision 020), true from then on, and at once for anything first rendered in
 * the browser. Controls render their no-JavaScript form until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
