import type { Db } from "../../db/client";
import { recordSecurityEvent } from "../security/record-security-event";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";

/** Ends the session on the server (the row is deleted) and returns the headers that clear the cookie. */
export async function signOut(deps: { db: Db; auth: Auth }, meta: RequestMeta): Promise<Headers> {
  const session = await deps.auth.api.getSession({ headers: meta.headers });
  if (!session) return new Headers();
  const { headers } = await deps.auth.api.signOut({ headers: meta.headers, returnHeaders: true });
  await recordSecurityEvent(deps.db, {
    eventType: "logout",
    attemptedAction: "sign_out",
    success: true,
    userId: session.user.id,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return headers;
}
