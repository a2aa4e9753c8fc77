import { and, eq, gt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { securityEvents } from "#db/schema/audit.ts";
import { users } from "#db/schema/auth.ts";
import { addressKey } from "../rate-limit/address-key";

/** How far back a successful sign-in makes a client address one the member uses. */
const KNOWN_FOR_DAYS = 30;

/**
 * Whether the account with this e-mail has signed in successfully from this client address (an IPv6 client by its
 * /64, as the limits count) within the last 30 days: the member's home, phone or office. While strangers have
 * pushed the address's sign-in ceiling, such a client is still let through (with its own per-client limit), so the
 * strangers cannot lock the member out. It trusts an address, not a person: someone behind the same address (a
 * household, an office) gets the same allowance, and is still held to five tries per five minutes.
 */
export async function isKnownSignInAddress(
  db: Db,
  { email, ip, now }: { email: string; ip: string; now: Date },
): Promise<boolean> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!account) return false;
  const since = new Date(now.getTime() - KNOWN_FOR_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({ ip: securityEvents.ipAddress })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, account.id),
        eq(securityEvents.eventType, "login_attempt"),
        eq(securityEvents.success, true),
        gt(securityEvents.createdAt, since),
      ),
    )
    .groupBy(securityEvents.ipAddress)
    .limit(100);
  const key = addressKey(ip);
  return rows.some((row: { ip: string | null }) => row.ip !== null && addressKey(row.ip) === key);
}
