/**
 * The System Logs page's tabs and quick filters (admin-and-legal.md, System Logs and section 9). Each tab reads
 * one table: Errors the error events this app records in audit_logs, Webhooks the payment provider's
 * webhook_events, Auth Events and Security the security_events.
 */
export const LOG_TABS = ["errors", "webhooks", "auth", "security"] as const;
export type LogTab = (typeof LOG_TABS)[number];

export const LOG_TAB_LABELS: Record<LogTab, string> = {
  errors: "Errors",
  webhooks: "Webhooks",
  auth: "Auth Events",
  security: "Security",
};

/** The spec's auth events: the security events of these types. */
export const AUTH_EVENT_TYPES = ["login_attempt", "signup_attempt", "password_reset", "rate_limited"] as const;

/** The error events recorded in audit_logs: an unexpected server error, a failed job, a failed mail delivery. */
export const ERROR_ACTIONS = ["error.server", "error.job", "error.mail"] as const;
export type ErrorAction = (typeof ERROR_ACTIONS)[number];

export const QUICK_FILTERS = ["webhook_failed", "rate_limited", "state_invariant"] as const;
export type QuickFilter = (typeof QUICK_FILTERS)[number];

export const QUICK_FILTER_LABELS: Record<QuickFilter, string> = {
  webhook_failed: "Webhook Failed",
  rate_limited: "Rate Limited",
  state_invariant: "State Invariant",
};

/** The spec's figure: log queries return 500 rows each; further pages by keyset. */
export const LOG_PAGE_SIZE = 500;

/** One row of any tab, in the page's (and the CSV's) terms. */
export type LogEvent = {
  id: string;
  createdAt: Date;
  eventType: string;
  message: string;
  error: string | null;
  status: string;
  userId: string | null;
  /** What View Record copies: what the event is about (an error's request id, a webhook's event id), else the event's own id. */
  targetId: string;
};

export type LogFilters = { q?: string; quick?: string; cursor?: string | null };

export function asLogTab(value: string | null | undefined): LogTab {
  return LOG_TABS.includes(value as LogTab) ? (value as LogTab) : "errors";
}

export function asQuickFilter(value: string | null | undefined): QuickFilter | null {
  return QUICK_FILTERS.includes(value as QuickFilter) ? (value as QuickFilter) : null;
}
