import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * All header menus share one <details name>: the browser itself keeps only one of them open, with or without
 * JavaScript (exclusive disclosures). The toggle handler below does the same where a browser predates that.
 */
const GROUP = "header-menu";

type Props = { label: ReactNode; summaryClassName: string; className?: string; children: ReactNode };

/**
 * A header drop-down. It is a native <details> disclosure, so it opens by keyboard and works before (or
 * without) JavaScript. Once the page runs React it also closes when Escape is pressed (focus goes back to its
 * button), on a click or tap outside it, when focus moves out of it, when one of its items is chosen (an
 * anchor link included, so it no longer covers the heading it scrolled to) and on any navigation.
 */
export function HeaderMenu({ label, summaryClassName, className = "", children }: Props) {
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const shownLocation = useRef(location.key);

  // A menu opened before hydration fired its toggle event before React listened: read the element itself.
  useEffect(() => setOpen(details.current?.open ?? false), []);

  // Closes after a navigation (Sign Out, the browser's Back button), not on the first render: that would
  // shut a menu the member opened while the page was still hydrating.
  useEffect(() => {
    if (shownLocation.current === location.key) return;
    shownLocation.current = location.key;
    close(details.current);
  }, [location.key]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!details.current?.contains(event.target as Node)) close(details.current);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close(details.current);
      summary.current?.focus();
    };
    // Choosing an item, by pointer or keyboard (Enter on a link or button is a click too).
    const onClick = (event: MouseEvent) => {
      const item = (event.target as Element).closest("a, button");
      if (item && details.current?.contains(item) && !summary.current?.contains(item)) close(details.current);
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
    };
  }, [open]);

  return (
    <details
      ref={details}
      name={GROUP}
      className={`group relative ${className}`}
      onToggle={(event) => {
        const self = event.currentTarget;
        setOpen(self.open);
        if (!self.open) return;
        for (const other of document.querySelectorAll<HTMLDetailsElement>(`details[name="${GROUP}"][open]`)) {
          if (other !== self) close(other);
        }
      }}
      onBlur={(event) => {
        // Tabbing (or clicking) to something outside. A null target is the window losing focus: keep it open.
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) close(event.currentTarget);
      }}
    >
      <summary
        ref={summary}
        className={`cursor-pointer list-none [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {label}
      </summary>
      {children}
    </details>
  );
}

function close(element: HTMLDetailsElement | null) {
  if (element?.open) element.open = false;
}
