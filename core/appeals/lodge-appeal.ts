import type { Db } from "#db/client.ts";
import { appeals } from "#db/schema/appeals.ts";
import type { RequestMeta } from "../auth/auth-attempt";
import { recordSecurityEvent } from "../security/record-security-event";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { isUuid } from "../shared/ids";
import { isUniqueViolation } from "../shared/sql-errors";
import { findListingDecision, findSuspension } from "./appealed-decisions";
import {
  ALREADY_APPEALED,
  APPEAL_LINK_EXPIRED,
  APPEAL_STATEMENT_MAX,
  LISTING_NOT_FOUND,
  NOTHING_TO_APPEAL,
  STATEMENT_REQUIRED,
  STATEMENT_TOO_LONG,
} from "./appeal-rules";
import { readAppealToken } from "./appeal-token";

type Meta = Pick<RequestMeta, "ip" | "userAgent">;

export function readStatement(value: unknown): string {
  const statement = typeof value === "string" ? value.trim() : "";
  if (!statement) throw new AppError("VALIDATION", STATEMENT_REQUIRED, { field: "statement" });
  if (statement.length > APPEAL_STATEMENT_MAX)
    throw new AppError("VALIDATION", STATEMENT_TOO_LONG, { field: "statement" });
  return statement;
}

/**
 * The suspension a token opens (decision 097): the member's, while it is the same suspension the token was made for
 * (a suspension lifted and imposed again is a new decision). Null for a bad, expired or stale token.
 */
export async function findSuspensionForToken(db: Db, { token, now }: { token: unknown; now: Date }) {
  const claims = readAppealToken(token, now);
  if (!claims) return null;
  const suspension = await findSuspension(db, claims.userId);
  if (!suspension || suspension.decisionAt.getTime() !== claims.suspendedAt.getTime()) return null;
  return { userId: claims.userId, ...suspension };
}

/** Inserts the appeal and its security event in one transaction; a second appeal of one decision is refused. */
async function lodge(db: Db, values: typeof appeals.$inferInsert, meta: Meta): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(appeals).values(values).returning();
      await recordSecurityEvent(tx, {
        eventType: "appeal_lodged",
        attemptedAction: "appeal_lodged",
        success: true,
        userId: values.userId,
        metadata: {
          appeal_id: row.id,
          subject: values.subject,
          listing_id: values.listingId ?? null,
          decision_at: values.decisionAt.toISOString(),
        },
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      });
      return { id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, "appeals_once_idx")) throw new AppError("CONFLICT", ALREADY_APPEALED);
    throw error;
  }
}

/**
 * A suspended member appeals their suspension from the sign-in refusal, without a session: the token the refusal
 * carried (appeal-token.ts) says who and which suspension. Once per suspension; the staff member who suspended
 * them (from the audit trail) is kept so that someone else decides.
 */
export async function lodgeSuspensionAppeal(
  deps: { db: Db; clock: Clock },
  { token, statement: raw, meta }: { token: unknown; statement: unknown; meta: Meta },
) {
  const now = deps.clock.now();
  const suspension = await findSuspensionForToken(deps.db, { token, now });
  if (!suspension) throw new AppError("FORBIDDEN", APPEAL_LINK_EXPIRED);
  const statement = readStatement(raw);
  return lodge(
    deps.db,
    {
      userId: suspension.userId,
      subject: "suspension",
      decisionAt: suspension.decisionAt,
      actedBy: suspension.actedBy,
      statement,
      createdAt: now,
    },
    meta,
  );
}

/** The owner of a rejected or taken-down listing appeals the decision (signed in). Once per decision. */
export async function lodgeListingAppeal(
  deps: { db: Db; clock: Clock },
  { userId, listingId, statement: raw, meta }: { userId: string; listingId: string; statement: unknown; meta: Meta },
) {
  if (!isUuid(listingId)) throw new AppError("NOT_FOUND", LISTING_NOT_FOUND);
  const found = await findListingDecision(deps.db, { userId, listingId });
  if (!found) throw new AppError("NOT_FOUND", LISTING_NOT_FOUND);
  if (!found.decision) throw new AppError("CONFLICT", NOTHING_TO_APPEAL);
  const statement = readStatement(raw);
  return lodge(
    deps.db,
    {
      userId,
      subject: "listing",
      listingId,
      decisionAt: found.decision.decisionAt,
      actedBy: found.decision.actedBy,
      statement,
      createdAt: deps.clock.now(),
    },
    meta,
  );
}
