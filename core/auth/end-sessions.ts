import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { sessions } from "#db/schema/auth.ts";

/** Signs the member out everywhere, at once: their sessions are rows, and a deleted row is a dead cookie. */
export async function endSessions(tx: Db, userId: string) {
  return (await tx.delete(sessions).where(eq(sessions.userId, userId)).returning()).length;
}
