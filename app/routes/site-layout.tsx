import { Outlet, useRouteLoaderData } from "react-router";
import { Footer } from "../components/layout/footer";
import { Navbar, type NavUser } from "../components/layout/navbar";
import { useLiveCounts } from "../lib/live-counts";

export default function SiteLayout() {
  const root = useRouteLoaderData("root") as { user: NavUser; unread: number } | undefined;
  // The loader's counts, or newer ones from the live stream (app/components/layout/live-updates.tsx).
  const counts = useLiveCounts(root, { notices: root?.unread ?? 0, messages: root?.user?.unreadMessages ?? 0 });
  const user = root?.user ? { ...root.user, unreadMessages: counts.messages } : null;
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Navbar user={user} unread={counts.notices} />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
