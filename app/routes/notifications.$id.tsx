import { data, redirect } from "react-router";
import type { Route } from "./+types/notifications.$id";
import { appContext } from "../context";
import { pageNotFoundMeta } from "../components/layout/page-not-found";
import { RouteError } from "../components/layout/route-error";
import { requireUser } from "../lib/require-user.server";
import { markNotificationRead, NOTIFICATION_NOT_FOUND } from "#core/notifications/mark-notification-read.ts";
import { isAppError } from "#core/shared/app-error.ts";

/**
 * Opening a notice: marks it read and goes where it is about (a plain link, so it opens in a new tab, can be
 * copied and works without JavaScript; decision 082). Someone else's notice, or none, is the site's 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  try {
    const { href } = await markNotificationRead(ctx, { userId: user.id, notificationId: params.id });
    return redirect(href);
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw data(NOTIFICATION_NOT_FOUND, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = () => pageNotFoundMeta;

/** Never drawn: the loader always redirects or throws. */
export default function OpenNotification() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
