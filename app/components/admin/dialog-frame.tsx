import type { KeyboardEvent, ReactNode, Ref } from "react";
import { Link } from "react-router";

/**
 * Keeps Tab inside a dialog's panel: from its last control on to its first, and Shift+Tab from the first back to
 * the last. `selector` names what counts as a control in that dialog.
 */
export function wrapTab(event: KeyboardEvent, panel: HTMLElement | null, selector: string) {
  if (event.key !== "Tab" || !panel) return;
  const focusable = [...panel.querySelectorAll<HTMLElement>(selector)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first?.focus();
  }
}

/**
 * A back-office dialog: its panel (`role="dialog"`, named by `labelledBy`) over the dimmed page, at the bottom on a
 * phone and centred above. The dimmed page is itself a link back to `closeTo`: a tap beside the dialog closes it,
 * without JavaScript too.
 */
export function DialogFrame({
  closeTo,
  panelRef,
  labelledBy,
  onKeyDown,
  className,
  children,
}: {
  closeTo: string;
  panelRef: Ref<HTMLDivElement>;
  labelledBy: string;
  onKeyDown: (event: KeyboardEvent) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-ink/40 p-0 sm:items-center sm:p-4">
      <Link to={closeTo} replace preventScrollReset className="absolute inset-0" aria-label="Close" tabIndex={-1} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        onKeyDown={onKeyDown}
        className={className}
      >
        {children}
      </div>
    </div>
  );
}
