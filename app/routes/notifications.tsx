import { Form, Link } from "react-router";
import { Bell } from "#app/components/ui/icons.ts";
import type { Route } from "./+types/notifications";
import { appContext } from "../context";
import { Button } from "../components/ui/button";
import { Container } from "../components/ui/container";
import { readForm } from "../lib/read-form.server";
import { redirectWithFlash } from "../lib/redirect-with-flash.server";
import { requireUser } from "../lib/require-user.server";
import { runAction } from "../lib/run-action.server";
import { findNotifications } from "#core/notifications/find-notifications.ts";
import { groupByDay } from "#core/notifications/group-by-day.ts";
import { markAllNotificationsRead } from "#core/notifications/mark-all-notifications-read.ts";
import { markNotificationRead } from "#core/notifications/mark-notification-read.ts";
import { isUuid } from "#core/shared/ids.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Notifications | SwapShed" },
  { name: "robots", content: "noindex" },
];

/** This page again, at the page of notices the form was sent from. */
function pageUrl(cursor: unknown) {
  return isUuid(cursor) ? `/notifications?${new URLSearchParams({ cursor })}` : "/notifications";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const cursor = new URL(request.url).searchParams.get("cursor");
  const { page, nextCursor } = await findNotifications(ctx.db, { userId: user.id, cursor });
  return {
    groups: groupByDay(page, ctx.clock.now()),
    anyUnread: page.some((n) => !n.read),
    cursor: isUuid(cursor) ? cursor : null,
    nextCursor,
  };
}

/** Mark one notice read, or all of them: plain forms, so with or without JavaScript, back here with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = await requireUser(ctx, request);
  const form = await readForm(request);
  const back = pageUrl(form.cursor);
  if (form.intent === "read-all")
    return runAction(
      () => markAllNotificationsRead(ctx, { userId: user.id }),
      () => redirectWithFlash(ctx, back, { type: "success", message: "All notifications marked as read." }),
    );
  if (form.intent === "read")
    return runAction(
      () => markNotificationRead(ctx, { userId: user.id, notificationId: form.id ?? "" }),
      () => redirectWithFlash(ctx, back, { type: "success", message: "Marked as read." }),
      {
        onRefusal: (refusal) => redirectWithFlash(ctx, back, { type: "error", message: refusal.message }),
      },
    );
  return redirectWithFlash(ctx, back, { type: "error", message: "An unexpected error occurred." });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { groups, anyUnread, cursor, nextCursor } = loaderData;
  return (
    <main id="main" className="py-10">
      <Container>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
            <p className="mt-1 text-muted">What has happened with your swaps, messages and listings.</p>
          </div>
          {anyUnread && (
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              {cursor && <input type="hidden" name="cursor" value={cursor} />}
              <Button type="submit" variant="outline">
                Mark all as read
              </Button>
            </Form>
          )}
        </div>

        {groups.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-line bg-surface px-6 py-14 text-center">
            <Bell className="mx-auto size-10 text-brand-600" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold">{cursor ? "No older notifications" : "No notifications yet"}</p>
            <p className="mt-1 text-muted">
              When someone offers you a swap, pays, messages you or reviews you, you'll see it here.
            </p>
          </div>
        ) : (
          groups.map((group) => (
            <section key={group.heading} aria-label={group.heading} className="mt-8">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">{group.heading}</h2>
              <ul className="mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white">
                {group.items.map((notice) => (
                  <li
                    key={notice.id}
                    className={`flex items-start gap-3 px-4 py-3 ${notice.read ? "" : "bg-brand-50"}`}
                  >
                    {/* Unread is said in words ("New"), not by the tint alone. */}
                    <div className="min-w-0 flex-1">
                      {!notice.read && (
                        <span className="mr-2 inline-block rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                          New
                        </span>
                      )}
                      {/* A plain link: opening it marks the notice read and goes where it is about (decision 082). */}
                      <a
                        href={`/notifications/${notice.id}`}
                        className={`break-words hover:underline ${notice.read ? "text-ink" : "font-semibold text-ink"}`}
                      >
                        {notice.text}
                      </a>
                      <p className="mt-0.5 text-xs text-muted">{notice.time}</p>
                    </div>
                    {!notice.read && (
                      <Form method="post" className="shrink-0">
                        <input type="hidden" name="intent" value="read" />
                        <input type="hidden" name="id" value={notice.id} />
                        {cursor && <input type="hidden" name="cursor" value={cursor} />}
                        <button
                          type="submit"
                          className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-brand-700 hover:bg-brand-100"
                        >
                          Mark as read
                          <span className="sr-only">: {notice.text}</span>
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}

        {(nextCursor || cursor) && (
          <nav aria-label="Pages" className="mt-6 flex justify-between gap-3">
            {cursor ? (
              <Link
                to="/notifications"
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
              >
                ← Newest notifications
              </Link>
            ) : (
              <span />
            )}
            {nextCursor && (
              <Link
                to={pageUrl(nextCursor)}
                className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
              >
                Older notifications →
              </Link>
            )}
          </nav>
        )}
      </Container>
    </main>
  );
}
