import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** A quick page change shows nothing; one that takes longer than this shows the bar (decision 048). */
export const PROGRESS_DELAY_MS = 300;

/**
 * A thin bar across the top of the window while a page change (a link followed, a form sent) is still loading
 * after PROGRESS_DELAY_MS. Until the next page arrives the old one stays on screen, and without this a slow
 * click looks like a click that did nothing. Indeterminate: the time a page takes is not known.
 */
export function NavigationProgress() {
  const pending = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!pending) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="nav-progress fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100"
    >
      <div className="nav-progress-bar h-full w-2/5 bg-brand-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
