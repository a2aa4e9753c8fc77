import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  type ShouldRevalidateFunctionArgs,
  Links,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { appContext } from "./context";
import { readFlash } from "./lib/flash.server";
import { useNonce } from "./lib/nonce";
import { EARLY_PAGE_SCRIPT, replayTapBeforeHydration } from "./lib/taps-before-hydration";
import { ErrorScreen } from "./components/layout/error-screen";
import { requestIdOf } from "./components/layout/request-reference";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { DemoBanner } from "./components/layout/demo-banner";
import { Toaster } from "./components/ui/toaster";
import { TOAST_DURATION_MS, toast } from "./lib/toast";
import { useFocusOnNavigation } from "./lib/use-focus-on-navigation";
import { MetaWithUnreadCount } from "./components/layout/meta-with-unread-count";
import { LiveUpdates } from "./components/layout/live-updates";
import { useLiveCounts } from "./lib/live-counts";
import { countUnreadNotifications } from "#core/notifications/count-unread-notifications.ts";
import { countUnreadMessages } from "#core/conversations/count-unread-messages.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await ctx.getUser();
  const { flash, clear } = await readFlash(request);
  return data(
    {
      user: user && {
        id: user.id,
        name: user.name,
        role: user.role,
        avatarUrl: user.avatarUrl ?? null,
        // Beside "Messages" in the account menu.
        unreadMessages: await countUnreadMessages(ctx.db, { userId: user.id }),
      },
      // The bell's badge and the tab title's "(3)": one capped count on the unread index (decision 082).
      unread: user ? await countUnreadNotifications(ctx.db, user.id) : 0,
      site: {
        supportEmail: ctx.env.SUPPORT_EMAIL,
        investorEmail: ctx.env.INVESTOR_EMAIL,
        testPayments: ctx.env.PAYMENT_PROVIDER === "local",
      },
      flash,
      // For the error page when this page fails to render (a failed loader sends its own id with the error). Not
      // in a page shared between visitors: it would name someone else's request.
      requestId: ctx.sharedRender ? null : ctx.requestId,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** Opening a thread (or the inbox) changes the unread count the header shows: read it again on the way there. */
export function shouldRevalidate({ nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return nextUrl.pathname === "/messages" || nextUrl.pathname.startsWith("/messages/") || defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Undefined on an error page the root loader did not answer for.
  const root = useRouteLoaderData<typeof loader>("root");
  const flash = root?.flash;
  // The loader's counts, or newer ones from the live stream (decision 084).
  const counts = useLiveCounts(root, { notices: root?.unread ?? 0, messages: root?.user?.unreadMessages ?? 0 });
  // Marks the page as running React: it hydrates after the first paint (decision 020), and the browser
  // journeys wait for this before using what only works with JavaScript.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    // A JavaScript-only button tapped before React ran does now what it says (decision 064).
    replayTapBeforeHydration();
  }, []);
  return (
    // The early script below marks <html> before React runs (data-passkeys): not a mismatch to report.
    <html lang="en-AU" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* First in <head>, before anything can be drawn or tapped (decision 064). A fixed string, no input. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours (app/lib/taps-before-hydration.ts) */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_PAGE_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#195a43" />
        {/* With a precedence, React writes the stylesheet at the top of <head>, before the ~20 modulepreload
            links <Scripts> hoists there: the render-blocking CSS is requested first, not last. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <MetaWithUnreadCount unread={counts.notices} />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-ink">
        {root?.site.testPayments && <DemoBanner />}
        {children}
        <Toaster flash={flash} />
        {root?.user && <LiveUpdates root={root} />}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Whether the root has run its flash effect since the page loaded (per document, not per mount: App mounts
 * again after an error page, and its flash then is a new one to show).
 */
let flashSeenSinceHydration = false;

export default function App() {
  const { flash } = useLoaderData<typeof loader>();
  // Focus to the new page's heading after each client-side navigation (N23).
  useFocusOnNavigation();
  useEffect(() => {
    const atHydration = !flashSeenSinceHydration;
    flashSeenSinceHydration = true;
    if (!flash) return;
    // The page's first message was already drawn by the server (Toaster). If hydration came so late that it
    // has been up for a toast's whole time (it leaves by itself), it is not shown a second time.
    if (atHydration && performance.now() >= TOAST_DURATION_MS) return;
    toast[flash.type](flash.message, flash.description ? { description: flash.description } : undefined);
  }, [flash]);
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Anything unexpected lands here; details stay in the server log and System Logs, under the id shown.
  const rootRequestId = useRouteLoaderData<typeof loader>("root")?.requestId;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorScreen title="404" message="Oops! Page not found" />;
  }
  return (
    <ErrorScreen
      title="Something went wrong"
      message="An unexpected error occurred. Don't worry, your data is safe."
      requestId={requestIdOf(error) ?? rootRequestId}
    />
  );
}
