import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { DialogFrame, wrapTab } from "../dialog-frame";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { X } from "#app/components/ui/icons.ts";

export const REPORT_TABS = [
  { key: "info", label: "Report Info" },
  { key: "listing", label: "Listing" },
  { key: "actions", label: "Actions" },
] as const;
export type ReportTab = (typeof REPORT_TABS)[number]["key"];

export function reportTab(value: string | null): ReportTab {
  return REPORT_TABS.some((t) => t.key === value) ? (value as ReportTab) : "info";
}

/**
 * The Report Details dialog: opened by a link (`?report=<id>`), its tabs are links too (`&tab=listing`), so it works
 * without JavaScript and Back steps through it. With JavaScript: focus moves to the chosen tab and stays inside
 * (Tab wraps), ← and → (Home, End) move between tabs, and Escape closes it.
 */
export function ReportDialog({
  title,
  tab,
  tabHref,
  closeTo,
  children,
}: {
  title: string;
  tab: ReportTab;
  tabHref: (tab: ReportTab) => string;
  closeTo: string;
  children: ReactNode;
}) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();

  // On open, the chosen tab takes focus; when the dialog goes, focus goes back to whatever opened it.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const goTo = (next: ReportTab) => {
    navigate(tabHref(next), { preventScrollReset: true, replace: true });
    // The tab list stays mounted across the navigation: focus follows the chosen tab.
    requestAnimationFrame(() =>
      panel.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-tab-${next}`)}`)?.focus(),
    );
  };

  const onTabKey = (event: React.KeyboardEvent) => {
    const index = REPORT_TABS.findIndex((t) => t.key === tab);
    const to =
      event.key === "ArrowRight"
        ? (index + 1) % REPORT_TABS.length
        : event.key === "ArrowLeft"
          ? (index - 1 + REPORT_TABS.length) % REPORT_TABS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? REPORT_TABS.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    goTo(REPORT_TABS[to].key);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      navigate(closeTo, { preventScrollReset: true, replace: true });
      return;
    }
    wrapTab(
      event,
      panel.current,
      "textarea, input:not([type=hidden]), select, button, a[href]:not([tabindex='-1']), [tabindex='0']",
    );
  };

  return (
    <DialogFrame
      closeTo={closeTo}
      panelRef={panel}
      labelledBy={`${id}-title`}
      onKeyDown={onKeyDown}
      className="relative flex max-h-[92vh] w-full max-w-2xl flex-col rounded-t-xl bg-white shadow-xl sm:rounded-xl"
    >
      <div className="flex items-start justify-between gap-3 border-b border-line px-5 pt-4">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Report Details
          </h2>
          <p className="truncate text-sm text-muted">{title}</p>
          <div role="tablist" aria-label="Report details" className="mt-3 flex gap-1" onKeyDown={onTabKey}>
            {REPORT_TABS.map((t) => {
              const selected = t.key === tab;
              return (
                <Link
                  key={t.key}
                  id={`${id}-tab-${t.key}`}
                  role="tab"
                  to={tabHref(t.key)}
                  replace
                  preventScrollReset
                  aria-selected={selected}
                  aria-controls={`${id}-panel`}
                  // Roving focus once the arrows work; before that every tab is reachable with Tab.
                  tabIndex={hydrated && !selected ? -1 : undefined}
                  className={`-mb-px rounded-t-md border-b-2 px-3 py-2 text-sm font-medium ${selected ? "border-brand-700 text-brand-800" : "border-transparent text-muted hover:text-ink"}`}
                >
                  {t.label}
                </Link>
              );
            })}
          </div>
        </div>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          className="flex size-9 shrink-0 items-center justify-center rounded-md hover:bg-surface"
          aria-label="Close report details"
        >
          <X className="size-5" />
        </Link>
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is focusable so its content can be scrolled and read from the keyboard
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto p-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-200"
      >
        {children}
      </div>
    </DialogFrame>
  );
}
