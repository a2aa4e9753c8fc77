import type { Db } from "#db/client.ts";
import { collectMemberData, type MemberData } from "./collect-member-data";
import { type ConversationData, collectConversationData } from "../conversations/collect-conversation-data";
import { maskContactDetails } from "../conversations/contact-details";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "../auth/account-limits";
import type { RequestMeta } from "../auth/auth-attempt";

/**
 * "Download my data": the document an admin's export gives (collectMemberData), of the signed-in member only, and
 * their conversations besides (staff's export leaves those out: staff read no conversation nobody reported), read
 * with its `data_exported` security event in one transaction. Rate limited: it is a heavy read.
 */
export async function exportOwnData(
  deps: { db: Db; clock: Clock },
  { userId }: { userId: string },
  meta: RequestMeta,
): Promise<MemberData & { conversations: ConversationData }> {
  await enforceAccountLimit(deps, { action: "export_data", subject: userId, userId }, meta);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const collected = {
      ...(await collectMemberData(tx, { userId, now })),
      conversations: await collectConversationData({ db: tx, mask: maskContactDetails }, { userId }),
    };
    await recordSecurityEvent(tx, {
      eventType: "data_exported",
      attemptedAction: "export_data",
      success: true,
      userId,
      metadata: {
        listings: collected.listings.length,
        swaps: collected.swaps.length,
        payments: collected.payments.length,
      },
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
    return collected;
  });
}
