import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { AppError } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "../auth/account-limits";
import { type Auth, VERIFY_EMAIL_HOURS } from "../auth/auth";
import type { RequestMeta } from "../auth/auth-attempt";
import { emailSchema } from "../auth/credentials-schema";
import { startPendingEmailChange } from "../auth/pending-email-change";
import { recordAccountChange } from "../auth/record-account-change";
import { requireVerifiedAddress } from "../auth/verified-address";

export const SAME_EMAIL = "That is already your e-mail address.";
/** Worded so it is true whether or not the new address could be used (nothing is sent if it belongs to another account). */
export const emailChangeRequested = (to: string, from: string) =>
  `If ${to} can be used for your account, we've sent a link to it. Open it within 24 hours to confirm the change; until then your account keeps ${from}.`;

/**
 * Changing the e-mail address: Better Auth mails a 24-hour link to the new address (confirm_new_email) and
 * nothing changes until it is opened (verifyEmailAddress). The old address is told at once. The answer is the
 * same whether or not the new address belongs to another account: then Better Auth sends it nothing.
 * The caller has checked the member signed in, or proved it is them, within the last 10 minutes.
 */
export async function requestEmailChange(
  deps: { db: Db; auth: Auth; clock: Clock; appUrl: string },
  { userId, newEmail: raw }: { userId: string; newEmail: unknown },
  meta: RequestMeta,
): Promise<{ message: string }> {
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? "Invalid email address", { field: "newEmail" });
  const newEmail = parsed.data;
  const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND", "Account not found");
  if (newEmail === user.email.toLowerCase()) throw new AppError("VALIDATION", SAME_EMAIL, { field: "newEmail" });
  // A change requested before the address is confirmed could carry the account away from its owner.
  await requireVerifiedAddress(deps.db, userId);
  await enforceAccountLimit(deps, { action: "change_email", subject: userId, userId }, meta);

  const now = deps.clock.now();
  // Recorded before the mail goes (its link's hash is added as it does): a taken address, which gets no mail, still
  // shows as pending, so the page says nothing about who owns it.
  await startPendingEmailChange(deps.db, {
    userId,
    newEmail,
    fromEmail: user.email.toLowerCase(),
    now,
    expiresAt: new Date(now.getTime() + VERIFY_EMAIL_HOURS * 60 * 60 * 1000),
  });
  await deps.auth.api.changeEmail({ body: { newEmail, callbackURL: "/account/email" }, headers: meta.headers });
  await recordAccountChange(
    deps.db,
    {
      userId,
      eventType: "email_change_requested",
      what: `A change of your e-mail address to ${newEmail} was requested. Nothing changes unless the link we sent to ${newEmail} is opened within 24 hours.`,
      metadata: { to: newEmail },
      notifyAddress: user.email,
    },
    { meta, now: deps.clock.now(), appUrl: deps.appUrl },
  );
  return { message: emailChangeRequested(newEmail, user.email) };
}
