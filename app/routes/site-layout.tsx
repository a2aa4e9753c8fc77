import { Outlet, useRouteLoaderData } from "react-router";
import { Footer } from "../components/layout/footer";
import { Navbar, type NavUser } from "../components/layout/navbar";

export default function SiteLayout() {
  const root = useRouteLoaderData("root") as { user: NavUser; unread: number } | undefined;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar user={root?.user ?? null} unread={root?.unread ?? 0} />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
