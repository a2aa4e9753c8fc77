import { and, eq, inArray, or } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { conversations } from "#db/schema/conversations.ts";
import { profiles } from "#db/schema/profiles.ts";
import { AppError } from "../shared/app-error";
import { isUuid } from "../shared/ids";

// Refusals the conversation use cases share, and the one way they find a thread for one of its two members.
export const THREAD_NOT_FOUND = "Conversation not found";
export const SENDER_NOT_ACTIVE = "Your account isn't active, so you can't send messages.";
export const RECIPIENT_NOT_ACTIVE = "This member's account is no longer active, so they can't receive messages.";

export type ThreadParticipant = {
  id: string;
  askerId: string;
  ownerId: string;
  /** The member across the thread from the one who asked. */
  otherId: string;
};

/**
 * The thread as one of its two members sees it. Anyone else is told it does not exist, exactly as for a missing
 * id, so a stranger learns nothing (not even that the thread exists).
 */
export async function findThreadAsParticipant(
  db: Db,
  { conversationId, userId }: { conversationId: string; userId: string },
): Promise<ThreadParticipant> {
  if (!isUuid(conversationId)) throw new AppError("NOT_FOUND", THREAD_NOT_FOUND);
  const [thread] = await db
    .select({ id: conversations.id, askerId: conversations.askerId, ownerId: conversations.ownerId })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        or(eq(conversations.askerId, userId), eq(conversations.ownerId, userId)),
      ),
    );
  if (!thread) throw new AppError("NOT_FOUND", THREAD_NOT_FOUND);
  return { ...thread, otherId: thread.askerId === userId ? thread.ownerId : thread.askerId };
}

/**
 * A message goes from an active member to an active member: a suspended or deleted account neither writes nor is
 * written to (its threads stay readable). Returns when the sender's account was made, for their limits.
 */
export async function refuseUnlessBothActive(
  db: Db,
  { senderId, recipientId }: { senderId: string; recipientId: string },
): Promise<{ senderJoinedAt: Date }> {
  const rows = await db
    .select({
      id: users.id,
      createdAt: users.createdAt,
      status: profiles.status,
      deletedAt: profiles.deletedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, [senderId, recipientId]));
  const isActive = (id: string) => {
    const row = rows.find((r) => r.id === id);
    return row !== undefined && row.status !== "suspended" && row.deletedAt === null;
  };
  if (!isActive(senderId)) throw new AppError("FORBIDDEN", SENDER_NOT_ACTIVE);
  if (!isActive(recipientId)) throw new AppError("CONFLICT", RECIPIENT_NOT_ACTIVE);
  const sender = rows.find((r) => r.id === senderId) as { createdAt: Date };
  return { senderJoinedAt: sender.createdAt };
}
