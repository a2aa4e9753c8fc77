import { and, eq, gt } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { contactDetailAttempts } from "#db/schema/conversations.ts";
import { isThreadUnlocked } from "../conversations/is-thread-unlocked";
import { raiseSignal } from "./raise-signal";
import { CONTACT_ATTEMPTS, CONTACT_WINDOW_HOURS, contactScore } from "./signal-rules";

/**
 * After a masked message (contact details sent before the handshake, decision 080): CONTACT_ATTEMPTS of them within
 * CONTACT_WINDOW_HOURS, in any of the member's threads, raise one signal per member; more attempts raise its score.
 */
export async function checkContactAttempts(tx: Db, { userId, now }: { userId: string; now: Date }) {
  const since = new Date(now.getTime() - CONTACT_WINDOW_HOURS * 3_600_000);
  const rows = await tx
    .select({ conversationId: contactDetailAttempts.conversationId, kinds: contactDetailAttempts.kinds })
    .from(contactDetailAttempts)
    .where(and(eq(contactDetailAttempts.userId, userId), gt(contactDetailAttempts.createdAt, since)))
    .limit(200);
  // Only threads still before their handshake count: contact details sent once both fees are paid are expected.
  const locked = new Map<string, boolean>();
  for (const id of new Set(rows.map((r) => r.conversationId))) locked.set(id, !(await isThreadUnlocked(tx, id)));
  const attempts = rows.filter((r) => locked.get(r.conversationId));
  if (attempts.length < CONTACT_ATTEMPTS) return null;
  const what = [...new Set(attempts.flatMap((r) => r.kinds))].map((k) => k.replace(/_/g, " ")).join(", ");
  const threads = new Set(attempts.map((r) => r.conversationId)).size;
  const where = threads === 1 ? "in one conversation" : `across ${threads} conversations`;
  return raiseSignal(tx, {
    kind: "contact_before_handshake",
    userId,
    score: contactScore(attempts.length),
    explanation: `Tried to send contact details (${what}) before the handshake ${attempts.length} times in ${CONTACT_WINDOW_HOURS} hours, ${where}; each time they were masked.`,
    details: { attempts: attempts.length, kinds: what, conversationIds: [...locked.keys()].slice(0, 20) },
    dedupeKey: `contact_before_handshake:${userId}`,
    holds: "member",
    now,
  });
}
