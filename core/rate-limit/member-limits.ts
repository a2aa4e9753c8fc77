import type { Db } from "#db/client.ts";
import { isFeatureEnabled } from "../flags/is-feature-enabled";
import { PRODUCT_TIME_ZONE } from "../shared/time";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { hitRateLimit } from "./hit-rate-limit";

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `perHour` an hour and `perDay` a day: both windows are counted. */
function hourlyAndDaily(perHour: number, perDay: number) {
  return [
    { limit: perHour, windowSeconds: HOUR },
    { limit: perDay, windowSeconds: DAY },
  ] as const;
}

/** `perMinute` a minute (a burst) and `perDay` a day: both windows are counted. */
function perMinuteAndDaily(perMinute: number, perDay: number) {
  return [
    { limit: perMinute, windowSeconds: MINUTE },
    { limit: perDay, windowSeconds: DAY },
  ] as const;
}

/**
 * What one member may do in a window: generous for a person (listing a garage's worth of tools in an evening),
 * tight for a script. Every window of an action is counted; the first one exceeded refuses. Decision 023.
 */
export const MEMBER_LIMITS = {
  create_listing: { windows: hourlyAndDaily(10, 30), noun: "new listings", again: "list another item" },
  // Edits re-encode any new pictures: a person fixes a typo or a photo a few times, a script churns storage.
  update_listing: { windows: hourlyAndDaily(30, 100), noun: "listing changes", again: "change a listing again" },
  propose_swap: { windows: hourlyAndDaily(20, 60), noun: "offers", again: "make another offer" },
  // Offers on one listing from one member: its owner gets an e-mail for each, so three a day is plenty.
  propose_swap_on_listing: {
    windows: [{ limit: 3, windowSeconds: DAY }],
    noun: "offers on this listing",
    again: "offer on it again",
  },
  // Conversations (decision 081): a person chats in bursts; a script sprays. A member's account is new for its
  // first NEW_ACCOUNT_DAYS (core/conversations/conversation-limits.ts) and gets the tighter row of each pair.
  send_message: { windows: perMinuteAndDaily(30, 500), noun: "messages", again: "send another message" },
  send_message_new_account: { windows: perMinuteAndDaily(10, 100), noun: "messages", again: "send another message" },
  // Each new thread lands in another member's inbox, unasked: fewer than messages, far fewer from a new account.
  start_conversation: {
    windows: [{ limit: 30, windowSeconds: DAY }],
    noun: "new conversations",
    again: "start another conversation",
  },
  start_conversation_new_account: {
    windows: [{ limit: 5, windowSeconds: DAY }],
    noun: "new conversations",
    again: "start another conversation",
  },
  report_listing: { windows: hourlyAndDaily(10, 30), noun: "reports", again: "report another listing" },
  // Reports of lines in a member's own threads (decision 086): as many as of listings.
  report_message: { windows: hourlyAndDaily(10, 30), noun: "message reports", again: "report another message" },
  // Reports of reviews on member pages (decision 094): as many as of messages.
  report_review: { windows: hourlyAndDaily(10, 30), noun: "review reports", again: "report another review" },
  // Web Push (decision 085): a browser subscribes or stops a few times; a script cycling endpoints is stopped.
  push_subscribe: { windows: hourlyAndDaily(20, 60), noun: "browser notification changes", again: "change them again" },
} as const;

export type MemberLimitedAction = keyof typeof MEMBER_LIMITS;

const clockFormat = new Intl.DateTimeFormat("en-AU", {
  timeZone: PRODUCT_TIME_ZONE,
  weekday: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

export function memberLimitMessage(action: MemberLimitedAction, at: Date) {
  const { noun, again } = MEMBER_LIMITS[action];
  return `You've reached the limit for ${noun}. You can ${again} from ${clockFormat.format(at)}.`;
}

/**
 * Counts one attempt of a member's action in the database (shared by every process, atomic per window) and
 * refuses with RATE_LIMITED, the time to come back (Sydney) and a `rate_limited` security event once a window
 * is full. `scope` narrows the count (one listing). Off while `enable_rate_limiting` is off.
 */
export async function hitMemberLimit(
  deps: { db: Db; clock: Clock },
  { userId, action, scope }: { userId: string; action: MemberLimitedAction; scope?: string },
  // Inside a transaction that the refusal rolls back, the caller records the event after it (see proposeSwap).
  { recordRefusal = true }: { recordRefusal?: boolean } = {},
): Promise<void> {
  if (!(await isFeatureEnabled(deps.db, "enable_rate_limiting"))) return;
  const now = deps.clock.now();
  for (const window of MEMBER_LIMITS[action].windows) {
    const key = `member:${action}:${window.windowSeconds}:${userId}${scope ? `:${scope}` : ""}`;
    const hit = await hitRateLimit(deps.db, { key, ...window, now });
    if (hit.allowed) continue;
    const refusal = new MemberLimitError(
      action,
      memberLimitMessage(action, new Date(now.getTime() + hit.retryAfterSeconds * 1000)),
      {
        retryAfterSeconds: hit.retryAfterSeconds,
        limit: window.limit,
        windowSeconds: window.windowSeconds,
        scope,
      },
    );
    if (recordRefusal) await recordMemberLimitRefusal(deps.db, userId, refusal);
    throw refusal;
  }
}

/** A member over one of their limits: RATE_LIMITED with what was exceeded, for the security log. */
export class MemberLimitError extends AppError {
  constructor(
    readonly action: MemberLimitedAction,
    message: string,
    readonly limitDetails: { retryAfterSeconds: number; limit: number; windowSeconds: number; scope?: string },
  ) {
    super("RATE_LIMITED", message, { retryAfterSeconds: limitDetails.retryAfterSeconds });
  }
}

/** The `rate_limited` security event for a refusal (System Logs' Rate Limited filter reads these). */
export async function recordMemberLimitRefusal(db: Db, userId: string, refusal: MemberLimitError) {
  const { limit, windowSeconds, scope } = refusal.limitDetails;
  await recordSecurityEvent(db, {
    eventType: "rate_limited",
    attemptedAction: refusal.action,
    success: false,
    userId,
    errorMessage: refusal.message,
    metadata: { limit, windowSeconds, ...(scope ? { scope } : {}) },
  });
}
