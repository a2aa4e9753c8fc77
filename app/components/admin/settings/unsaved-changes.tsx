import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";

/**
 * Guards edits that are not saved yet: leaving for another page of the app asks first (React Router's blocker,
 * answered in a small dialog), and closing or reloading the tab gets the browser's own warning (beforeunload).
 * Moving within the same page (a dialog opening, the form's own Save) is not leaving.
 */
export function UnsavedChangesGuard({ dirty, what }: { dirty: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the warning only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // Saved (or switched back) while the question was open: nothing is lost any more, so go on.
  useEffect(() => {
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  const stay = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (blocker.state === "blocked") stay.current?.focus();
  }, [blocker.state]);

  if (blocker.state !== "blocked") return null;
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-ink/40 sm:items-center sm:p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="unsaved-title"
        aria-describedby="unsaved-description"
        onKeyDown={(event) => {
          if (event.key === "Escape") blocker.reset();
        }}
        className="relative w-full max-w-md rounded-t-xl bg-white p-5 shadow-xl sm:rounded-xl"
      >
        <h2 id="unsaved-title" className="text-lg font-semibold">
          Leave without saving?
        </h2>
        <p id="unsaved-description" className="mt-1 text-sm text-muted">
          {what} have changes that are not saved. If you leave now, they are lost.
        </p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => blocker.proceed()}
            className="inline-flex h-10 items-center justify-center rounded-md border border-red-200 px-4 text-sm font-medium text-danger hover:bg-red-50"
          >
            Leave without saving
          </button>
          <button
            ref={stay}
            type="button"
            onClick={() => blocker.reset()}
            className="inline-flex h-10 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Stay on this page
          </button>
        </div>
      </div>
    </div>
  );
}
