import { type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation, useMatches, useNavigation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import {
  Activity,
  ArrowLeftRight,
  ChartColumn,
  CreditCard,
  Flag,
  LayoutDashboard,
  LogOut,
  Menu,
  Package,
  PanelLeft,
  ScrollText,
  Search,
  Settings,
  Users,
  Wrench,
  X,
} from "../ui/icons";
import type { AdminIconName, AdminNavGroup } from "./admin-nav";
import { SIDEBAR_COOKIE, SIDEBAR_MAX_AGE, type SidebarState } from "./sidebar-state";

const ICONS: Record<AdminIconName, typeof Users> = {
  dashboard: LayoutDashboard,
  users: Users,
  listings: Package,
  audit: ScrollText,
  swaps: ArrowLeftRight,
  payments: CreditCard,
  moderation: Flag,
  tools: Wrench,
  reports: ChartColumn,
  logs: Activity,
  settings: Settings,
};

export type ShellStaff = { name: string; email: string; accessLevel: "Admin" | "Moderator" };

/**
 * A page's place in the breadcrumb: `export const handle = { breadcrumb: "Users" }` on its route. A detail page
 * names what it shows from its loader's data (`breadcrumb: (data) => data.member.name`) and the list it belongs
 * to (`parent`), so the trail reads "Back office / Users / Olivia Bennett".
 */
export type AdminHandle = {
  // biome-ignore lint/suspicious/noExplicitAny: each route's own loader data; the route types its own function
  breadcrumb?: string | ((data: any) => string | undefined);
  parent?: { label: string; to: string };
};

/**
 * The back office's frame: the sidebar (16rem, 3rem in icon mode, a sheet below 768px), the top bar (toggle,
 * breadcrumb, global search, role badge, sign out) and the page. Everything works without JavaScript: the toggle is a
 * form the server answers with the cookie, the phone menu a <details>. With it, the toggle is instant, Ctrl/Cmd+B
 * toggles, and the sheet closes on Escape and after choosing a page.
 */
export function AdminShell({
  staff,
  nav,
  sidebar,
  children,
}: {
  staff: ShellStaff;
  nav: AdminNavGroup[];
  sidebar: SidebarState;
  children: ReactNode;
}) {
  const [state, setState] = useState(sidebar);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const sheet = useRef<HTMLDetailsElement>(null);
  const collapsed = state === "collapsed";

  const toggle = () => {
    const next: SidebarState = collapsed ? "expanded" : "collapsed";
    setState(next);
    // biome-ignore lint/suspicious/noDocumentCookie: one plain name=value the server reads back; cookieStore is not everywhere yet
    document.cookie = `${SIDEBAR_COOKIE}=${next}; Path=/admin; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax${window.location.protocol === "https:" ? "; Secure" : ""}`;
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "b") {
        event.preventDefault();
        toggle();
      }
      if (event.key === "Escape" && sheet.current?.open) {
        sheet.current.open = false;
        sheet.current.querySelector("summary")?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });
  // A page chosen in the phone sheet closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs because the page changed
  useEffect(() => {
    if (sheet.current) sheet.current.open = false;
  }, [location.pathname]);

  // A client-side navigation inside /admin waits on the server's gate for the next page.
  const verifying = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");

  return (
    <div className="flex min-h-screen bg-surface text-ink">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <aside
        aria-label="Back office"
        className={`sticky top-0 hidden h-screen shrink-0 flex-col border-r border-line bg-white md:flex ${collapsed ? "w-12" : "w-64"}`}
      >
        <div className={`flex h-14 items-center border-b border-line ${collapsed ? "justify-center" : "px-4"}`}>
          <Link to="/" className="font-bold tracking-tight text-brand-800" aria-label="SwapShed home">
            {collapsed ? "S" : "SwapShed"}
          </Link>
          {!collapsed && (
            <span className="ml-2 rounded bg-surface px-1.5 py-0.5 text-xs font-medium text-muted">Back office</span>
          )}
        </div>
        <SidebarNav nav={nav} collapsed={collapsed} />
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-line bg-white px-3 sm:px-4">
          <details ref={sheet} className="group md:hidden">
            <summary
              className="flex size-10 cursor-pointer list-none items-center justify-center rounded-md hover:bg-surface [&::-webkit-details-marker]:hidden"
              aria-label="Open the back-office menu"
            >
              <Menu className="size-5 group-open:hidden" />
              <X className="hidden size-5 group-open:block" />
            </summary>
            <div
              className="absolute inset-x-0 top-full z-30 h-dvh bg-ink/30"
              aria-hidden="true"
              onClick={() => {
                if (sheet.current) sheet.current.open = false;
              }}
            />
            {/* Below the header wherever it is (under the demo notice at the top of the page, at the top once scrolled). */}
            <div className="absolute left-0 top-full z-40 h-[calc(100dvh-3.5rem)] w-72 overflow-y-auto border-r border-line bg-white shadow-xl">
              <SidebarNav nav={nav} collapsed={false} />
            </div>
          </details>
          <Form
            method="post"
            action="/admin/sidebar"
            className="hidden md:block"
            onSubmit={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              toggle();
            }}
          >
            <input type="hidden" name="state" value={collapsed ? "expanded" : "collapsed"} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <button
              type="submit"
              className="flex size-10 items-center justify-center rounded-md hover:bg-surface"
              aria-label={collapsed ? "Expand the sidebar" : "Collapse the sidebar"}
              aria-keyshortcuts="Control+B Meta+B"
              title="Toggle the sidebar (Ctrl/Cmd+B)"
            >
              <PanelLeft className="size-5" />
            </button>
          </Form>
          <Breadcrumb />
          <form method="get" action="/admin/search" className="ml-auto hidden min-w-0 sm:block">
            <label htmlFor="admin-search" className="sr-only">
              Search members, listings and swaps
            </label>
            <div className="relative">
              <Search className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted" />
              <input
                id="admin-search"
                name="q"
                type="search"
                placeholder="Search members, listings, swaps"
                className="h-9 w-56 rounded-md border border-line bg-surface pl-8 pr-2 text-sm outline-none focus:border-brand-500 focus:bg-white focus:ring-2 focus:ring-brand-200 lg:w-72"
              />
            </div>
          </form>
          <Link
            to="/admin/search"
            className="ml-auto flex size-10 items-center justify-center rounded-md hover:bg-surface sm:hidden"
            aria-label="Search"
          >
            <Search className="size-5" />
          </Link>
          <span
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ${staff.accessLevel === "Admin" ? "bg-brand-700 text-white" : "bg-accent-100 text-ink"}`}
          >
            {staff.accessLevel}
          </span>
          <span className="hidden max-w-40 truncate text-sm text-muted lg:inline" title={staff.email}>
            {staff.name}
          </span>
          <Form method="post" action="/auth/sign-out">
            {/* This device only: "everywhere" is on My Account's sessions page. */}
            <input type="hidden" name="scope" value="local" />
            <button
              type="submit"
              className="flex size-10 items-center justify-center rounded-md hover:bg-surface"
              aria-label="Sign out"
              title="Sign out"
            >
              <LogOut className="size-5" />
            </button>
          </Form>
        </header>
        <main id="main" className="min-w-0 flex-1 p-4 sm:p-6" aria-busy={verifying || undefined}>
          {verifying && (
            <p role="status" className="mb-3 inline-flex rounded-md bg-white px-3 py-1.5 text-sm text-muted shadow-sm">
              Verifying access...
            </p>
          )}
          {/* One content column for every page, so headings and lists start at the same place everywhere. */}
          <div className="mx-auto w-full max-w-7xl">{children}</div>
        </main>
      </div>
    </div>
  );
}

function SidebarNav({ nav, collapsed }: { nav: AdminNavGroup[]; collapsed: boolean }) {
  return (
    <nav aria-label="Back office pages" className="flex-1 overflow-y-auto py-3">
      {nav.map((group) => (
        <div key={group.label} className="mb-3">
          {!collapsed && (
            <p className="px-4 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">{group.label}</p>
          )}
          <ul className={collapsed ? "space-y-1 px-1.5" : "space-y-0.5 px-2"}>
            {group.items.map((item) => {
              const Icon = ICONS[item.icon];
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    title={collapsed ? item.label : undefined}
                    aria-label={collapsed ? item.label : undefined}
                    className={({ isActive }) =>
                      `flex h-9 items-center gap-2.5 rounded-md text-sm ${collapsed ? "justify-center" : "px-2.5"} ${isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-ink hover:bg-surface"}`
                    }
                  >
                    <Icon className="size-4 shrink-0" />
                    {!collapsed && item.label}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function Breadcrumb() {
  const crumbs = useMatches().flatMap((m) => {
    const handle = m.handle as AdminHandle | undefined;
    const named = typeof handle?.breadcrumb === "function" ? handle.breadcrumb(m.loaderData) : handle?.breadcrumb;
    if (!named) return [];
    return [...(handle?.parent ? [handle.parent] : []), { label: named, to: m.pathname }];
  });
  // On a phone only the page's own name is shown (the menu leads back): the trail would leave it a few letters.
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {crumbs.map((crumb, i) => (
          <li
            key={crumb.to}
            className={`min-w-0 items-center gap-1.5 ${i === crumbs.length - 1 ? "flex" : "hidden sm:flex"}`}
          >
            {i > 0 && (
              <span aria-hidden="true" className="hidden text-muted sm:inline">
                /
              </span>
            )}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="block truncate font-semibold" title={crumb.label}>
                {crumb.label}
              </span>
            ) : (
              <Link to={crumb.to} className="truncate text-muted hover:text-ink hover:underline">
                {crumb.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
