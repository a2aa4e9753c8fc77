import { CircleAlert, CircleCheck, Info, X } from "./icons";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  dismissToast,
  getServerToasts,
  getToasts,
  subscribeToasts,
  TOAST_DURATION_MS,
  type Toast,
} from "#app/lib/toast.ts";

const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;
const ICON_COLOURS = { success: "text-brand-600", error: "text-danger", info: "text-ink" } as const;

type ServerMessage = { type: Toast["kind"]; message: string; description?: string };

/**
 * The toasts from app/lib/toast.ts: bottom centre on a phone, bottom right from 640 px, so that a toast never
 * covers the header, a page's heading or the top of a form (decision 048: toasts are for confirmations and for
 * the outcome of a one-click action; a form's errors stay in the form). The polite live region is in the server's HTML from the
 * start, so a screen reader announces each toast as it is added. `flash`, the message the server read for
 * this page (decision 008), is drawn as a toast in the server's HTML too: the page's JavaScript loads after
 * its first paint (decision 020), or not at all, and the message should not wait for it. Once React runs,
 * the root hands it to the store and the store's toasts take its place.
 */
export function Toaster({ flash }: { flash?: ServerMessage | null }) {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  const hydrated = useHydrated();
  const shown: readonly Toast[] = hydrated
    ? toasts
    : flash
      ? [{ id: 0, kind: flash.type, message: flash.message, description: flash.description }]
      : [];
  // Reading a toast (pointer over it, or focus inside) holds every timer.
  const [paused, setPaused] = useState(false);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
      className="pointer-events-none fixed inset-x-0 bottom-[max(1rem,env(safe-area-inset-bottom))] z-50 flex justify-center px-4 sm:left-auto sm:right-4 sm:justify-end sm:px-0"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {shown.length > 0 && (
        <ol className="flex w-full max-w-sm flex-col gap-2">
          {shown.map((t) => (
            <ToastItem key={t.id} toast={t} paused={paused} closable={hydrated} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ToastItem({ toast, paused, closable }: { toast: Toast; paused: boolean; closable: boolean }) {
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast.id, paused]);
  const Icon = ICONS[toast.kind];
  return (
    <li
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border border-line bg-white p-4 text-sm text-ink shadow-lg ${closable ? "" : "toast-expires"}`}
    >
      <Icon className={`mt-0.5 size-4 shrink-0 ${ICON_COLOURS[toast.kind]}`} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{toast.message}</p>
        {toast.description && <p className="mt-0.5 text-muted">{toast.description}</p>}
      </div>
      {/* Closing needs JavaScript; before it runs the message simply stays until the next page. */}
      {closable && (
        <button
          type="button"
          onClick={() => dismissToast(toast.id)}
          className="-m-1 rounded-full p-1 text-muted hover:bg-surface hover:text-ink"
          aria-label="Close toast"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
