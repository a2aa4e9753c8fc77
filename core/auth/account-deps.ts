import type { Db } from "#db/client.ts";
import type { Clock } from "../shared/clock";
import type { Auth } from "./auth";
import type { RequestMeta } from "./auth-attempt";

/** What the account-security use cases need: the database, Better Auth and the clock (an AppContext has all three). */
export type AccountDeps = { db: Db; auth: Auth; clock: Clock };

/** The context recordAccountChange needs for its notice: who asked, when, and the site's address for the link. */
export function noticeContext(deps: AccountDeps, meta: RequestMeta) {
  return { meta, now: deps.clock.now(), appUrl: String(deps.auth.options.baseURL ?? "") };
}

/** Better Auth's error code, if the thrown thing is one of its refusals. */
export function betterAuthCode(error: unknown): string | undefined {
  return (error as { body?: { code?: string } } | null)?.body?.code;
}
