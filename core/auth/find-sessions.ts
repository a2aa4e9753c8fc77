import { and, desc, eq, gt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { sessions } from "#db/schema/auth.ts";
import { describeDevice } from "./describe-device";

export type MemberSession = {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: Date;
  lastActiveAt: Date;
  current: boolean;
};

/**
 * The member's own sessions that have not expired: where (device, address), since when, last seen. This device
 * first, then the most recently active. Only ever this member's rows; tokens never leave this function.
 */
export async function findSessions(
  db: Db,
  { userId, currentSessionId, now }: { userId: string; currentSessionId: string; now: Date },
): Promise<MemberSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent) ?? "Unknown device",
      ipAddress: row.ipAddress || null,
      signedInAt: row.createdAt,
      lastActiveAt: row.updatedAt,
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
