import { ChevronDown, Menu, Plus } from "#app/components/ui/icons.ts";
import { Form, Link, useLocation } from "react-router";
import { authHref, returnPathOf } from "#app/lib/auth-links.ts";
import { buttonClass, ButtonLink } from "../ui/button";
import { Avatar } from "../ui/avatar";
import { Container } from "../ui/container";
import { HeaderMenu } from "./header-menu";
import { Logo } from "./logo";
import { NotificationBell, notificationsName } from "./notification-bell";

export type NavUser = {
  id: string;
  name: string;
  role: string | null;
  avatarUrl?: string | null;
  /** Lines waiting in the member's threads. */
  unreadMessages?: number;
} | null;

const anchors = [
  { href: "/#browse", label: "Browse" },
  { href: "/#about", label: "About Us" },
  { href: "/#how-it-works", label: "How it Works" },
  { href: "/#safety", label: "Safety" },
];

/**
 * The top bar. Menus are native <details> disclosures (HeaderMenu): they work by keyboard and before (or
 * without) JavaScript, one open at a time. On phones the logo shows its mark only and the buttons drop their
 * icons, so the spec's buttons (Login, Sign Up and List Item, or Account and List Item) all stay in the bar,
 * down to 320 px; the ☰ menu holds the section anchors.
 */
export function Navbar({ user, unread = 0 }: { user: NavUser; unread?: number }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <Container className="flex h-16 items-center gap-3 sm:gap-6">
        <Logo wordmarkClassName="hidden sm:inline" />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {anchors.map((a) => (
              <li key={a.href}>
                <a href={a.href} className="nav-link">
                  {a.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* On the narrowest phones the bell is in the ☰ menu instead, so the bar still fits at 320 px. */}
          {user && <NotificationBell unread={unread} className="max-[359px]:hidden" />}
          {user ? <AccountMenu user={user} /> : <VisitorLinks />}
          <ButtonLink to="/create-listing" variant="accent" size="sm" className="max-sm:px-2.5">
            <Plus className="hidden size-4 sm:block" aria-hidden="true" />
            List Item
          </ButtonLink>
          <MobileMenu unread={user ? unread : null} />
        </div>
      </Container>
    </header>
  );
}

/** Login and Sign Up come back to the page the visitor is on (old defect 12). */
function VisitorLinks() {
  const back = returnPathOf(useLocation());
  return (
    <>
      <Link
        to={authHref({ redirectTo: back })}
        className={buttonClass({ variant: "ghost", size: "sm" }, "max-sm:px-2")}
      >
        Login
      </Link>
      <Link
        to={authHref({ mode: "signup", redirectTo: back })}
        className={buttonClass({ variant: "outline", size: "sm" }, "max-sm:px-2.5")}
      >
        Sign Up
      </Link>
    </>
  );
}

const panelClass = "absolute right-0 mt-2 w-56 rounded-xl border border-line bg-white p-2 shadow-lg";

function AccountMenu({ user }: { user: NonNullable<NavUser> }) {
  const itemClass = "menu-item w-full text-left";
  const unread = user.unreadMessages ?? 0;
  return (
    <HeaderMenu
      summaryClassName={buttonClass({ variant: "outline", size: "sm" }, "max-sm:px-2.5")}
      label={
        <>
          {/* Hidden on the narrowest phones, so the spec's buttons all stay in the bar down to 320 px. */}
          <Avatar name={user.name} url={user.avatarUrl} size="xs" className="max-[359px]:hidden" />
          <span>Account</span>
          {/* A dot, not a number: the bar stays as light as it was; the menu says how many. */}
          {unread > 0 && (
            <span className="size-2 rounded-full bg-brand-600">
              <span className="sr-only">, unread messages</span>
            </span>
          )}
          <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
        </>
      }
    >
      <div className={panelClass}>
        <p className="truncate px-3 py-2 text-xs text-muted">
          Signed in as <span className="font-semibold text-ink">{user.name}</span>
        </p>
        <ul>
          <li>
            <Link to="/my-listings" className={itemClass}>
              My Listings
            </Link>
          </li>
          <li>
            <Link to="/my-swaps" className={itemClass}>
              My Swaps
            </Link>
          </li>
          <li>
            <Link to="/messages" className={`${itemClass} flex items-center justify-between gap-2`}>
              Messages
              {unread > 0 && (
                <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                  {unread > 99 ? "99+" : unread}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </Link>
          </li>
          <li>
            <Link to="/favourites" className={itemClass}>
              My Favourites
            </Link>
          </li>
          <li>
            <Link to="/account" className={itemClass}>
              My Account
            </Link>
          </li>
          <li>
            <Form method="post" action="/auth/sign-out">
              {/* This device only: "everywhere" is on My Account's sessions page. */}
              <input type="hidden" name="scope" value="local" />
              <button type="submit" className={itemClass}>
                Sign Out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </HeaderMenu>
  );
}

/** `unread`: a signed-in member's unread count (their Notifications link heads the menu); null for a visitor. */
function MobileMenu({ unread }: { unread: number | null }) {
  return (
    <HeaderMenu
      className="md:hidden"
      summaryClassName={buttonClass({ variant: "ghost", size: "sm" }, "max-md:px-2")}
      label={
        <>
          <Menu className="size-5" aria-hidden="true" />
          <span className="sr-only">Menu</span>
        </>
      }
    >
      <nav aria-label="Mobile" className={panelClass}>
        <ul>
          {unread !== null && (
            <li>
              <Link to="/notifications" className="menu-item">
                {notificationsName(unread)}
              </Link>
            </li>
          )}
          {anchors.map((a) => (
            <li key={a.href}>
              <a href={a.href} className="menu-item">
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </HeaderMenu>
  );
}
