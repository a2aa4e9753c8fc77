import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "#app/context.ts";
import { ACCOUNT_PAGES, type AccountFeature } from "#app/components/account/account-nav.ts";
import { Container } from "#app/components/ui/container.tsx";
import { identityProviderChoices, identityProvidersFromEnv } from "#core/auth/identity-providers.ts";

/** Which optional pages this deployment has (each page still checks for itself). */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(appContext);
  const features: Record<AccountFeature, boolean> = {
    identityProviders: identityProviderChoices(identityProvidersFromEnv(env)).length > 0,
  };
  return { features };
}

/** My Account's frame: the pages beside one another, each its own route (and its own guard). */
export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const pages = ACCOUNT_PAGES.filter((page) => !page.requires || loaderData.features[page.requires]);
  return (
    <main id="main" className="bg-surface py-8 sm:py-12">
      <Container className="max-w-4xl">
        <h1 className="text-2xl font-bold tracking-tight">My Account</h1>
        <div className="mt-6 grid gap-6 md:grid-cols-[12rem_1fr]">
          {/* Below md the sections wrap onto as many rows as they need: every one in sight, none off-screen. */}
          <nav aria-label="My Account" className="-mx-1 md:mx-0">
            <ul className="flex flex-wrap gap-1 md:flex-col">
              {pages.map((page) => (
                <li key={page.to}>
                  <NavLink
                    to={page.to}
                    end
                    prefetch="intent"
                    className={({ isActive }) =>
                      `block whitespace-nowrap rounded-lg px-3 py-3 text-sm font-medium ${isActive ? "bg-white text-brand-800 shadow-sm ring-1 ring-line" : "text-muted hover:bg-white hover:text-ink"}`
                    }
                  >
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="min-w-0 space-y-6">
            <Outlet />
          </div>
        </div>
      </Container>
    </main>
  );
}
