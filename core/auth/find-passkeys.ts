import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { passkeys } from "#db/schema/auth.ts";

export type PasskeySummary = {
  id: string;
  name: string | null;
  createdAt: Date | null;
  /** The authenticator said the passkey is backed up (synced by a password manager or the platform's account). */
  backedUp: boolean;
  /** "multiDevice" passkeys can be synced; "singleDevice" ones never leave the authenticator. */
  deviceType: string;
};

/** The member's own passkeys, oldest first; never another member's. */
export async function findPasskeys(db: Db, { userId }: { userId: string }): Promise<PasskeySummary[]> {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      backedUp: passkeys.backedUp,
      deviceType: passkeys.deviceType,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}
