import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { passkeys } from "#db/schema/auth.ts";
import { recordSignInAttempt } from "./record-sign-in-attempt";
import { AppError, type AppErrorCode } from "../shared/app-error";
import type { Clock } from "../shared/clock";
import { enforceAccountLimit } from "./account-limits";
import { ACCOUNT_SUSPENDED_CODE, type Auth } from "./auth";
import type { RequestMeta, SignedIn } from "./auth-attempt";
import { PASSKEY_CEREMONY_EXPIRED } from "./add-passkey";
import { parseCeremonyAnswer, userWasVerified } from "./passkey-response";
import { ACCOUNT_SUSPENDED } from "./sign-in-attempt";
import { isPendingDeletion, pendingDeletionOffer } from "./pending-deletion";

export const keepWithPasswordOrCode = (date: string) =>
  `Your account is set to be deleted on ${date}. To keep it, sign in with your password or a code by e-mail.`;

export const PASSKEY_SIGN_IN_FAILED = "We couldn't sign you in with that passkey. Please try again.";
export const PASSKEY_UNKNOWN =
  "That passkey isn't set up for a SwapShed account. Sign in with your password, then add it in My Account.";
export const PASSKEY_NOT_VERIFIED = "Your passkey didn't check it's you (PIN, fingerprint or face). Please try again.";

/**
 * The second half of signing in with a passkey. Better Auth's plugin checks the answer against the challenge in
 * its cookie, moves the passkey's counter on and creates the session (whose hook in auth.ts refuses a suspended or
 * deleted member). A passkey that checked the person (the UV flag) is two factors in one, so the authenticator-app
 * code is not asked for; one that did not is refused. Each try is a `login_attempt` security event.
 */
export async function signInWithPasskey(
  deps: { db: Db; clock: Clock; auth: Auth },
  { response }: { response: unknown },
  meta: RequestMeta,
): Promise<SignedIn> {
  await enforceAccountLimit(deps, { action: "passkey_sign_in", subject: meta.ip }, meta);
  const answer = parseCeremonyAnswer(response);
  const [owner] = answer
    ? await deps.db
        .select({ userId: passkeys.userId, id: passkeys.id })
        .from(passkeys)
        .where(eq(passkeys.credentialID, answer.id))
    : [];
  const log = (success: boolean, userId: string | null, errorMessage: string | null) =>
    recordSignInAttempt(deps.db, {
      way: "sign_in_passkey",
      success,
      userId,
      errorMessage,
      metadata: owner ? { passkeyId: owner.id } : {},
      meta,
    });
  const refuse = async (code: AppErrorCode, message: string): Promise<never> => {
    await log(false, owner?.userId ?? null, message);
    throw new AppError(code, message);
  };

  if (!answer) return refuse("VALIDATION", PASSKEY_SIGN_IN_FAILED);
  if (!owner) return refuse("UNAUTHENTICATED", PASSKEY_UNKNOWN);
  // The flag is checked before the signature; a forged flag fails the signature check that follows.
  if (!userWasVerified(answer)) return refuse("UNAUTHENTICATED", PASSKEY_NOT_VERIFIED);
  try {
    const { headers, response: result } = await deps.auth.api.verifyPasskeyAuthentication({
      body: { response: answer as unknown as AuthenticationResponseJSON },
      headers: meta.headers,
      returnHeaders: true,
    });
    await log(true, result.user.id, null);
    return { kind: "signed-in", userId: result.user.id, headers };
  } catch (error) {
    const code = (error as { body?: { code?: string; message?: string } })?.body;
    if (code?.code === ACCOUNT_SUSPENDED_CODE || code?.message === ACCOUNT_SUSPENDED_CODE)
      return refuse("SUSPENDED", ACCOUNT_SUSPENDED);
    if (isPendingDeletion(error)) {
      // Keeping the account is offered where the password or an e-mailed code is given (sign-in.ts, sign-in-with-code.ts).
      const offer = await pendingDeletionOffer(deps, owner.userId);
      return refuse("FORBIDDEN", offer ? keepWithPasswordOrCode(offer.deletesOn) : ACCOUNT_SUSPENDED);
    }
    if (code?.code === "CHALLENGE_NOT_FOUND") return refuse("VALIDATION", PASSKEY_CEREMONY_EXPIRED);
    if (code?.code === "PASSKEY_NOT_FOUND") return refuse("UNAUTHENTICATED", PASSKEY_UNKNOWN);
    if (code?.code === "AUTHENTICATION_FAILED") return refuse("UNAUTHENTICATED", PASSKEY_SIGN_IN_FAILED);
    throw error;
  }
}
