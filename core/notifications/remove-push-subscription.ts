import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { pushSubscriptions } from "#db/schema/notifications.ts";
import { hitMemberLimit } from "../rate-limit/member-limits";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import type { PushConfig } from "./push-settings";
import { checkEndpoint, PUSH_NOT_AVAILABLE } from "./save-push-subscription";

export const NOT_YOUR_BROWSER = "This browser isn't receiving your notifications.";

/**
 * Stops notifying a browser ("Stop notifying this browser"): deletes the member's subscription with that
 * endpoint. Another member's endpoint, or one we don't have, is the same NOT_FOUND (nothing said about others'
 * browsers, nothing deleted).
 */
export async function removePushSubscription(
  deps: { db: Db; clock: Clock; push: PushConfig | null },
  { userId, endpoint }: { userId: string; endpoint: unknown },
): Promise<void> {
  if (!deps.push) throw new AppError("NOT_FOUND", PUSH_NOT_AVAILABLE);
  const checked = checkEndpoint(endpoint, deps.push);
  await hitMemberLimit(deps, { userId, action: "push_subscribe" });
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, checked), eq(pushSubscriptions.userId, userId)))
    .returning();
  if (removed.length === 0) throw new AppError("NOT_FOUND", NOT_YOUR_BROWSER);
}
