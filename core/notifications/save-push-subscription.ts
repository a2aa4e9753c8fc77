import { count, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { pushSubscriptions } from "#db/schema/notifications.ts";
import { hitMemberLimit } from "../rate-limit/member-limits";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import type { PushConfig } from "./push-settings";

/** How many browsers one member may have notified at once. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const ENDPOINT_MAX_LENGTH = 2048;

export const PUSH_NOT_AVAILABLE = "Browser notifications aren't available on this site.";
export const BAD_ENDPOINT = "This browser's push address isn't one we can use. Try again, or use another browser.";
export const BAD_KEYS = "This browser sent push keys we can't use. Try again, or use another browser.";
export const TOO_MANY_BROWSERS = `You already have ${MAX_PUSH_SUBSCRIPTIONS} browsers notified. Stop notifying one of them first (from that browser), then try again.`;

/** What a browser's PushSubscription.toJSON() gives, as posted. */
export type PushSubscriptionInput = { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } | null };

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** The endpoint, checked: https (http only on a loopback host, and only where the test setting allows it), ≤ 2048. */
export function checkEndpoint(endpoint: unknown, config: Pick<PushConfig, "allowInsecureEndpoints">): string {
  if (typeof endpoint !== "string" || endpoint.length === 0 || endpoint.length > ENDPOINT_MAX_LENGTH)
    throw new AppError("VALIDATION", BAD_ENDPOINT, { field: "endpoint" });
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new AppError("VALIDATION", BAD_ENDPOINT, { field: "endpoint" });
  }
  const secure = url.protocol === "https:";
  const localTest = url.protocol === "http:" && config.allowInsecureEndpoints && LOOPBACK.has(url.hostname);
  if ((!secure && !localTest) || url.username || url.password || url.hash)
    throw new AppError("VALIDATION", BAD_ENDPOINT, { field: "endpoint" });
  return endpoint;
}

/** A base64url key that decodes to exactly `bytes` bytes (p256dh: an uncompressed P-256 point; auth: 16 bytes). */
function checkKey(value: unknown, bytes: number, first?: number): string {
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(value) || value.length > 200)
    throw new AppError("VALIDATION", BAD_KEYS, { field: "keys" });
  const decoded = Buffer.from(value.replace(/=+$/, ""), "base64url");
  if (decoded.length !== bytes || (first !== undefined && decoded[0] !== first))
    throw new AppError("VALIDATION", BAD_KEYS, { field: "keys" });
  return decoded.toString("base64url");
}

/**
 * Keeps a browser's push subscription for the member (My Account, Notifications, "Notify this browser"). Checked
 * first, nothing changed on refusal: push configured, the endpoint (checkEndpoint), the keys' lengths, the
 * member's limit of subscribe attempts (DB-backed), at most MAX_PUSH_SUBSCRIPTIONS browsers. The same endpoint
 * posted again (the browser renewed its keys, or another member signed in on it) replaces its row and moves to
 * this member: one browser is one member's at a time.
 */
export async function savePushSubscription(
  deps: { db: Db; clock: Clock; push: PushConfig | null },
  { userId, subscription }: { userId: string; subscription: PushSubscriptionInput },
): Promise<{ id: string }> {
  if (!deps.push) throw new AppError("NOT_FOUND", PUSH_NOT_AVAILABLE);
  const input = (subscription ?? {}) as PushSubscriptionInput;
  const endpoint = checkEndpoint(input.endpoint, deps.push);
  const keys = input.keys && typeof input.keys === "object" ? input.keys : {};
  const p256dh = checkKey(keys.p256dh, 65, 0x04);
  const auth = checkKey(keys.auth, 16);
  await hitMemberLimit(deps, { userId, action: "push_subscribe" });
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
      .for("update");
    if (existing?.userId !== userId) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      if (n >= MAX_PUSH_SUBSCRIPTIONS) throw new AppError("CONFLICT", TOO_MANY_BROWSERS);
    }
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh, auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh, auth, failures: 0, createdAt: deps.clock.now(), lastSuccessAt: null },
      })
      .returning();
    return { id: row.id };
  });
}
