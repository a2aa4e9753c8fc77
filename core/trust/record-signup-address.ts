import { and, eq, gt, isNotNull } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { profiles } from "#db/schema/profiles.ts";
import { raiseSignal } from "./raise-signal";
import { SHARED_ADDRESS_ACCOUNTS, SHARED_ADDRESS_WINDOW_HOURS, sharedAddressScore } from "./signal-rules";

/**
 * The address an account is made from, as compared: an IPv4 address as it is, an IPv6 address cut to its /64 (one
 * home or phone gets a whole /64, and changes the rest at will). Null when there is none to keep.
 */
export function signupAddress(ip: string | null | undefined): string | null {
  const value = ip?.trim().toLowerCase();
  if (!value || value.length > 64) return null;
  if (!value.includes(":")) return /^\d{1,3}(\.\d{1,3}){3}$/.test(value) ? value : null;
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1];
  const [head, tail] = value.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = value.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/**
 * Right after sign-up: keeps the address the account was made from (profiles.signup_address) and, when
 * SHARED_ADDRESS_ACCOUNTS or more accounts were made from it within SHARED_ADDRESS_WINDOW_HOURS, raises one signal
 * for that address and day, about the account that reached the number (later ones update it). One transaction.
 */
export async function recordSignupAddress(
  db: Db,
  { userId, ip, now }: { userId: string; ip: string | null | undefined; now: Date },
) {
  const address = signupAddress(ip);
  if (!address) return null;
  return db.transaction(async (tx) => {
    await tx.update(profiles).set({ signupAddress: address }).where(eq(profiles.userId, userId));
    const since = new Date(now.getTime() - SHARED_ADDRESS_WINDOW_HOURS * 3_600_000);
    const accounts = await tx
      .select({ id: users.id, email: users.email, createdAt: profiles.createdAt })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(isNotNull(profiles.signupAddress), eq(profiles.signupAddress, address), gt(profiles.createdAt, since)))
      .orderBy(profiles.createdAt)
      .limit(100);
    if (accounts.length < SHARED_ADDRESS_ACCOUNTS) return null;
    const first = accounts[0].createdAt.toISOString().slice(0, 10);
    const shown = accounts.slice(0, 8).map((a) => a.email);
    const more = accounts.length > shown.length ? ` and ${accounts.length - shown.length} more` : "";
    return raiseSignal(tx, {
      kind: "shared_address",
      userId,
      score: sharedAddressScore(accounts.length),
      explanation: `${accounts.length} accounts were made from one address (${address}) within ${SHARED_ADDRESS_WINDOW_HOURS} hours: ${shown.join(", ")}${more}.`,
      details: { address, accounts: accounts.length, userIds: accounts.slice(0, 50).map((a) => a.id) },
      dedupeKey: `shared_address:${address}:${first}`,
      holds: "member",
      now,
    });
  });
}
