import type { Db } from "#db/client.ts";
import type { Clock } from "../shared/clock";
import { hitMemberLimit } from "../rate-limit/member-limits";

/** An account is new for this many days after it is made, and has the tighter limits of MEMBER_LIMITS meanwhile. */
export const NEW_ACCOUNT_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const ACTIONS = {
  message: { established: "send_message", new: "send_message_new_account" },
  thread: { established: "start_conversation", new: "start_conversation_new_account" },
} as const;

/**
 * Counts one message, or one new thread, against the member's limits (the numbers are MEMBER_LIMITS'). Call it in
 * the transaction of the change: a refusal rolls the change back, and the caller records the refusal after it.
 */
export async function hitConversationLimit(
  deps: { db: Db; clock: Clock },
  { userId, joinedAt, what }: { userId: string; joinedAt: Date; what: keyof typeof ACTIONS },
): Promise<void> {
  const isNew = deps.clock.now().getTime() - joinedAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
  const action = ACTIONS[what][isNew ? "new" : "established"];
  await hitMemberLimit(deps, { userId, action }, { recordRefusal: false });
}
