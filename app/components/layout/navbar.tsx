import { ChevronDown, Menu, Plus, UserRound } from "~/components/ui/icons";
import { Form, Link } from "react-router";
import { buttonClass, ButtonLink } from "../ui/button";
import { Container } from "../ui/container";
import { Logo } from "./logo";

export type NavUser = { id: string; name: string; role: string | null } | null;

const anchors = [
  { href: "/#browse", label: "Browse" },
  { href: "/#about", label: "About Us" },
  { href: "/#how-it-works", label: "How it Works" },
  { href: "/#safety", label: "Safety" },
];

/**
 * The top bar. Menus are native <details> disclosures: they work by keyboard and before (or without)
 * JavaScript, and ship no script of their own.
 */
export function Navbar({ user }: { user: NavUser }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur">
      <Container className="flex h-16 items-center gap-6">
        <Logo />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {anchors.map((a) => (
              <li key={a.href}>
                <a
                  href={a.href}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted hover:bg-surface hover:text-ink"
                >
                  {a.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? <AccountMenu user={user} /> : <VisitorLinks />}
          <span className="hidden sm:contents">
            <ButtonLink to="/create-listing" variant="accent" size="sm">
              <Plus className="size-4" aria-hidden="true" />
              List Item
            </ButtonLink>
          </span>
          <MobileMenu signedIn={Boolean(user)} />
        </div>
      </Container>
    </header>
  );
}

function VisitorLinks() {
  return (
    <>
      <Link to="/auth" className={buttonClass({ variant: "ghost", size: "sm" })}>
        Login
      </Link>
      <span className="hidden sm:contents">
        <Link to="/auth?mode=signup" className={buttonClass({ variant: "outline", size: "sm" })}>
          Sign Up
        </Link>
      </span>
    </>
  );
}

function AccountMenu({ user }: { user: NonNullable<NavUser> }) {
  const itemClass = "block w-full rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-surface";
  return (
    <details className="group relative">
      <summary
        className={buttonClass(
          { variant: "outline", size: "sm" },
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <UserRound className="size-4" aria-hidden="true" />
        <span>Account</span>
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="absolute right-0 mt-2 w-56 rounded-xl border border-line bg-white p-2 shadow-lg">
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
              <button type="submit" className={itemClass}>
                Sign Out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}

function MobileMenu({ signedIn }: { signedIn: boolean }) {
  return (
    <details className="relative md:hidden">
      <summary
        className={buttonClass(
          { variant: "ghost", size: "sm" },
          "cursor-pointer list-none px-2 [&::-webkit-details-marker]:hidden",
        )}
      >
        <Menu className="size-5" aria-hidden="true" />
        <span className="sr-only">Menu</span>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute right-0 mt-2 w-56 rounded-xl border border-line bg-white p-2 shadow-lg"
      >
        <ul>
          {anchors.map((a) => (
            <li key={a.href}>
              <a href={a.href} className="block rounded-md px-3 py-2 text-sm text-ink hover:bg-surface">
                {a.label}
              </a>
            </li>
          ))}
          {!signedIn && (
            <li>
              <Link to="/auth?mode=signup" className="block rounded-md px-3 py-2 text-sm text-ink hover:bg-surface">
                Sign Up
              </Link>
            </li>
          )}
          <li>
            <Link
              to="/create-listing"
              className="block rounded-md px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-surface"
            >
              List Item
            </Link>
          </li>
        </ul>
      </nav>
    </details>
  );
}
