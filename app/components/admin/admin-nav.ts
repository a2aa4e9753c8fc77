import type { StaffAction } from "#core/staff/permissions.ts";

export type AdminNavItem = { label: string; to: string; icon: AdminIconName; permission: StaffAction; end?: boolean };
export type AdminNavGroup = { label: string; items: AdminNavItem[] };
export type AdminIconName =
  | "dashboard"
  | "users"
  | "listings"
  | "audit"
  | "swaps"
  | "payments"
  | "moderation"
  | "reports"
  | "tools"
  | "logs"
  | "settings";

/**
 * The sidebar, grouped as the spec has it (Overview; Management; Analytics & Monitoring; System). Only pages
 * that exist are listed; each carries the permission its loader checks, so the sidebar offers exactly what
 * the person may open. A group with nothing in it is not shown.
 */
export const ADMIN_NAV: AdminNavGroup[] = [
  {
    label: "Overview",
    items: [{ label: "Dashboard", to: "/admin", icon: "dashboard", permission: "view_dashboard", end: true }],
  },
  {
    label: "Management",
    items: [
      { label: "Users", to: "/admin/users", icon: "users", permission: "view_users" },
      { label: "Listings", to: "/admin/listings", icon: "listings", permission: "view_listings" },
      { label: "Swaps", to: "/admin/swaps", icon: "swaps", permission: "view_swaps" },
      { label: "Payments", to: "/admin/payments", icon: "payments", permission: "view_payments" },
    ],
  },
  {
    label: "Analytics & Monitoring",
    items: [
      { label: "Reports", to: "/admin/reports", icon: "reports", permission: "view_reports" },
      { label: "Moderation Queue", to: "/admin/moderation", icon: "moderation", permission: "view_moderation_queue" },
      { label: "System Logs", to: "/admin/logs", icon: "logs", permission: "view_logs" },
    ],
  },
  {
    label: "System",
    items: [
      { label: "Tools", to: "/admin/tools", icon: "tools", permission: "view_tools" },
      { label: "Settings", to: "/admin/settings", icon: "settings", permission: "view_settings" },
      { label: "Audit Logs", to: "/admin/audit-logs", icon: "audit", permission: "view_audit_logs" },
    ],
  },
];
