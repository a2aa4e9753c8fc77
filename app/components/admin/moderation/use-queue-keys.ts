import { useEffect, useRef } from "react";

const TYPING = "input, textarea, select, [contenteditable='true']";

/**
 * The queue without a mouse: j or ↓ focuses the next report, k or ↑ the previous one (Enter then opens it, as
 * any link). While the dialog is open the keys are the dialog's. When the dialog closes and its opener is gone
 * (the report left the filtered queue after an action), focus lands on the report that took its place.
 */
export function useQueueKeys({ list, dialogOpen }: { list: React.RefObject<HTMLElement | null>; dialogOpen: boolean }) {
  const last = useRef(0);
  const cards = () => [...(list.current?.querySelectorAll<HTMLElement>("[data-report-card]") ?? [])];

  useEffect(() => {
    if (dialogOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.target as HTMLElement | null)?.closest?.(TYPING)) return;
      const step =
        event.key === "j" || event.key === "ArrowDown" ? 1 : event.key === "k" || event.key === "ArrowUp" ? -1 : 0;
      if (!step) return;
      const all = cards();
      if (all.length === 0) return;
      const current = all.indexOf(document.activeElement as HTMLElement);
      // Arrows scroll the page as usual until the queue has focus; j and k always move through it.
      if (current < 0 && event.key.startsWith("Arrow")) return;
      event.preventDefault();
      const next = current < 0 ? 0 : Math.min(all.length - 1, Math.max(0, current + step));
      all[next].focus();
      all[next].scrollIntoView({ block: "nearest" });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // Remember the card last focused (the one that opened the dialog); when the dialog closes with nothing
  // focused, focus the card now in its place.
  const wasOpen = useRef(false);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const onFocus = (event: FocusEvent) => {
      const at = cards().indexOf(event.target as HTMLElement);
      if (at >= 0) last.current = at;
    };
    element.addEventListener("focusin", onFocus);
    return () => element.removeEventListener("focusin", onFocus);
  });
  useEffect(() => {
    if (dialogOpen) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    if (document.activeElement && document.activeElement !== document.body) return;
    const all = cards();
    all[Math.min(last.current, all.length - 1)]?.focus();
  });
}
