// Toasts without a library: a tiny store the root <Toaster> renders (sonner cost ~9 KB gzipped on every
// page's first load, for messages that mostly never come). Call it from effects and event handlers only:
// on the server this module is shared by all requests, and the server snapshot is always empty.

export type ToastKind = "success" | "error" | "info";
export type Toast = { id: number; kind: ToastKind; message: string; description?: string };

/** How long a toast stays (sonner's default, which the app used before); paused while hovered or focused. */
export const TOAST_DURATION_MS = 4000;
/** Older toasts give way beyond this many. */
const MAX_VISIBLE = 3;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function show(kind: ToastKind, message: string, options?: { description?: string }) {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message, description: options?.description }].slice(-MAX_VISIBLE);
  emit();
  return id;
}

export const toast = {
  success: (message: string, options?: { description?: string }) => show("success", message, options),
  error: (message: string, options?: { description?: string }) => show("error", message, options),
  info: (message: string, options?: { description?: string }) => show("info", message, options),
};

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

// For useSyncExternalStore.
export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const getToasts = () => toasts;
const none: readonly Toast[] = [];
export const getServerToasts = () => none;
