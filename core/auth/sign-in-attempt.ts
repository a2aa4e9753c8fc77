import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { users } from "#db/schema/auth.ts";
import { AppError, type AppErrorDetails } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import type { Auth } from "./auth";
import type { PendingDeletion, RequestMeta, SecondStep, SignedIn } from "./auth-attempt";
import { deletionPendingMessage, pendingDeletionOffer } from "./pending-deletion";
import { recordSignInAttempt, type SignInWay } from "./record-sign-in-attempt";

export const ACCOUNT_SUSPENDED = "Your account has been suspended. Please contact support.";
export const TWO_FACTOR_REQUIRED = "Two-factor verification is required for this account.";

/** Writes one try of this sign-in to the Auth Events log: whether it worked, and why not. */
export type LogTry = (success: boolean, errorMessage: string | null) => Promise<void>;

/**
 * One sign-in by e-mail address (with the password, or a code e-mailed to it): the account the address names, if
 * any, and how each try is logged (a `login_attempt` row for that account, with the address typed).
 */
export async function startSignInAttempt(
  db: Db,
  { way, email, meta }: { way: Extract<SignInWay, "sign_in" | "sign_in_code">; email: string; meta: RequestMeta },
) {
  const [account] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  const log: LogTry = (success, errorMessage) =>
    recordSignInAttempt(db, { way, success, userId: account?.id ?? null, errorMessage, metadata: { email }, meta });
  return { account, log };
}

/**
 * What Better Auth's first step answered: a session (signed in), or none because two-factor sign-in is on. Then
 * the page asks for the code next (/auth/two-factor) with the signed cookie Better Auth set; the JSON API has no
 * second step and refuses. Either way the attempt is logged.
 */
export async function signedInOrSecondStep(
  { headers, response }: { headers: Headers; response: object },
  log: LogTry,
): Promise<SignedIn | SecondStep> {
  const user = "user" in response ? (response.user as { id: string } | null | undefined) : null;
  if (!user) {
    await log(false, TWO_FACTOR_REQUIRED);
    return { kind: "second-step", headers };
  }
  await log(true, null);
  return { kind: "signed-in", userId: user.id, headers };
}

/**
 * Better Auth refused the session because the account's deletion is pending, after the password or the e-mailed
 * code was found right: the offer to keep it when the member asked for it themselves and its 30 days are not up;
 * otherwise (a staff deletion or suspension) the suspended refusal, about `details` (the form's field) if given.
 */
export async function offerToKeepOrRefuse(
  deps: { db: Db; clock: Clock; auth: Auth },
  { userId, log, details }: { userId: string | null; log: LogTry; details?: AppErrorDetails },
): Promise<PendingDeletion> {
  const offer = userId ? await pendingDeletionOffer(deps, userId) : null;
  if (offer) {
    await log(false, deletionPendingMessage(offer.deletesOn));
    return offer;
  }
  await log(false, ACCOUNT_SUSPENDED);
  throw new AppError("SUSPENDED", ACCOUNT_SUSPENDED, details);
}
