import { Link } from "react-router";
import { Bell } from "#app/components/ui/icons.ts";
import { buttonClass } from "../ui/button";

/** The most the badge shows in figures; the root's count stops just past it (countUnreadNotifications). */
const SHOWN_MAX = 99;

/** "3", or "99+". */
export function unreadLabel(unread: number): string {
  return unread > SHOWN_MAX ? `${SHOWN_MAX}+` : String(unread);
}

/** What the bell is called to a screen reader: "Notifications, 3 unread", or "Notifications" when none are. */
export function notificationsName(unread: number): string {
  return unread > 0 ? `Notifications, ${unreadLabel(unread)} unread` : "Notifications";
}

/**
 * The bell in the header, for signed-in members: a plain link to /notifications (works before and without
 * JavaScript) with the unread count as a badge. The badge is for the eye; its words are in the link's name.
 */
export function NotificationBell({ unread, className = "" }: { unread: number; className?: string }) {
  return (
    <Link
      to="/notifications"
      className={buttonClass({ variant: "ghost", size: "sm" }, `relative px-2 ${className}`)}
      aria-label={notificationsName(unread)}
    >
      <Bell className="size-5" aria-hidden="true" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-1 -right-1 min-w-5 rounded-full bg-danger px-1 text-center text-[11px] font-bold leading-5 text-white"
        >
          {unreadLabel(unread)}
        </span>
      )}
    </Link>
  );
}
